import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

describe("issue 12 screens end to end on an audited project (served jena site): no console errors, plurals, site speed settings", () => {
  const baseUrl = inject("baseUrl");
  const siteOrigin = inject("siteOrigin");
  let browser: Browser;
  let page: Page;
  let idp = 0;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
    await page.goto(baseUrl + "/", { waitUntil: "networkidle" });
    await page.fill("#start-domain", siteOrigin.replace("http://", ""));
    await page.click("form[aria-label='Check my website'] button[type=submit]");
    await page.waitForURL(/\/project\?idp=\d+$/, { timeout: 30_000 });
    idp = Number(new URL(page.url()).searchParams.get("idp"));
    await page.getByTestId("project-health").waitFor({ timeout: 240_000 });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("/insights hydrates without console errors (the duplicate-key finding), each page listed once, counts in ICU plural", async () => {
    errors.length = 0;
    await page.goto(`${baseUrl}/insights?idp=${idp}`, { waitUntil: "networkidle" });
    // Hydrated: the client took over (a form button works without a reload).
    await page.waitForFunction(() => document.querySelector("#app21")?.hasChildNodes());
    await page.waitForTimeout(500);
    expect(errors).toEqual([]);
    const items = page.locator("[data-insight]");
    expect(await items.count()).toBeGreaterThan(0);
    for (const item of await items.all()) {
      const text = await item.innerText();
      expect(text).not.toMatch(/\b1 pages\b/);
      const pages = await item.locator("li").allInnerTexts();
      expect(new Set(pages).size, text).toBe(pages.length);
      // Issue 16.9: an audit error is titled by its check's title; the raw id is only in the copy button.
      const key = (await item.getAttribute("data-insight"))!;
      if (key.startsWith("audit-error:")) {
        const check = key.slice("audit-error:".length);
        expect(await item.locator("h3").evaluate((h) => h.firstChild?.textContent ?? "")).not.toContain(check);
        expect(await item.getByRole("button", { name: "Copy check id" }).getAttribute("title")).toBe(check);
      }
    }
  });

  it("/page-speed of the project: budget and schedule saved and shown again, the mobile/desktop table, no console errors", async () => {
    errors.length = 0;
    await page.goto(`${baseUrl}/page-speed?idp=${idp}`, { waitUntil: "networkidle" });
    await page.fill("input[name=lcpMs]", "2500");
    await page.fill("input[name=cls]", "0.1");
    await page.click("button:has-text('Save the budget')");
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    await page.selectOption("select[name=frequency]", "weekly");
    // The budget's "Saved." is still shown: wait for the schedule's own answer before reloading.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/page-speed")),
      page.click("button:has-text('Save the schedule')"),
    ]);
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    await page.goto(`${baseUrl}/page-speed?idp=${idp}`, { waitUntil: "networkidle" });
    expect(await page.inputValue("input[name=lcpMs]")).toBe("2500");
    expect(await page.inputValue("input[name=cls]")).toBe("0.1");
    expect(await page.inputValue("select[name=frequency]")).toBe("weekly");
    expect(await page.locator("#site-speed").innerText()).toBe("Site speed by template");
    expect(errors).toEqual([]);
  });

  it("/best-pages of the project has no console errors", async () => {
    errors.length = 0;
    await page.goto(`${baseUrl}/best-pages?idp=${idp}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    expect(errors).toEqual([]);
  });
});
