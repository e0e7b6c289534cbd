/**
 * Raw vs rendered comparison for the single-page analyzer (issue 3, /analyzer "when asked"):
 * the fetched HTML is loaded in Chromium (playwright-core); the document is served from the bytes
 * already fetched and every other request goes through the SSRF guard (one guarded browser,
 * server/lib/browser.server.ts: WebSockets and anything unseen never connect). The rendered DOM is
 * extracted like the raw HTML and compared with the crawler's compareRendered.
 */
import { extractAuditPage } from "../audit/extract.ts";
import type { RenderDiff } from "../audit/model.ts";
import { compareRendered } from "../crawler/render.server.ts";
import { guardContext, launchGuardedBrowser } from "../lib/browser.server.ts";
import { DEFAULT_USER_AGENT, guardedFetch } from "../net/ssrf.server.ts";

/** Longest wait for the page to settle, in ms. */
export const RENDER_TIMEOUT_MS = 10_000;
/** Largest sub-resource body the renderer fetches, in bytes. */
const SUBRESOURCE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Renders `url` (whose raw response is `body` with `contentType`) and returns the differences.
 * @throws Error when Chromium cannot start.
 */
export async function renderDiff(
  url: string,
  body: Buffer,
  contentType: string | null,
  opts: { allowPrivate: boolean },
): Promise<RenderDiff> {
  const browser = await launchGuardedBrowser();
  try {
    const context = await browser.newContext({ userAgent: DEFAULT_USER_AGENT, serviceWorkers: "block" });
    await guardContext(context, {
      document: { url, body, contentType },
      fetch: async (u) => {
        const res = await guardedFetch(u, {
          allowPrivate: opts.allowPrivate,
          timeoutMs: RENDER_TIMEOUT_MS,
          maxBytes: SUBRESOURCE_MAX_BYTES,
        });
        return { status: res.statusCode, headers: res.headers, body: res.body };
      },
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "networkidle", timeout: RENDER_TIMEOUT_MS }).catch(() => undefined);
    const html = await page.content();
    const raw = extractAuditPage(body, { url, headers: contentType ? { "content-type": contentType } : {} });
    const rendered = extractAuditPage(html, { url, headers: { "content-type": "text/html; charset=utf-8" } });
    return compareRendered(raw, rendered);
  } finally {
    await browser.close();
  }
}
