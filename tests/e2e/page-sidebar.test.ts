import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { TOOL_LINKS, toolHref } from "../../common/tools-nav.ts";
import { launchBrowser } from "../helpers/browser.ts";

/** Every link the screen must list for project `idp` (null: none chosen), without language prefix. */
const expected = (idp: number | null) => TOOL_LINKS.flatMap((l) => [toolHref(l, idp), ...(l.more ?? []).map((m) => m.path)]).sort();

describe("spec 2 page-sidebar, issue 12: /page-sidebar lists every tool of the sidebar with working links (English and German)", () => {
  const baseUrl = inject("baseUrl");
  const siteOrigin = inject("siteOrigin");
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    page = await context.newPage();
    page.on("console", (m) => m.type() === "error" && errors.push(`${page.url()}: ${m.text()}`));
    page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `path`, checks status and head, and answers the tool links of the page's main column. */
  async function toolLinks(path: string, title: string): Promise<string[]> {
    const res = await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe(title);
    expect(await page.locator("meta[name=robots]").getAttribute("content")).toMatch(/noindex/);
    // No horizontal overflow on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    return page.locator("main [data-tool] a").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  }

  /** Every link answers 200 for the same visitor (cookies of the browser context). */
  async function expectAllOpen(hrefs: string[]) {
    for (const href of hrefs) expect((await context.request.get(baseUrl + href)).status(), href).toBe(200);
  }

  it("a guest without projects: every tool, the add-a-project way, links that open (English)", async () => {
    const hrefs = await toolLinks("/page-sidebar", "SEO tools — Rankforge");
    expect([...hrefs].sort()).toEqual(expected(null));
    expect(await page.locator("main h2").allInnerTexts()).toHaveLength(3);
    expect(await page.locator("main [data-no-project]").count()).toBe(1);
    await expectAllOpen(hrefs);
  });

  it("the phone menu's last SEO tool, All SEO tools, opens /page-sidebar", async () => {
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "All SEO tools" }).click();
    await page.waitForURL(`${baseUrl}/page-sidebar`);
    await page.locator("main [data-tool]").first().waitFor();
    expect(await page.locator("main [data-tool]").count()).toBe(expected(null).length);
  });

  it("with a chosen project: every project link carries its id, in German under /de", async () => {
    const added = await context.request.post(`${baseUrl}/api/project/add_site_wow`, {
      data: { page: siteOrigin + "/" },
      headers: { Origin: baseUrl },
    });
    expect(added.status()).toBe(200);
    const idp = ((await added.json()) as { ids_project: number[] }).ids_project[0]!;
    const hrefs = await toolLinks(`/de/page-sidebar?idp=${idp}`, "SEO-Tools — Rankforge");
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect([...hrefs].sort()).toEqual(
      expected(idp)
        .map((h) => `/de${h}`)
        .sort(),
    );
    expect(await page.locator("main h1").innerText()).toBe("SEO-Tools");
    expect(await page.locator("main [data-no-project]").count()).toBe(0);
    await expectAllOpen(hrefs);
    expect(errors).toEqual([]);
  });
});

describe("issue 12 point 5: the tools side column, the same on every tool screen, collapsible by keyboard and remembered (1280 px)", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("each tool screen marks itself in the same navigation; Enter on the toggle hides it, the choice holds on the next screen, Enter shows it again", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const aside = page.getByRole("complementary", { name: "SEO tools" });
    const toggle = aside.locator("button[aria-controls=tools-nav]");
    const nav = aside.getByRole("navigation");
    const screens: [string, string][] = [
      ["/project", "Projects"],
      ["/reports", "Reports"],
      ["/best-pages", "Best pages"],
      ["/insights", "Insights"],
    ];
    let links: string[] | null = null;
    for (const [path, label] of screens) {
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      expect(await nav.locator("[aria-current=page]").innerText()).toBe(label);
      const here = await nav.getByRole("link").allInnerTexts();
      links ??= here;
      expect(here).toEqual(links);
    }

    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.isVisible()).toBe(false);
    await page.goto(`${baseUrl}/reports`, { waitUntil: "networkidle" });
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await nav.isVisible()).toBe(true);
    await page.close();
  });
});
