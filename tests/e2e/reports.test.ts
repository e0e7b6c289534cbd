import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { TOUR_IMAGES } from "../../common/site/tour.ts";
import { launchBrowser } from "../helpers/browser.ts";

describe("issue 11 reports and the Dedicated SEO Dashboard in a real browser (jena test site)", () => {
  const baseUrl = inject("baseUrl");
  const siteOrigin = inject("siteOrigin");
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let idp = 0;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
    // A project of this guest with a finished audit.
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.fill("#start-domain", siteOrigin);
    await page.click("form[aria-label='Check my website'] button[type=submit]");
    await page.waitForURL(/\/project\?idp=\d+/, { timeout: 20_000 });
    idp = Number(new URL(page.url()).searchParams.get("idp"));
    const auditId = await page.evaluate(async (projectId) => {
      // The project's first whole-site audit started by itself (auto=1): cancel it, a 60-page audit is enough here.
      const { audits } = (await (await fetch("/api/audits/list")).json()) as { audits: { id: number; status: string }[] };
      for (const a of audits.filter((x) => !["done", "failed", "cancelled"].includes(x.status)))
        await fetch(`/api/audits/${a.id}/cancel`, { method: "POST" });
      const res = await fetch("/api/audits/start", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ projectId, settings: { maxPages: 60 } }),
      });
      return ((await res.json()) as { auditId: number }).auditId;
    }, idp);
    const status = () => page.evaluate(async (id) => (await fetch(`/api/audits/${id}/status`)).text(), auditId);
    const deadline = Date.now() + 150_000;
    for (let body = await status(); !body.includes('"status":"done"'); body = await status()) {
      // A crawl that ended otherwise will not become done: say how it ended at once.
      if (/"status":"(failed|cancelled)"/.test(body) || Date.now() > deadline) throw new Error(`audit ${auditId} did not finish: ${body}`);
      await page.waitForTimeout(1000);
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("spec 4: creating a report opens the download popup, progress rises to done, and the PDF downloads with the report's text", async () => {
    await page.goto(`${baseUrl}/reports/create?idp=${idp}`, { waitUntil: "networkidle" });
    await page.selectOption("select[name=type]", "wa");
    await page.check("input[name=format][value=pdf]");
    await page.click("form button[type=submit]");
    await page.waitForURL(/\/reports\/download\/\d+$/, { timeout: 20_000 });
    const popup = page.getByTestId("download-status");
    await popup.waitFor();
    const seen: number[] = [];
    const link = popup.getByRole("link", { name: /Download/ });
    for (let i = 0; i < 240 && !(await link.isVisible()); i++) {
      const bar = popup.locator("progress");
      if (await bar.isVisible()) seen.push(Number(await bar.getAttribute("value")));
      await page.waitForTimeout(250);
    }
    expect(seen.length === 0 || seen[0]! >= 1).toBe(true);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    const pdf = await readFile(path);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain("Website audit");
    expect(text).toContain(new URL(siteOrigin).hostname);
    expect(text).toContain("Site health");
    // Minimise keeps the popup with its header only; "Show downloads" brings the items back.
    await popup.getByRole("button", { name: "Minimise" }).click();
    expect(await popup.getByRole("button", { name: "Show downloads" }).getAttribute("aria-expanded")).toBe("false");
    expect(await link.isVisible()).toBe(false);
    await popup.getByRole("button", { name: "Show downloads" }).click();
    expect(await popup.getByRole("button", { name: "Minimise" }).getAttribute("aria-expanded")).toBe("true");
    await link.waitFor();
    // The list shows the report; closing the item hides it (close_report, st 3).
    expect(await page.getByTestId("reports-table").innerText()).toMatch(/Website audit[\s\S]*PDF/);
    await popup.getByRole("button", { name: "Close this item" }).click();
    await expect.poll(() => popup.isVisible(), { timeout: 20_000 }).toBe(false);
    expect(consoleErrors).toEqual([]);
  }, 180_000);

  it("issue 11 point 3: /reports/edit/{pid} shows the saved choices, saves a new format and queues a file in it", async () => {
    await page.goto(`${baseUrl}/reports`, { waitUntil: "networkidle" });
    const row = page.getByTestId("reports-table").locator("tbody tr").first();
    const pid = await row.getAttribute("data-report");
    await row.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(`${baseUrl}/reports/edit/${pid}`);
    expect(await page.inputValue("select[name=type]")).toBe("wa");
    expect(await page.isChecked("input[name=format][value=pdf]")).toBe(true);
    await page.check("input[name=format][value=csv]");
    await page.click("form button[type=submit]");
    await page.waitForURL(/\/reports\/download\/\d+$/, { timeout: 20_000 });
    const edited = page.getByTestId("reports-table").locator(`tr[data-report="${pid}"]`);
    expect(await edited.locator("td").nth(2).innerText()).toBe("CSV");
    expect(await page.getByTestId("reports-table").locator("tbody tr").count()).toBe(1);
    await page.goto(`${baseUrl}/reports/edit/${pid}`, { waitUntil: "networkidle" });
    expect(await page.isChecked("input[name=format][value=csv]")).toBe(true);
  });

  it("delete_report removes the item from the list", async () => {
    await page.goto(`${baseUrl}/reports`, { waitUntil: "networkidle" });
    page.once("dialog", (d) => void d.accept());
    await page.getByTestId("reports-table").getByRole("button", { name: "Delete" }).first().click();
    await expect.poll(() => page.getByTestId("reports-table").isVisible()).toBe(false);
  });

  it("the dashboard shows the audit charts; its share link works signed out and stops working when revoked", async () => {
    await page.goto(`${baseUrl}/dashboard/${idp}`, { waitUntil: "networkidle" });
    const dash = page.getByTestId("dashboard");
    await dash.waitFor();
    expect(await page.locator("header.site-header, footer").count()).toBe(0);
    expect(await dash.getByRole("img", { name: /Site health score \d+ of 100/ }).count()).toBe(1);
    await page.getByLabel(/Sites allowed to embed/).fill("https://client.example");
    await page.getByRole("button", { name: "Create a share link" }).click();
    const share = page.getByTestId("share-link");
    await share.waitFor();
    const url = `${baseUrl}${await share.getAttribute("href")}`;
    const guest = await browser.newContext();
    const res = await guest.request.get(url);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'self' https://client.example");
    expect(await res.text()).toContain("Site health");
    await page.getByRole("button", { name: "Revoke the link" }).click();
    await expect.poll(() => share.isVisible(), { timeout: 20_000 }).toBe(false);
    expect((await guest.request.get(url)).status()).toBe(404);
    await guest.close();
  }, 60_000);

  it("issue 11 point 8: the project screen draws the issues by severity and by category, each with its text alternative", async () => {
    await page.goto(`${baseUrl}/project?idp=${idp}`, { waitUntil: "networkidle" });
    const charts = page.getByTestId("project-issue-charts");
    await charts.waitFor();
    expect(await charts.getByRole("img", { name: /^Issues by severity: \d+ errors, \d+ warnings, \d+ notices\.$/ }).count()).toBe(1);
    expect(await charts.getByRole("img", { name: /^Issues by category across \d+ categories/ }).count()).toBe(1);
    // The health trend is drawn once two audits finished (the project's automatic first audit may still run).
    const trend = page.getByTestId("project-trend-chart");
    if ((await trend.count()) > 0)
      expect(await trend.getByRole("img", { name: /^Health score over the last \d+ audits: from \d+ to \d+\.$/ }).count()).toBe(1);
    // No rank or speed data in this project: no such card.
    expect(await page.getByTestId("project-rank-speed").count()).toBe(0);
  });

  it("issue 11 points 5 and 6: the white-label and delivery forms save, list and delete through their shared form and list parts", async () => {
    await page.goto(`${baseUrl}/reports/white-label/new`, { waitUntil: "networkidle" });
    await page.getByLabel("Company name").fill("Acme Agency");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.waitForURL(/\/reports\/white-label$/);
    const profile = page.locator("[data-white-label]", { hasText: "Acme Agency" });
    await profile.waitFor();
    await page.goto(`${baseUrl}/reports/delivery/new`, { waitUntil: "networkidle" });
    await page.getByLabel(/Recipients/).fill("not-an-address");
    await page.getByRole("button", { name: "Save delivery" }).click();
    await expect.poll(() => page.getByRole("alert").first().innerText()).toMatch(/^recipients/);
    await page.getByLabel(/Recipients/).fill("client@example.com");
    await page.selectOption("select[name=whiteLabelId]", { label: "Acme Agency" });
    await page.getByRole("button", { name: "Save delivery" }).click();
    await page.waitForURL(/\/reports\/delivery$/);
    const delivery = page.locator("[data-delivery]", { hasText: "client@example.com" });
    await delivery.waitFor();
    page.once("dialog", (d) => void d.accept());
    await delivery.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => delivery.count()).toBe(0);
    await page.goto(`${baseUrl}/reports/white-label`, { waitUntil: "networkidle" });
    page.once("dialog", (d) => void d.accept());
    await profile.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => profile.count()).toBe(0);
  }, 60_000);

  it("issue 11 point 7: /dsd-quick-tour and /dedicated-seo-dashboard show the dashboard screenshots, served as WebP", async () => {
    const tour = await (await fetch(`${baseUrl}/dsd-quick-tour`)).text();
    for (const src of TOUR_IMAGES) expect(tour).toContain(src);
    const dsd = await (await fetch(`${baseUrl}/dedicated-seo-dashboard`)).text();
    expect(dsd).toContain(TOUR_IMAGES[0]);
    for (const src of TOUR_IMAGES) {
      const res = await fetch(`${baseUrl}${src}`);
      expect([res.status, res.headers.get("content-type")]).toEqual([200, "image/webp"]);
    }
  });
});
