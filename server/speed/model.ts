/**
 * Shapes of page speed results (issue 12.1), shared by the job, the screens and best pages.
 * Times are milliseconds, CLS is unitless, scores are 0–100 integers.
 */

/** Lighthouse form factors, in the order they are run. */
export const FORM_FACTORS = ["mobile", "desktop"] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

/** The four Lighthouse categories, as Lighthouse names them. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** Lab metrics and their Lighthouse audit ids (TTI is measured but no longer weighted since Lighthouse 10). */
export const METRICS = [
  { id: "lcp", audit: "largest-contentful-paint", unit: "ms" },
  { id: "cls", audit: "cumulative-layout-shift", unit: "unitless" },
  { id: "tbt", audit: "total-blocking-time", unit: "ms" },
  { id: "fcp", audit: "first-contentful-paint", unit: "ms" },
  { id: "si", audit: "speed-index", unit: "ms" },
  { id: "tti", audit: "interactive", unit: "ms" },
] as const;
export type MetricId = (typeof METRICS)[number]["id"];

/** PageSpeed Insights' three colours: good (green), average (orange, "needs improvement"), poor (red). */
export type Rating = "good" | "average" | "poor";

/**
 * PSI colours a lab metric by its Lighthouse score: ≥ 0.9 good, ≥ 0.5 average, else poor
 * (the score curves encode the thresholds, e.g. mobile LCP 2.5 s / 4 s).
 */
export function ratingOfScore(score: number | null): Rating | null {
  if (score === null) return null;
  return score >= 0.9 ? "good" : score >= 0.5 ? "average" : "poor";
}

/** CrUX thresholds (good ≤ first, poor > second) of the field metrics, as PSI documents them. */
export const FIELD_THRESHOLDS = { lcpMs: [2500, 4000], inpMs: [200, 500], cls: [0.1, 0.25] } as const;

/** Rating of a field (CrUX p75) value. */
export function ratingOfField(metric: keyof typeof FIELD_THRESHOLDS, value: number | null): Rating | null {
  if (value === null) return null;
  const [good, poor] = FIELD_THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "average" : "poor";
}

/** One lab metric of a run. */
export interface MetricValue {
  id: MetricId;
  /** ms, or unitless for CLS; null when Lighthouse did not measure it. */
  value: number | null;
  /** Lighthouse score 0–1 of the metric. */
  score: number | null;
  rating: Rating | null;
  /** Lighthouse's display text, e.g. "2.1 s". */
  display: string | null;
}

/** The few numbers kept of every run, for the median and the spread. */
export interface RunSummary {
  /** Lighthouse runtime error of the run (e.g. FAILED_DOCUMENT_REQUEST), null when it worked. */
  error: string | null;
  scores: Record<Category, number | null>;
  metrics: Record<MetricId, number | null>;
}

/** A finding with estimated savings (opportunity) or a diagnostic. */
export interface SpeedFinding {
  id: string;
  title: string;
  display: string | null;
  /** Estimated savings in ms (LCP/FCP), null for diagnostics. */
  savingsMs: number | null;
  savingsBytes: number | null;
  score: number | null;
}

/** Everything shown of the median run. */
export interface SpeedReport {
  finalUrl: string;
  fetchTime: string;
  lighthouseVersion: string;
  scores: Record<Category, number | null>;
  metrics: MetricValue[];
  lcpElement: { selector: string | null; snippet: string | null; label: string | null } | null;
  renderBlocking: { url: string; wastedMs: number | null; bytes: number | null }[];
  largestRequests: { url: string; type: string | null; bytes: number }[];
  opportunities: SpeedFinding[];
  diagnostics: SpeedFinding[];
  /** Filmstrip frames: time since navigation start (ms) and a data: URL (JPEG). */
  filmstrip: { timing: number; data: string }[];
  finalScreenshot: string | null;
  warnings: string[];
}

/** Lowest and highest value over the successful runs. */
export interface Spread {
  min: number | null;
  max: number | null;
}

/** One form factor of a speed test: every run, which one is the median, its report and the spread. */
export interface SpeedResult {
  runs: RunSummary[];
  /** Index into `runs` of the median run (by performance score). */
  medianIndex: number;
  median: SpeedReport;
  spread: { performance: Spread; metrics: Record<MetricId, Spread> };
}

/** CrUX p75 values of a URL or an origin. */
export interface FieldMetrics {
  lcpMs: number | null;
  inpMs: number | null;
  /** Unitless (the API's percentile / 100). */
  cls: number | null;
  /** CrUX substituted origin data for the page. */
  originFallback: boolean;
}

/** Field data of a test: page and origin, each null when CrUX has none; `error` when the API failed. */
export interface FieldData {
  url: FieldMetrics | null;
  origin: FieldMetrics | null;
  error?: string;
}
