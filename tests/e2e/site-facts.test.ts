import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { auditCatalogue } from "../../server/audit/run.ts";

/** The page's visible text, collapsed. */
const textOf = async (page: Page) => (await page.locator("main").innerText()).replace(/\s+/g, " ");

describe("issue 16 points 5, 13, 16 and 17: one set of facts, honest copy, the sign-up form (real browser)", () => {
  const baseUrl = inject("baseUrl");
  const checks = auditCatalogue().length;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 390]) {
    it(`point 5 (${width} px): the check count and the AutoSEO price agree on the home page, /lp-website-checker and /autoseo`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
      const home = await textOf(page);
      expect(home).toContain(`run the ${checks} checks of our site audit`);
      expect(home).not.toMatch(/seventy|70\+|150 checks/i);
      const card = page.locator("#services-title + ul li").first();
      expect(await card.innerText()).toContain("From $74.25 a month");
      expect(await card.innerText()).toContain("billed $891 every 12 months");

      await page.goto(`${baseUrl}/lp-website-checker`, { waitUntil: "networkidle" });
      expect(await textOf(page)).toContain(`${checks} checks`);

      await page.goto(`${baseUrl}/autoseo`, { waitUntil: "networkidle" });
      const autoseo = await textOf(page);
      // The hero's summary (desktop) and the 12-month plan card quote the same figure from the table.
      if (width >= 1024) expect(autoseo).toContain("From $74.25 a month billed $891 every 12 months");
      expect(autoseo).toMatch(/12 months \$891 Regular price \$1,188 \$74\.25 per month/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.close();
    });

    it(`point 16 (${width} px): the home sample card is labelled as an example and each tool card is one link`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
      const sample = page.getByTestId("home-sample");
      if (width >= 1024) expect(await sample.locator("figcaption").innerText()).toMatch(/example report/i);
      else expect(await sample.isVisible()).toBe(false);
      const tools = page.locator("#tools-title + ul li");
      expect(await tools.count()).toBeGreaterThan(2);
      for (const li of await tools.all()) {
        const [box, link] = await Promise.all([li.boundingBox(), li.getByRole("link").boundingBox()]);
        expect(link!.width).toBeCloseTo(box!.width, 0);
        expect(link!.height).toBeCloseTo(box!.height, 0);
      }
      await tools.first().getByRole("paragraph").click();
      await page.waitForURL(`${baseUrl}/lp-website-checker`);
      await page.close();
    });

    it(`point 17 (${width} px): /cases says it holds independent audit studies; testimonials are linked only with a review`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${baseUrl}/cases`, { waitUntil: "networkidle" });
      expect(await page.locator("h1").innerText()).toBe("Audit studies");
      const text = await textOf(page);
      expect(text).toContain("not our clients");
      expect(text).not.toContain("how we grew organic search");
      const footer = page.getByRole("contentinfo");
      expect(await footer.getByRole("link", { name: "Audit studies" }).count()).toBe(1);
      await page.goto(`${baseUrl}/client-testimonials`, { waitUntil: "networkidle" });
      const empty = (await textOf(page)).includes("Be the first to review");
      expect(await footer.getByRole("link", { name: "Testimonials" }).count()).toBe(empty ? 0 : 1);
      await page.close();
    });

    it(`point 13 (${width} px): sign-up names the missing field, links the terms and privacy, and never pre-ticks marketing e-mail`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${baseUrl}/settings`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: /No account yet/ }).click();
      const form = page.getByRole("form", { name: "Create your account" });
      await form.getByRole("button", { name: "Sign up" }).click();
      const text = await form.innerText();
      expect(text).toContain("Please enter your name.");
      expect(text).toContain("Enter an e-mail address like name@example.com.");
      expect(await form.getByRole("checkbox").isChecked()).toBe(false);
      const terms = form.getByTestId("terms-line");
      expect(await terms.getByRole("link", { name: "Terms of service" }).getAttribute("href")).toBe("/terms-of-service");
      expect(await terms.getByRole("link", { name: "Privacy policy" }).getAttribute("href")).toBe("/privacy-policy");
      await page.close();
    });
  }
});
