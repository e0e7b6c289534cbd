/**
 * Optional JavaScript rendering (issue 3): the page is loaded in Chromium (playwright-core) and
 * the rendered DOM is compared with the raw HTML (title, canonical, description, robots, links,
 * words). The browser is guarded (server/lib/browser.server.ts): every request is answered by the
 * crawl's fetcher, so it goes through the SSRF guard too; WebSockets and anything else never connect.
 */
import type { Browser } from "playwright-core";
import type { ExtractedPage } from "../audit/extract.ts";
import { extractAuditPage } from "../audit/extract.ts";
import type { RenderDiff } from "../audit/model.ts";
import { guardContext, launchGuardedBrowser } from "../lib/browser.server.ts";
import type { CrawlFetcher } from "./fetcher.server.ts";

/** Renders pages of one crawl; close it when the worker stops. */
export interface PageRenderer {
  diff(url: string, rawBody: Buffer, raw: ExtractedPage): Promise<RenderDiff | null>;
  close(): Promise<void>;
}

/** Longest wait for a page to settle, in ms. */
const RENDER_TIMEOUT_MS = 15_000;

const changed = <T>(raw: T, rendered: T, same: (a: T, b: T) => boolean = (a, b) => a === b) =>
  same(raw, rendered) ? null : { raw, rendered };

/** Compares raw and rendered extraction results. */
export function compareRendered(raw: ExtractedPage, rendered: ExtractedPage): RenderDiff {
  const r = raw.facts;
  const d = rendered.facts;
  const rawLinks = new Set(raw.links.filter((l) => l.internal).map((l) => l.to));
  return {
    title: changed(r?.title ?? null, d?.title ?? null),
    canonical: changed(r?.canonical ?? null, d?.canonical ?? null),
    metaDescription: changed(r?.metaDescription ?? null, d?.metaDescription ?? null),
    linksOnlyRendered: [...new Set(rendered.links.filter((l) => l.internal && !rawLinks.has(l.to)).map((l) => l.to))],
    wordCount: { raw: r?.wordCount ?? 0, rendered: d?.wordCount ?? 0 },
    robots: changed(r?.robots ?? [], d?.robots ?? [], (a, b) => a.join(",") === b.join(",")),
  };
}

/** Starts Chromium for a crawl. `normalize`/`isInternal` are the crawl's, for comparable links. */
export async function createRenderer(
  fetcher: CrawlFetcher,
  opts: { normalize: (u: URL) => string; isInternal: (u: URL) => boolean },
): Promise<PageRenderer> {
  let browser: Browser | null = null;
  const launch = async () => (browser ??= await launchGuardedBrowser());
  return {
    async diff(url, rawBody, raw) {
      const b = await launch();
      const context = await b.newContext({ userAgent: fetcher.userAgent, serviceWorkers: "block" });
      try {
        await guardContext(context, {
          document: { url, body: rawBody, contentType: raw.contentType ?? null },
          fetch: async (u) => {
            const res = await fetcher.fetch(u);
            return res.kind === "error"
              ? null
              : { status: res.response.statusCode, headers: res.response.headers, body: res.response.body };
          },
        });
        const page = await context.newPage();
        await page.goto(url, { waitUntil: "networkidle", timeout: RENDER_TIMEOUT_MS }).catch(() => undefined);
        const html = await page.content();
        const rendered = extractAuditPage(html, { url, statusCode: 200, headers: { "content-type": "text/html; charset=utf-8" } }, opts);
        return compareRendered(raw, rendered);
      } catch {
        return null;
      } finally {
        await context.close().catch(() => undefined);
      }
    },
    async close() {
      const b = browser as Browser | null;
      browser = null;
      await b?.close();
    },
  };
}
