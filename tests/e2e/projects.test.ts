import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

describe("issue 8.7 end to end: start box → project → audit running by itself → finished report (served jena site)", () => {
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

  it("a plain-http site typed without a scheme, port kept: the audit starts once by itself, shows progress, then its report", async () => {
    const typed = siteOrigin.replace("http://", "");
    await page.goto(baseUrl + "/", { waitUntil: "networkidle" });
    await page.fill("#start-domain", typed);
    await page.click("form[aria-label='Check my website'] button[type=submit]");
    await page.waitForURL(/\/project\?idp=\d+$/, { timeout: 30_000 });
    const idp = Number(new URL(page.url()).searchParams.get("idp"));
    await expect.poll(() => page.locator("main h1").first().innerText(), { timeout: 20_000 }).toBe(typed);
    // Live progress (or, on a fast machine, already the result) without any click.
    await page.locator("[data-testid=audit-progress], [data-testid=project-health]").first().waitFor({ timeout: 30_000 });
    await page.getByTestId("project-health").waitFor({ timeout: 240_000 });
    const health = Number(await page.getByTestId("project-health").innerText());
    expect(health).toBeGreaterThan(0);
    expect(health).toBeLessThanOrEqual(100);
    // Issue 16.9: the score says its scale and links to how it is computed, on this screen.
    expect(await page.getByTestId("project-health").locator("xpath=..").innerText()).toBe(`${health}/100`);
    await page.getByRole("link", { name: "How the site health score is computed" }).click();
    await page.waitForURL(/#score-help-health$/);
    const explained = page.locator("#score-help-health + p");
    expect(await page.locator("#score-help-health").innerText()).toBe("Site health /100");
    expect(await explained.innerText()).toMatch(/\d/);
    expect(await explained.isVisible()).toBe(true);

    // The report of that audit.
    await page.getByRole("link", { name: /Open the full report/ }).click();
    await page.waitForURL(/\/website-checker\?audit=\d+/, { timeout: 20_000 });
    await expect.poll(() => page.locator("main h1").first().innerText(), { timeout: 20_000 }).toContain(typed);

    // The projects list: the same figures, one row for the site; adding it again opens the same project.
    await page.goto(`${baseUrl}/project`, { waitUntil: "networkidle" });
    const row = page.locator(`[data-testid=project-row][data-idp="${idp}"]`);
    expect(await row.getByTestId("row-health").innerText()).toContain(String(health));
    expect(Number(await row.getByTestId("row-pages").innerText())).toBeGreaterThan(100);
    await page.goto(baseUrl + "/", { waitUntil: "networkidle" });
    await page.fill("#start-domain", `${siteOrigin}/`);
    await page.click("form[aria-label='Check my website'] button[type=submit]");
    await page.waitForURL(/\/project\?idp=\d+$/, { timeout: 30_000 });
    expect(Number(new URL(page.url()).searchParams.get("idp"))).toBe(idp);
    await page.goto(`${baseUrl}/project`, { waitUntil: "networkidle" });
    expect(await page.locator("[data-testid=project-row]").count()).toBe(1);
    // Only one audit was started for the project (auto=1 ran once).
    const list = (await (await page.request.get(`${baseUrl}/api/audits/list`)).json()) as { audits: { projectId?: number | null }[] };
    expect(list.audits.length).toBe(1);
  }, 300_000);

  it("/project/group, /sproject/group, /addproject and /start are real screens", async () => {
    for (const [path, heading] of [
      ["/project/group", "Project groups"],
      ["/sproject/group", "Project groups"],
      ["/addproject", "Add a project"],
      ["/start", "Get started"],
    ] as const) {
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      expect(await page.locator("main h1").innerText(), path).toBe(heading);
    }
    await page.goto(`${baseUrl}/project/group`, { waitUntil: "networkidle" });
    await page.fill("input[name=name]", "Clients");
    await page.click("button:has-text('Create the group')");
    await page.getByTestId("group-row").first().waitFor();
    expect(await page.getByTestId("group-row").first().innerText()).toContain("Clients");
  });
});
