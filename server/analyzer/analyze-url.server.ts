/**
 * The /analyzer service (spec 2, issue 3): every page-level check on one URL, plus, when asked,
 * the differences between the raw HTML and the page rendered by Chromium.
 */
import type { RenderDiff } from "../audit/model.ts";
import { AppError, errorText } from "../errors.server.ts";
import { SsrfError, guardedFetch } from "../net/ssrf.server.ts";
import { ANALYZE_DEFAULTS, analyzeHtml } from "./analyze.server.ts";
import { renderDiff } from "./render.server.ts";
import type { AnalyzerReport } from "./types.ts";

/** Result of {@link analyzeUrl}: the report, and the render comparison when `render` was asked (null if rendering failed). */
export interface AnalyzeUrlResult {
  report: AnalyzerReport;
  render: RenderDiff | null;
  /** Rendering was asked for. */
  rendered: boolean;
}

/**
 * Fetches `url` through the SSRF guard, runs every page-level check and optionally renders it.
 * @throws AppError "unreachable" (502) when the page cannot be fetched (blocked, DNS, timeout…).
 */
export async function analyzeUrl(url: string, opts: { render: boolean; allowPrivate: boolean }): Promise<AnalyzeUrlResult> {
  let res;
  try {
    res = await guardedFetch(url, {
      allowPrivate: opts.allowPrivate,
      timeoutMs: ANALYZE_DEFAULTS.timeoutMs,
      maxBytes: ANALYZE_DEFAULTS.maxBytes,
    });
  } catch (err) {
    if (err instanceof SsrfError) throw new AppError("unreachable", errorText(58167, { url, reason: err.message }), "url");
    throw err;
  }
  const report = analyzeHtml(res.body, {
    url: res.finalUrl,
    requestedUrl: url,
    statusCode: res.statusCode,
    headers: res.headers,
    redirects: res.redirects,
    timings: res.timings,
    truncated: res.truncated,
  });
  if (!opts.render || !report.page.contentType?.includes("html")) return { report, render: null, rendered: opts.render };
  const render = await renderDiff(res.finalUrl, res.body, res.headers["content-type"] ?? null, { allowPrivate: opts.allowPrivate }).catch(
    () => null,
  );
  return { report, render, rendered: true };
}
