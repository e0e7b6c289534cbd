/**
 * Reading a Lighthouse 13 result (LHR JSON) into what page speed stores (issue 12.1), and choosing
 * the median of N runs. Pure functions: the test checks them against Lighthouse's own JSON.
 */
import {
  CATEGORIES,
  METRICS,
  type Category,
  type MetricId,
  type RunSummary,
  type SpeedFinding,
  type SpeedReport,
  type SpeedResult,
  type Spread,
  ratingOfScore,
} from "./model.ts";

/** The parts of a Lighthouse result read here (Lighthouse's own JSON, `lhr`). */
export interface Lhr {
  requestedUrl?: string;
  finalDisplayedUrl?: string;
  finalUrl?: string;
  fetchTime: string;
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  configSettings?: { formFactor?: string };
  runWarnings?: string[];
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] } | undefined>;
  audits: Record<string, LhrAudit | undefined>;
}

/** One audit of an LHR. */
export interface LhrAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  metricSavings?: Record<string, number | undefined>;
  details?: Record<string, unknown>;
  /** Why the audit could not be computed (scoreDisplayMode "error"). */
  errorMessage?: string;
}

const pct = (score: number | null | undefined) => (score === null || score === undefined ? null : Math.round(score * 100));

/** Category scores 0–100 of a run. */
export function categoryScores(lhr: Lhr): Record<Category, number | null> {
  return Object.fromEntries(CATEGORIES.map((c) => [c, pct(lhr.categories[c]?.score)])) as Record<Category, number | null>;
}

/** The few numbers of a run (see RunSummary); a run with a runtime error keeps only the error. */
export function summarizeRun(lhr: Lhr): RunSummary {
  const error = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null;
  const metrics = Object.fromEntries(METRICS.map((m) => [m.id, error ? null : (lhr.audits[m.audit]?.numericValue ?? null)])) as Record<
    MetricId,
    number | null
  >;
  return {
    error,
    scores: error ? (Object.fromEntries(CATEGORIES.map((c) => [c, null])) as Record<Category, number | null>) : categoryScores(lhr),
    metrics,
  };
}

/**
 * The median run: successful runs sorted by performance score (ties keep run order), the middle
 * one; with an even count the lower of the two middle runs. Null when no run succeeded.
 */
export function medianRunIndex(runs: RunSummary[]): number | null {
  const ok = runs.map((r, i) => ({ r, i })).filter((x) => x.r.error === null && x.r.scores.performance !== null);
  if (ok.length === 0) return null;
  ok.sort((a, b) => a.r.scores.performance! - b.r.scores.performance! || a.i - b.i);
  return ok[Math.floor((ok.length - 1) / 2)]!.i;
}

/** Lowest and highest value of `pick` over the successful runs. */
function spreadOf(runs: RunSummary[], pick: (r: RunSummary) => number | null): Spread {
  const values = runs
    .filter((r) => r.error === null)
    .map(pick)
    .filter((v): v is number => v !== null);
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : { min: null, max: null };
}

/** Every `{type: "node"}` object and every table row with a `url`, depth first, in a details tree. */
function walk(value: unknown, visit: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) for (const v of value) walk(v, visit);
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    visit(o);
    for (const v of Object.values(o)) if (v && typeof v === "object") walk(v, visit);
  }
}

const str = (v: unknown) => (typeof v === "string" ? v : null);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The LCP element (from the LCP breakdown insight, or the older LCP element audit). */
function lcpElement(lhr: Lhr): SpeedReport["lcpElement"] {
  for (const id of ["lcp-breakdown-insight", "largest-contentful-paint-element", "lcp-discovery-insight"]) {
    let node: Record<string, unknown> | null = null;
    walk(lhr.audits[id]?.details, (o) => {
      if (!node && o.type === "node") node = o;
    });
    if (node) {
      const n = node as Record<string, unknown>;
      return { selector: str(n.selector), snippet: str(n.snippet), label: str(n.nodeLabel) };
    }
  }
  return null;
}

/** Rows with a URL of the first audit among `ids` that has any. */
function urlRows(lhr: Lhr, ids: string[]): Record<string, unknown>[] {
  for (const id of ids) {
    const rows: Record<string, unknown>[] = [];
    walk(lhr.audits[id]?.details, (o) => {
      if (typeof o.url === "string" && o.type !== "node") rows.push(o);
    });
    if (rows.length) return rows;
  }
  return [];
}

const SKIP_MODES = new Set(["notApplicable", "manual", "error"]);

/** Estimated savings of an audit: the largest metric saving in ms (CLS excluded), and bytes. */
function savings(a: LhrAudit): { ms: number | null; bytes: number | null } {
  const ms = Object.entries(a.metricSavings ?? {})
    .filter(([k]) => k !== "CLS")
    .map(([, v]) => v ?? 0);
  const detailMs = num(a.details?.overallSavingsMs);
  const bytes = num(a.details?.overallSavingsBytes);
  const best = Math.max(0, detailMs ?? 0, ...ms);
  return { ms: best > 0 ? best : null, bytes: bytes && bytes > 0 ? bytes : null };
}

/** Opportunities (failing insights with estimated savings, largest first) and diagnostics (other failing performance audits). */
function findings(lhr: Lhr): { opportunities: SpeedFinding[]; diagnostics: SpeedFinding[] } {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const opportunities: SpeedFinding[] = [];
  const diagnostics: SpeedFinding[] = [];
  for (const ref of refs) {
    if (ref.group === "metrics" || ref.group === "hidden") continue;
    const a = lhr.audits[ref.id];
    if (!a || SKIP_MODES.has(a.scoreDisplayMode)) continue;
    const failing = a.score !== null ? a.score < 0.9 : a.scoreDisplayMode === "informative" || a.scoreDisplayMode === "metricSavings";
    if (!failing) continue;
    const s = savings(a);
    const f: SpeedFinding = {
      id: a.id,
      title: a.title,
      display: a.displayValue ?? null,
      savingsMs: s.ms,
      savingsBytes: s.bytes,
      score: a.score,
    };
    if (s.ms !== null || s.bytes !== null) opportunities.push(f);
    else if (a.score !== null) diagnostics.push(f);
  }
  opportunities.sort((a, b) => (b.savingsMs ?? 0) - (a.savingsMs ?? 0) || (b.savingsBytes ?? 0) - (a.savingsBytes ?? 0));
  return { opportunities, diagnostics };
}

/** Everything shown of one run (the median one). */
export function reportOf(lhr: Lhr): SpeedReport {
  const metrics = METRICS.map((m) => {
    const a = lhr.audits[m.audit];
    return {
      id: m.id,
      value: a?.numericValue ?? null,
      score: a?.score ?? null,
      rating: ratingOfScore(a?.score ?? null),
      display: a?.displayValue ?? null,
    };
  });
  const requests = urlRows(lhr, ["network-requests"])
    .map((r) => ({ url: r.url as string, type: str(r.resourceType), bytes: num(r.transferSize) ?? 0 }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 10);
  const blocking = urlRows(lhr, ["render-blocking-insight", "render-blocking-resources"]).map((r) => ({
    url: r.url as string,
    wastedMs: num(r.wastedMs),
    bytes: num(r.totalBytes),
  }));
  const frames = (lhr.audits["screenshot-thumbnails"]?.details?.items ?? []) as { timing?: number; data?: string }[];
  return {
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl ?? lhr.requestedUrl ?? "",
    fetchTime: lhr.fetchTime,
    lighthouseVersion: lhr.lighthouseVersion,
    scores: categoryScores(lhr),
    metrics,
    lcpElement: lcpElement(lhr),
    renderBlocking: blocking,
    largestRequests: requests,
    ...findings(lhr),
    filmstrip: frames.filter((f) => typeof f.data === "string").map((f) => ({ timing: f.timing ?? 0, data: f.data! })),
    finalScreenshot: str(lhr.audits["final-screenshot"]?.details?.data),
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * The stored result of one form factor from its N runs (in run order).
 * @returns null when no run succeeded (the caller reports the first run's error).
 */
export function resultOf(lhrs: Lhr[]): SpeedResult | null {
  const runs = lhrs.map(summarizeRun);
  const medianIndex = medianRunIndex(runs);
  if (medianIndex === null) return null;
  return {
    runs,
    medianIndex,
    median: reportOf(lhrs[medianIndex]!),
    spread: {
      performance: spreadOf(runs, (r) => r.scores.performance),
      metrics: Object.fromEntries(METRICS.map((m) => [m.id, spreadOf(runs, (r) => r.metrics[m.id])])) as Record<MetricId, Spread>,
    },
  };
}

/**
 * Why a run gave no performance score (pure), for the failed test's message: Lighthouse's runtime
 * error, else the first metric audit's error, and where the page went when it left the tested URL
 * (e.g. a meta refresh to another host, which the SSRF guard refuses), e.g. "Largest Contentful
 * Paint: NO_LCP (the page went to https://other.example/)".
 */
export function failureReason(lhr: Lhr | undefined, url: string): string {
  if (!lhr) return "Lighthouse gave no result";
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const audit = METRICS.map((m) => lhr.audits[m.audit]).find((a) => a?.errorMessage);
  const final = lhr.finalDisplayedUrl ?? lhr.finalUrl;
  const went =
    !final || final === url
      ? ""
      : final.startsWith("chrome-error:")
        ? " (the page went to an address that could not be loaded)"
        : ` (the page went to ${final})`;
  return `${audit ? `${audit.title}: ${audit.errorMessage}` : "Lighthouse measured no performance score"}${went}`;
}
