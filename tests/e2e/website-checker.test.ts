import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

describe("issue 3 /website-checker and /lp-website-checker in a real browser (jena test site)", () => {
  const baseUrl = inject("baseUrl");
  const siteOrigin = inject("siteOrigin");
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("starts a crawl from /website-checker, shows progress, then the issues by category and severity", async () => {
    await page.goto(`${baseUrl}/website-checker`, { waitUntil: "networkidle" });
    await page.fill("#wc-site", siteOrigin);
    await page.fill("#wc-max-pages", "40");
    await page.click("form[aria-label='Start the audit'] button[type=submit]");
    await page.waitForURL(/\/website-checker\?audit=\d+$/, { timeout: 20_000 });
    await page.getByTestId("audit-report").waitFor({ timeout: 120_000 });

    const score = Number(await page.getByTestId("health-score").innerText());
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(100);
    const report = await page.getByTestId("audit-report").innerText();
    // Every page of the loopback site is served over plain HTTP: that check must be listed.
    expect(report).toContain("Page is served over plain HTTP");
    expect(report).toContain("SECURITY");
  });

  it("the report, an issue and a page fit a 360 px phone screen", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await fits();
    const reportUrl = page.url();
    await page.goto(`${reportUrl}&check=links-broken-internal`, { waitUntil: "networkidle" });
    await fits();
    await page.goto(`${reportUrl}&page=${encodeURIComponent(`${siteOrigin}/`)}`, { waitUntil: "networkidle" });
    await fits();
    await page.goto(reportUrl, { waitUntil: "networkidle" });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("drills into a check's affected URLs and into a page's detail", async () => {
    await page.getByRole("link", { name: /Page is served over plain HTTP/ }).click();
    await page.getByTestId("issue-detail").waitFor();
    const firstUrl = page.getByTestId("issue-detail").locator("ul li a").first();
    expect(await firstUrl.innerText()).toContain(siteOrigin);
    await firstUrl.click();
    await page.getByTestId("page-detail").waitFor();
    expect(await page.getByTestId("page-status").innerText()).toMatch(/^\d{3}$/);
  });

  it("the export links answer CSV", async () => {
    await page.goBack();
    await page.goBack();
    await page.getByTestId("audit-report").waitFor();
    const href = await page.getByTestId("exports").locator("a").first().getAttribute("href");
    const res = await page.request.get(baseUrl + href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/csv");
  });

  it("lists the crawled pages, filterable by status", async () => {
    await page.getByRole("link", { name: "Pages", exact: true }).click();
    await page.getByTestId("pages-table").waitFor();
    expect(await page.getByTestId("pages-table").locator("tbody tr").count()).toBeGreaterThan(0);
    await page.selectOption("select[name=status]", "2xx");
    await page.click("form[aria-label='Filter'] button[type=submit]");
    await page.waitForURL(/status=2xx/);
    const statuses = () => page.getByTestId("pages-table").locator("tbody tr td:nth-child(2)").allInnerTexts();
    await expect.poll(async () => (await statuses()).every((s) => /^2\d\d$/.test(s))).toBe(true);
    expect((await statuses()).length).toBeGreaterThan(0);
  });

  it("a second audit of the same site shows the change since the first", async () => {
    await page.goto(`${baseUrl}/website-checker`, { waitUntil: "networkidle" });
    await page.fill("#wc-site", siteOrigin);
    await page.fill("#wc-max-pages", "20");
    await page.click("form[aria-label='Start the audit'] button[type=submit]");
    await page.getByTestId("audit-report").waitFor({ timeout: 120_000 });
    // 20 pages instead of 40: occurrences on the 20 pages not crawled again count as fixed.
    expect(await page.getByTestId("comparison").innerText()).toMatch(/\d+ new · [1-9]\d* fixed/);
    expect(await page.getByTestId("changes").locator("li").count()).toBeGreaterThan(0);
  });

  it("the landing page sells the tool, its form starts a audit, and a running crawl can be stopped", async () => {
    await page.goto(`${baseUrl}/lp-website-checker`, { waitUntil: "networkidle" });
    expect(await page.locator("h1").innerText()).toContain("technical SEO problem");
    await page.fill("#lp-site", siteOrigin);
    await page.click("form[aria-label='Check my website'] button[type=submit]");
    await page.waitForURL(/\/website-checker\?audit=\d+$/, { timeout: 20_000 });
    // The whole site (about 470 URLs) takes seconds: the progress card is up, and the crawl can be stopped.
    await page.getByTestId("audit-progress").waitFor();
    await page.getByRole("button", { name: "Stop the audit" }).click();
    await page.getByText("The audit was stopped before it finished.").waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it("the project screen shows the site audit card and saves a weekly re-crawl schedule", async () => {
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.fill("#start-domain", siteOrigin);
    await page.click("form[aria-label='Check your website'] button[type=submit]");
    await page.waitForURL(/\/project\?idp=\d+/, { timeout: 20_000 });
    await page.getByTestId("project-audit").waitFor();
    await page.selectOption("select[name=frequency]", "weekly");
    await page.click("form[aria-label='Repeat the audit automatically'] button[type=submit]");
    await page.getByRole("status").waitFor();
    await page.reload();
    expect(await page.locator("select[name=frequency]").inputValue()).toBe("weekly");
  });
});
