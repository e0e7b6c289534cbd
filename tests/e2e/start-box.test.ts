import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { testSitePath } from "../helpers/static-site.ts";

/** Title and canonical of a page of the test site, read from the file on disk. */
function factsOnDisk(rel: string) {
  const html = readFileSync(path.join(testSitePath(), rel), "utf8");
  return {
    title: /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? null,
    canonical: /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/i.exec(html)?.[1] ?? null,
  };
}

describe("spec 5 domain start box → spec 7 calls → project screen (real browser)", () => {
  const baseUrl = inject("baseUrl");
  const siteOrigin = inject("siteOrigin");
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openHome(pathname = "/") {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
    await page.goto(baseUrl + pathname, { waitUntil: "networkidle" });
  }

  async function auditFromStartBox(address: string) {
    await openHome();
    await page.fill("#start-domain", address);
    await page.click("form[aria-label='Check my website'] button[type=submit]");
    // auto=1 starts the whole-site audit once, then the plain project URL opens (issue 8.7).
    await page.waitForURL(/\/project\?idp=\d+$/, { timeout: 20_000 });
    await page.getByTestId("analysis-report").waitFor({ timeout: 30_000 });
  }

  it("audits the test site's home page: real title and canonical", async () => {
    const disk = factsOnDisk("index.html");
    await auditFromStartBox(siteOrigin);
    expect(await page.getByTestId("fact-title").innerText()).toContain(disk.title!);
    const canonical = await page.getByTestId("fact-canonical").innerText();
    expect(canonical).toBe(disk.canonical ?? "none");
    expect(await page.getByTestId("fact-status").innerText()).toBe("200");
    await page.close();
  });

  it("audits an inner page with a canonical URL", async () => {
    const disk = factsOnDisk("documentation/serving_data/index.html");
    expect(disk.canonical).not.toBeNull();
    await auditFromStartBox(`${siteOrigin}/documentation/serving_data/`);
    expect(await page.getByTestId("fact-title").innerText()).toContain(disk.title!);
    expect(await page.getByTestId("fact-canonical").innerText()).toBe(disk.canonical);
    expect(await page.locator("[data-testid=analysis-report] li").count()).toBeGreaterThan(0);
    await page.close();
  });

  it("shows 'Enter your domain' when empty and 'Enter your valid domain' when invalid", async () => {
    await openHome();
    const button = page.locator("form[aria-label='Check my website'] button[type=submit]");
    await button.click();
    await expect.poll(() => page.locator("#start-domain-error").innerText()).toBe("Enter your domain");
    await page.fill("#start-domain", "http://192.168.0.10/");
    await button.click();
    await expect.poll(() => page.locator("#start-domain-error").innerText()).toBe("Enter your valid domain");
    await page.fill("#start-domain", "nodot");
    await button.click();
    await expect.poll(() => page.locator("#start-domain-error").innerText()).toBe("Enter your valid domain");
    expect(page.url()).toBe(baseUrl + "/");
    await page.close();
  });

  it("a language-prefixed route renders with that language's <html lang>", async () => {
    await openHome("/ua/autoseo");
    expect(await page.getAttribute("html", "lang")).toBe("uk");
    await page.goto(baseUrl + "/de", { waitUntil: "networkidle" });
    expect(await page.getAttribute("html", "lang")).toBe("de");
    expect(await page.evaluate(() => (window as unknown as { __RF_ENV__: { lang: string } }).__RF_ENV__.lang)).toBe("de");
    await page.close();
  });

  it("hydrates without console errors", () => {
    expect(consoleErrors).toEqual([]);
  });
});
