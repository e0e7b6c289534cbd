/**
 * PageSpeed Insights API v5 client for field data (issue 12.1; /work/shared/research/serp-gsc-psi.md §5):
 * GET {PSI_ENDPOINT}?url=…&key=…&strategy=mobile&category=performance. Only the CrUX part
 * (`loadingExperience` for the URL, `originLoadingExperience` for the origin) is read: p75 LCP
 * (ms), INP (ms) and CLS (the API gives CLS × 100, so the percentile is divided by 100). A missing
 * block or one without `metrics` means "no field data", not an error.
 */
import { z } from "zod";
import type { FieldData, FieldMetrics } from "./model.ts";

/** The documented endpoint. */
export const PSI_DEFAULT_ENDPOINT = "https://www.googleapis.com/pagespeedonline/v5/runPagespeed";

const metric = z.object({ percentile: z.number(), category: z.string().optional() }).optional();
const experience = z
  .object({
    id: z.string().optional(),
    origin_fallback: z.boolean().optional(),
    overall_category: z.string().optional(),
    metrics: z
      .object({
        LARGEST_CONTENTFUL_PAINT_MS: metric,
        INTERACTION_TO_NEXT_PAINT: metric,
        CUMULATIVE_LAYOUT_SHIFT_SCORE: metric,
      })
      .optional(),
  })
  .optional();
const responseSchema = z.object({ loadingExperience: experience, originLoadingExperience: experience });
const errorSchema = z.object({ error: z.object({ code: z.number(), message: z.string() }) });

/** The p75 values of one CrUX block, or null when it holds no metrics. */
export function fieldMetrics(block: z.infer<typeof experience>): FieldMetrics | null {
  const m = block?.metrics;
  if (!m) return null;
  const lcp = m.LARGEST_CONTENTFUL_PAINT_MS?.percentile ?? null;
  const inp = m.INTERACTION_TO_NEXT_PAINT?.percentile ?? null;
  const cls = m.CUMULATIVE_LAYOUT_SHIFT_SCORE?.percentile;
  if (lcp === null && inp === null && cls === undefined) return null;
  return { lcpMs: lcp, inpMs: inp, cls: cls === undefined ? null : cls / 100, originFallback: block?.origin_fallback === true };
}

/** Input of {@link fetchFieldData}. */
export interface FieldDataOptions {
  url: string;
  key: string;
  endpoint?: string;
  strategy?: "mobile" | "desktop";
  /** Client deadline in ms; PSI runs take 10–60 s (default 90 000). */
  timeoutMs?: number;
}

/**
 * Field data for `url` and its origin.
 * @throws Error with the API's message on an error envelope, a non-2xx status or a timeout.
 */
export async function fetchFieldData(o: FieldDataOptions): Promise<FieldData> {
  const q = new URL(o.endpoint ?? PSI_DEFAULT_ENDPOINT);
  q.searchParams.set("url", o.url);
  q.searchParams.set("key", o.key);
  q.searchParams.set("strategy", o.strategy ?? "mobile");
  q.searchParams.set("category", "performance");
  const res = await fetch(q, { signal: AbortSignal.timeout(o.timeoutMs ?? 90_000), headers: { accept: "application/json" } });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = errorSchema.safeParse(body);
    throw new Error(`PageSpeed Insights: ${err.success ? err.data.error.message : `HTTP ${res.status}`}`);
  }
  const parsed = responseSchema.parse(body);
  return { url: fieldMetrics(parsed.loadingExperience), origin: fieldMetrics(parsed.originLoadingExperience) };
}
