import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { LANGUAGES, localizePath } from "../../common/i18n/languages.ts";
import { SCREEN_ALIASES, screens } from "../../common/screens.ts";
import { launchBrowser } from "../helpers/browser.ts";

/** Every public screen with the shared layout and no path parameter, plus the main page. */
const PUBLIC_PATHS = [
  "/",
  ...screens.filter((s) => s.audience === "public" && s.layout === "site" && !s.path.includes(":")).map((s) => `/${s.path}`),
];
/** Alias screens (their path) and the path of their original (common/screens.ts SCREEN_ALIASES). */
const ALIASES: Record<string, string> = Object.fromEntries(
  screens.filter((s) => SCREEN_ALIASES[s.id]).map((s) => [`/${s.path}`, SCREEN_ALIASES[s.id]!]),
);
const NOINDEX = new Set(screens.filter((s) => s.noindex).map((s) => `/${s.path}`));

const bcp47 = (code: string) => LANGUAGES.find((l) => l.code === code)!.bcp47;

describe("issue 4 — every public route in English and German (real browser)", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(path: string): Promise<{ page: Page; status: number; errors: string[] }> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    const res = await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    return { page, status: res?.status() ?? 0, errors };
  }

  async function alternates(page: Page): Promise<Record<string, string>> {
    return page.$$eval('link[rel="alternate"][hreflang]', (els) =>
      Object.fromEntries(els.map((e) => [e.getAttribute("hreflang")!, e.getAttribute("href")!])),
    );
  }

  for (const lang of ["en", "de"]) {
    for (const rest of PUBLIC_PATHS) {
      const path = localizePath(lang, rest);
      it(`${path}: 200, <html lang="${bcp47(lang)}">, header and footer, canonical and reciprocal hreflang, no console errors, no axe violations`, async () => {
        const { page, status, errors } = await open(path);
        try {
          expect(status).toBe(200);
          expect(await page.getAttribute("html", "lang")).toBe(bcp47(lang));
          expect(await page.locator("header").count()).toBeGreaterThan(0);
          expect(await page.locator("footer").count()).toBeGreaterThan(0);
          expect(await page.locator("h1").count()).toBe(1);
          // Read at once: an indexable page has no robots meta, and a locator would wait for one.
          const robots = await page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? "");
          if (NOINDEX.has(rest)) {
            expect(robots).toContain("noindex");
          } else if (ALIASES[rest]) {
            // An alias screen (/price-ai) points its canonical at the original, without hreflang.
            expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(baseUrl + localizePath(lang, ALIASES[rest]));
            expect(await alternates(page)).toEqual({});
          } else if (lang !== "en" && robots.includes("noindex")) {
            // Issue 15 rule 3: this page's content is not written in German: a fallback to English.
            expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(baseUrl + rest);
            expect(await alternates(page)).toEqual({});
          } else {
            expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(baseUrl + path);
            const alts = await alternates(page);
            expect(alts["x-default"]).toBe(baseUrl + rest);
            expect(alts[bcp47(lang)]).toBe(baseUrl + path);
            for (const l of LANGUAGES) if (alts[l.bcp47]) expect(alts[l.bcp47]).toBe(baseUrl + localizePath(l.code, rest));
            // Reciprocity: the Ukrainian version (when indexable) lists this page as its German/English alternate.
            if (alts.uk) {
              const other = await context.request.get(baseUrl + localizePath("ua", rest));
              const html = (await other.text()).replace(/hrefLang=/g, "hreflang=");
              expect(html).toContain(`hreflang="${bcp47(lang)}" href="${baseUrl + path}"`);
            }
          }
          expect(errors).toEqual([]);
          if (lang === "en") {
            const axe = await new AxeBuilder({ page }).analyze();
            expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
          }
        } finally {
          await page.close();
        }
      });
    }
  }
});
