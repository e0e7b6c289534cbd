/**
 * The single-page analyzer: fetch through the SSRF guard, parse with htmlparser2, run the checks.
 * `analyzeHtml` runs the very same parse and checks on a body already in hand (no network).
 */
import { guardedFetch } from "../net/ssrf.server.ts";
import { runChecks, scoreIssues } from "./checks/index.ts";
import type { CheckContext } from "./checks/types.ts";
import { type ResponseMeta, buildContext } from "./page-facts.server.ts";
import type { AnalyzeOptions, AnalyzerReport } from "./types.ts";

export { checkCatalogue, scoreIssues, SEVERITY_PENALTY } from "./checks/index.ts";
export type { ResponseMeta } from "./page-facts.server.ts";

/** Defaults of {@link AnalyzeOptions}. */
export const ANALYZE_DEFAULTS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 } as const;

/** Progress reported through `onProgress`, in percent. */
export const PROGRESS = { started: 5, fetched: 40, parsed: 70, checked: 100 } as const;

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Runs the checks on a built context and assembles the report. */
function finish(ctx: CheckContext): AnalyzerReport {
  const { issues, checksRun } = runChecks(ctx);
  const t = ctx.timings;
  return {
    url: ctx.requestedUrl,
    finalUrl: ctx.url,
    statusCode: ctx.statusCode,
    redirects: ctx.redirects,
    timings: {
      dnsMs: t.dnsMs === null ? null : round(t.dnsMs),
      connectMs: t.connectMs === null ? null : round(t.connectMs),
      ttfbMs: round(t.ttfbMs),
      downloadMs: round(t.downloadMs),
      totalMs: round(t.totalMs),
    },
    headers: ctx.headers,
    page: ctx.page,
    issues,
    summary: {
      errors: issues.filter((i) => i.severity === "error").length,
      warnings: issues.filter((i) => i.severity === "warning").length,
      notices: issues.filter((i) => i.severity === "notice").length,
      checksRun,
      score: scoreIssues(issues),
    },
    analyzedAt: new Date().toISOString(),
    ...(ctx.truncated ? { truncated: true } : {}),
  };
}

/**
 * Analyses a body already fetched (or written by a test): same parsing and checks as
 * {@link analyzePage}, no network. `meta.url` is the page URL used to resolve links.
 * @throws TypeError when `meta.url` is not an absolute URL.
 */
export function analyzeHtml(body: string | Buffer, meta: ResponseMeta): AnalyzerReport {
  return finish(buildContext(body, meta));
}

/**
 * Fetches `url` through the SSRF guard and analyses it. Calls `opts.onProgress` with
 * {@link PROGRESS} values (started, fetched, parsed, checked).
 * @throws SsrfError (server/net/ssrf.server.ts) when the page cannot be fetched: blocked address,
 *   DNS failure, timeout, too many redirects, bad scheme or network error. HTTP error statuses
 *   do not throw: they are reported as issues.
 */
export async function analyzePage(url: string, opts: AnalyzeOptions = {}): Promise<AnalyzerReport> {
  await opts.onProgress?.(PROGRESS.started);
  const res = await guardedFetch(url, {
    allowPrivate: opts.allowPrivate === true,
    timeoutMs: opts.timeoutMs ?? ANALYZE_DEFAULTS.timeoutMs,
    maxBytes: opts.maxBytes ?? ANALYZE_DEFAULTS.maxBytes,
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
  });
  await opts.onProgress?.(PROGRESS.fetched);
  const ctx = buildContext(res.body, {
    url: res.finalUrl,
    requestedUrl: url,
    statusCode: res.statusCode,
    headers: res.headers,
    redirects: res.redirects,
    timings: res.timings,
    truncated: res.truncated,
  });
  await opts.onProgress?.(PROGRESS.parsed);
  const report = finish(ctx);
  await opts.onProgress?.(PROGRESS.checked);
  return report;
}
