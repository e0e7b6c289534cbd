/**
 * Raw vs rendered comparison for the single-page analyzer (issue 3, /analyzer "when asked"):
 * the fetched HTML is loaded in Chromium (playwright-core); the document is served from the bytes
 * already fetched and every other request goes through the SSRF guard. The rendered DOM is
 * extracted like the raw HTML and compared with the crawler's compareRendered.
 */
import { chromium } from "playwright-core";
import { extractAuditPage } from "../audit/extract.ts";
import type { RenderDiff } from "../audit/model.ts";
import { compareRendered } from "../crawler/render.server.ts";
import { CHROMIUM_ARGS, chromiumPath } from "../lib/browser.server.ts";
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
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ userAgent: DEFAULT_USER_AGENT, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.route("**/*", async (route) => {
      const req = route.request();
      if (req.url() === url && req.resourceType() === "document") {
        return route.fulfill({ status: 200, body, contentType: contentType ?? "text/html" });
      }
      if (!/^https?:/.test(req.url()) || req.method() !== "GET") return route.abort();
      try {
        const res = await guardedFetch(req.url(), {
          allowPrivate: opts.allowPrivate,
          timeoutMs: RENDER_TIMEOUT_MS,
          maxBytes: SUBRESOURCE_MAX_BYTES,
        });
        const headers = { ...res.headers };
        delete headers["content-encoding"];
        delete headers["content-length"];
        return await route.fulfill({ status: res.statusCode, headers, body: res.body });
      } catch {
        return route.abort();
      }
    });
    await page.goto(url, { waitUntil: "networkidle", timeout: RENDER_TIMEOUT_MS }).catch(() => undefined);
    const html = await page.content();
    const raw = extractAuditPage(body, { url, headers: contentType ? { "content-type": contentType } : {} });
    const rendered = extractAuditPage(html, { url, headers: { "content-type": "text/html; charset=utf-8" } });
    return compareRendered(raw, rendered);
  } finally {
    await browser.close();
  }
}
