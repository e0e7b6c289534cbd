/**
 * Comparison of two audits of the same project (issue 3): which issue occurrences are new, fixed or
 * persisting, per check and in total, and how the health score moved. An occurrence is identified
 * by its check id and URL. Pure.
 */
import type { Severity } from "./model.ts";

/** The issues of one audit and its score; `title` is the check's title in the reader's language. */
export interface CrawlIssues {
  healthScore: number;
  issues: readonly { check: string; severity: Severity; title: string; occurrences: readonly { url: string }[] }[];
}

/** One check's change between the audits. URLs are listed in the current (or, for fixed, previous) order. */
export interface CheckDelta {
  check: string;
  severity: Severity;
  title: string;
  newUrls: string[];
  fixedUrls: string[];
  persisting: number;
}

/**
 * The URLs each audit reached (fetched or found blocked). When they differ (a page limit cut the
 * two crawls differently, or the site changed), occurrences on a URL only one audit reached are
 * left out of the comparison: such a URL is neither new nor fixed (issue 16.2).
 */
export interface ReachedUrls {
  previous: ReadonlySet<string>;
  current: ReadonlySet<string>;
}

/** What the comparison covered: URLs both audits reached, and those only one of them reached (left out). */
export interface ComparisonScope {
  common: number;
  onlyPrevious: number;
  onlyCurrent: number;
}

/** Result of {@link compareAudits}. */
export interface AuditComparison {
  /** Current minus previous health score. */
  scoreDelta: number;
  /** Null when no reached URLs were given (every occurrence compared). */
  scope: ComparisonScope | null;
  totals: { new: number; fixed: number; persisting: number };
  /** Checks with any change or persisting occurrence, largest change first. */
  checks: CheckDelta[];
}

/** Counts the URLs both sides reached and those only one reached. */
function scopeOf(reached: ReachedUrls): ComparisonScope {
  let common = 0;
  for (const u of reached.current) if (reached.previous.has(u)) common++;
  return { common, onlyPrevious: reached.previous.size - common, onlyCurrent: reached.current.size - common };
}

/**
 * Compares the current audit with the previous one of the same project. With `reached`, only
 * occurrences on URLs both audits reached (or that neither crawled, such as robots.txt) count.
 */
export function compareAudits(previous: CrawlIssues, current: CrawlIssues, reached?: ReachedUrls): AuditComparison {
  const comparable = (url: string) => !reached || reached.previous.has(url) === reached.current.has(url);
  const urlsOf = (i: CrawlIssues["issues"][number]) => [...new Set(i.occurrences.map((o) => o.url).filter(comparable))];
  const before = new Map(previous.issues.map((i) => [i.check, i]));
  const after = new Map(current.issues.map((i) => [i.check, i]));
  const checks: CheckDelta[] = [];
  for (const id of new Set([...after.keys(), ...before.keys()])) {
    const now = after.get(id);
    const then = before.get(id);
    const nowUrls = now ? urlsOf(now) : [];
    const thenUrls = new Set(then ? urlsOf(then) : []);
    const nowSet = new Set(nowUrls);
    const meta = (now ?? then)!;
    checks.push({
      check: id,
      severity: meta.severity,
      title: meta.title,
      newUrls: nowUrls.filter((u) => !thenUrls.has(u)),
      fixedUrls: [...thenUrls].filter((u) => !nowSet.has(u)),
      persisting: nowUrls.filter((u) => thenUrls.has(u)).length,
    });
  }
  checks.sort((a, b) => b.newUrls.length + b.fixedUrls.length - (a.newUrls.length + a.fixedUrls.length) || a.check.localeCompare(b.check));
  const totals = { new: 0, fixed: 0, persisting: 0 };
  for (const c of checks) {
    totals.new += c.newUrls.length;
    totals.fixed += c.fixedUrls.length;
    totals.persisting += c.persisting;
  }
  return {
    scoreDelta: current.healthScore - previous.healthScore,
    scope: reached ? scopeOf(reached) : null,
    totals,
    checks: checks.filter((c) => c.newUrls.length + c.fixedUrls.length + c.persisting > 0),
  };
}
