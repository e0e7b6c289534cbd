import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
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
    await page.click("form[aria-label='Check your website'] button[type=submit]");
    await page.waitForURL(/\/project\?idp=\d+/, { timeout: 20_000 });
    idp = Number(new URL(page.url()).searchParams.get("idp"));
    const auditId = await page.evaluate(async (projectId) => {
      const res = await fetch("/api/audits/start", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ projectId, settings: { maxPages: 60 } }),
      });
      return ((await res.json()) as { auditId: number }).auditId;
    }, idp);
    const status = () =>
      page.evaluate(async (id) => ((await (await fetch(`/api/audits/${id}/status`)).json()) as { status: string }).status, auditId);
    const deadline = Date.now() + 150_000;
    while ((await status()) !== "done") {
      if (Date.now() > deadline) throw new Error(`audit ${auditId} did not finish`);
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
    // The list shows the report; closing the item hides it (close_report, st 3).
    expect(await page.getByTestId("reports-table").innerText()).toMatch(/Website audit[\s\S]*PDF/);
    await popup.getByRole("button", { name: "Close this item" }).click();
    await expect.poll(() => popup.isVisible()).toBe(false);
    expect(consoleErrors).toEqual([]);
  }, 180_000);

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
    await expect.poll(() => share.isVisible()).toBe(false);
    expect((await guest.request.get(url)).status()).toBe(404);
    await guest.close();
  }, 60_000);
});
