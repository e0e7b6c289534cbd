/**
 * The site health score (issue 3), 0-100. Documented in docs/checks.md.
 *
 * Every crawled internal URL that was requested (not blocked by robots.txt) gets a page health
 *   h = max(0, 1 - 0.4·E - 0.1·W - 0.02·N)
 * where E, W, N are the numbers of distinct error, warning and notice checks reported on that URL.
 * The site score is 100 × the mean page health, minus 5 per distinct error check and 2 per
 * distinct warning check reported only on URLs that are not crawled pages (robots.txt, sitemap
 * files, resources), rounded and clamped to 0-100. No crawled page gives 0.
 */
import type { AuditPage, Severity, SiteIssue } from "./model.ts";

/** Page health lost per distinct check on a page, by severity. */
export const PAGE_PENALTY: Record<Severity, number> = { error: 0.4, warning: 0.1, notice: 0.02 };
/** Score points lost per distinct check reported only outside the crawled pages. */
export const SITE_PENALTY: Record<Severity, number> = { error: 5, warning: 2, notice: 0 };

/** Computes the health score of an audit from its pages and issues. */
export function healthScore(pages: readonly AuditPage[], issues: readonly SiteIssue[]): number {
  const scored = pages.filter((p) => !p.robotsBlocked);
  if (scored.length === 0) return 0;
  const urls = new Set(scored.map((p) => p.url));
  const penalty = new Map<string, number>();
  let sitePenalty = 0;
  for (const issue of issues) {
    let outside = false;
    const seen = new Set<string>();
    for (const o of issue.occurrences) {
      if (!urls.has(o.url)) {
        outside = true;
        continue;
      }
      if (seen.has(o.url)) continue;
      seen.add(o.url);
      penalty.set(o.url, (penalty.get(o.url) ?? 0) + PAGE_PENALTY[issue.severity]);
    }
    if (outside && seen.size === 0) sitePenalty += SITE_PENALTY[issue.severity];
  }
  let sum = 0;
  for (const url of urls) sum += Math.max(0, 1 - (penalty.get(url) ?? 0));
  return Math.min(100, Math.max(0, Math.round((100 * sum) / urls.size - sitePenalty)));
}
