import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { testSitePath } from "../helpers/static-site.ts";

describe("issue 3 /analyzer in a real browser (jena test site)", () => {
  const baseUrl = inject("baseUrl");
  const siteOrigin = inject("siteOrigin");
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("analyses one page, compares raw and rendered HTML, and keeps the result linkable", async () => {
    const title = /<title>([^<]*)<\/title>/i.exec(readFileSync(path.join(testSitePath(), "documentation.html"), "utf8"))![1]!.trim();
    await page.goto(`${baseUrl}/analyzer`, { waitUntil: "networkidle" });
    await page.fill("#analyzer-url", `${siteOrigin}/documentation.html`);
    await page.check("input[name=render]");
    await page.click("form[aria-label='Page analyzer'] button[type=submit]");
    await page.getByTestId("analysis-report").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("fact-title").innerText()).toContain(title);
    await page.getByTestId("render-diff").waitFor();
    expect(page.url()).toContain("render=1");
    expect(page.url()).toContain(encodeURIComponent(`${siteOrigin}/documentation.html`));
  });

  it("fits a 360 px phone screen without sideways scrolling (long URLs in messages wrap)", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${baseUrl}/analyzer?url=${encodeURIComponent(`${siteOrigin}/documentation/inference/index.html`)}`, {
      waitUntil: "networkidle",
    });
    await page.getByTestId("analysis-report").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("explains an invalid address", async () => {
    await page.goto(`${baseUrl}/analyzer?url=${encodeURIComponent("not a domain")}`, { waitUntil: "networkidle" });
    expect(await page.locator("#analyzer-error").innerText()).toBe("Enter your valid domain");
  });

  it("/website-checker explains an invalid site instead of starting a crawl", async () => {
    await page.goto(`${baseUrl}/website-checker`, { waitUntil: "networkidle" });
    await page.fill("#wc-site", "not a domain");
    await page.click("form[aria-label='Start the audit'] button[type=submit]");
    await expect.poll(() => page.locator("#wc-error").innerText()).toBe("Enter your valid domain");
    expect(page.url()).not.toContain("audit=");
  });
});
