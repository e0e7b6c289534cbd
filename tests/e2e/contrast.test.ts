import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { screens } from "../../common/screens.ts";
import { launchBrowser } from "../helpers/browser.ts";

/** Every tool screen without a path parameter (common/screens.ts `tool`). */
const TOOL_PATHS = screens.filter((s) => s.tool && !s.path.includes(":")).map((s) => `/${s.path}`);

/** axe's colour-contrast findings (WCAG 2 AA: 4.5:1 for text, 3:1 for large text) as readable lines. */
async function contrast(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withRules(["color-contrast"]);
  if (include) builder.include(include);
  const r = await builder.analyze();
  return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.any[0]?.message ?? v.id}`));
}

describe("issue 16 point 14: every text ≥ 4.5:1, in error and hover states and on every tool screen (axe, real browser)", () => {
  const baseUrl = inject("baseUrl");
  const siteOrigin = inject("siteOrigin");
  let browser: Browser;
  let signedIn: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    signedIn = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signedIn.newPage();
    const email = `contrast-${Date.now()}@example.com`;
    const res = await page.request.post(`${baseUrl}/api/auth/sign-up/email`, {
      data: { email, password: "contrast-secret", name: "Cora Contrast" },
      headers: { origin: baseUrl },
    });
    expect(res.status()).toBe(200);
    for (let attempt = 0; attempt < 40; attempt++) {
      await page.goto(`${baseUrl}/dev/outbox`, { waitUntil: "domcontentloaded" });
      const card = page.locator(`[data-testid=outbox-email][data-to="${email}"][data-template="verify-email"]`).first();
      const hrefs = (await card.count())
        ? await card.locator("ul a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))
        : [];
      const link = hrefs.find((h) => h.includes("/api/auth/verify-email?token="));
      if (link) {
        await page.goto(link, { waitUntil: "networkidle" });
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await page.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 390]) {
    it(`${width} px: the start box's error on the navy hero and the sign-up form's errors`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Check my website" }).first().click();
      await page.locator("#start-domain-error span").waitFor();
      expect(await contrast(page, "#start-domain-error")).toEqual([]);
      await page.goto(`${baseUrl}/settings`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: /No account yet/ }).click();
      const form = page.getByRole("form", { name: "Create your account" });
      await form.getByRole("button", { name: "Sign up" }).click();
      await form.getByText("Please enter your name.").waitFor();
      expect(await contrast(page)).toEqual([]);
      await context.close();
    });
  }

  it("1280 px: buttons and links keep their contrast while hovered", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const targets: [string, string][] = [
      ["/", "main .btn-primary"],
      ["/", "#tools-title + ul a"],
      ["/", "#services-title + ul a"],
      ["/autoseo", "main .btn-secondary"],
      ["/autoseo", "footer a"],
    ];
    for (const [path, selector] of targets) {
      if (new URL(page.url()).pathname !== path) await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      const target = page.locator(selector).first();
      await target.scrollIntoViewIfNeeded();
      await target.hover();
      await page.waitForTimeout(200); // transitions
      const found = await contrast(page, "main, footer");
      expect(found, `${path} ${selector} hovered`).toEqual([]);
    }
    await context.close();
  });

  it("1280 px: the audit report with data: overview, pages table, an issue and a page's detail", async () => {
    const page = await signedIn.newPage();
    await page.goto(`${baseUrl}/website-checker`, { waitUntil: "networkidle" });
    await page.fill("#wc-site", siteOrigin);
    await page.fill("#wc-max-pages", "12");
    await page.click("form[aria-label='Start the audit'] button[type=submit]");
    await page.getByTestId("audit-report").waitFor({ timeout: 120_000 });
    const report = page.url();
    for (const suffix of ["", "&view=pages", "&check=http-not-https", `&page=${encodeURIComponent(`${siteOrigin}/`)}`]) {
      await page.goto(report + suffix, { waitUntil: "networkidle" });
      expect(await contrast(page), suffix || "overview").toEqual([]);
    }
    await page.close();
  });

  for (const path of TOOL_PATHS) {
    it(`tool screen ${path} (signed in): no contrast violations`, async () => {
      const page = await signedIn.newPage();
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      expect(await contrast(page)).toEqual([]);
      await page.close();
    });
  }
});
