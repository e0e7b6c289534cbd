/**
 * One keyword checked in one engine (issue 10 point 3): pages of 10 results are asked one after the
 * other up to `depth`; the absolute organic rank is (page−1)×10 + index + 1; paging stops at the
 * page where the site is found. Rate limits (429 with Retry-After), provider errors and network
 * failures are retried with exponential backoff; when more than half the pages asked fail and the
 * site was not found, the check is an error, not "not ranked".
 */
import { matches, onDomain } from "./match.ts";
import type { RateLimiter } from "./rate-limit.server.ts";
import {
  PAGE_SIZE,
  isProviderError,
  type HttpRequest,
  type PageResult,
  type ProviderConfig,
  type ProviderError,
  type SerpFeature,
  type SerpProvider,
  type SerpQuery,
} from "./providers/types.ts";

/** Makes one HTTP request (fetch by default; tests and the bench may count calls). */
export type Transport = (req: HttpRequest) => Promise<{ status: number; headers: Headers; json: unknown }>;

/** The default transport: fetch with a 60 s timeout; a body that is not JSON is `null`. */
export const fetchTransport: Transport = async (req) => {
  const res = await fetch(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.body ?? null,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json };
};

/** Input of {@link checkKeyword}. */
export interface CheckKeywordOptions {
  provider: SerpProvider;
  config: ProviderConfig;
  query: Omit<SerpQuery, "page">;
  /** Our domain (no "www."), the target URL if any, and competitor domains. */
  domain: string;
  targetUrl: string | null;
  competitors: string[];
  /** Deepest absolute rank looked at (rounded up to a page of 10). */
  depth: number;
  limiter?: RateLimiter;
  transport?: Transport;
  /** Retries of one page after the first try. Default 3. */
  maxRetries?: number;
  /** First backoff in ms when no Retry-After is given (doubles each retry). Default 1000. */
  backoffMs?: number;
  /** Longest wait honoured from Retry-After, in ms. Default 60 000. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Where pages come from when not one HTTP call each (DataForSEO's queued flow: one task holds
   * every page); `calls` is the HTTP calls it made for this check. Retries are its own business.
   */
  pageSource?: { page(page: number): Promise<PageResult | ProviderError>; calls(): number };
}

/** What a check found. `position` null with `error` null: not ranked within `depth`. */
export interface KeywordCheckResult {
  position: number | null;
  url: string | null;
  features: SerpFeature[];
  ownFeatures: SerpFeature[];
  competitors: Record<string, number | null>;
  searchVolume: number | null;
  pages: number;
  pagesFailed: number;
  /** HTTP requests made, retries included. */
  calls: number;
  /** Set when the check failed (more than half the pages failed, or a non-retryable error on page 1). */
  error: string | null;
}

const RETRIED = new Set(["rate_limit", "upstream", "network", "not_ready"]);

/** Checks one keyword. Never throws for provider failures: they end up in `error`. */
export async function checkKeyword(opts: CheckKeywordOptions): Promise<KeywordCheckResult> {
  const transport = opts.transport ?? fetchTransport;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxRetries = opts.maxRetries ?? 3;
  const backoff = opts.backoffMs ?? 1000;
  const maxWait = opts.maxWaitMs ?? 60_000;
  const lastPage = Math.max(1, Math.ceil(opts.depth / PAGE_SIZE));
  const out: KeywordCheckResult = {
    position: null,
    url: null,
    features: [],
    ownFeatures: [],
    competitors: Object.fromEntries(opts.competitors.map((c) => [c, null])),
    searchVolume: null,
    pages: 0,
    pagesFailed: 0,
    calls: 0,
    error: null,
  };
  const features = new Set<SerpFeature>();
  const own = new Set<SerpFeature>();
  let lastError: ProviderError | null = null;

  const fetchPage = async (page: number): Promise<PageResult | ProviderError> => {
    const q: SerpQuery = { ...opts.query, page };
    for (let attempt = 0; ; attempt++) {
      await opts.limiter?.take();
      out.calls++;
      let result: PageResult | ProviderError;
      try {
        result = opts.provider.parseResponse(await transport(opts.provider.buildRequest(q, opts.config)), q);
      } catch (err) {
        result = { error: "network", message: err instanceof Error ? err.message : String(err) };
      }
      if (!isProviderError(result) || !RETRIED.has(result.error) || attempt >= maxRetries) return result;
      await sleep(Math.min(maxWait, result.retryAfterMs ?? backoff * 2 ** attempt));
    }
  };

  for (let page = 1; page <= lastPage; page++) {
    out.pages++;
    const result = opts.pageSource ? await opts.pageSource.page(page) : await fetchPage(page);
    if (isProviderError(result)) {
      out.pagesFailed++;
      lastError = result;
      // A queued task failed as a whole: its other pages are the same failure.
      if (opts.pageSource) break;
      // Wrong key or no credits: every other page would fail the same way.
      if (result.error === "auth" || result.error === "quota" || result.error === "bad_request") break;
      continue;
    }
    if (result.searchVolume != null) out.searchVolume = result.searchVolume;
    for (const f of result.features) {
      features.add(f.feature);
      if (f.urls.some((u) => onDomain(u, opts.domain))) own.add(f.feature);
    }
    result.urls.forEach((url, index) => {
      const rank = (page - 1) * PAGE_SIZE + index + 1;
      if (out.position === null && matches(url, opts.domain, opts.targetUrl)) {
        out.position = rank;
        out.url = url;
      }
      for (const c of opts.competitors) if (out.competitors[c] === null && onDomain(url, c)) out.competitors[c] = rank;
    });
    if (out.position !== null || !result.hasNextPage) break;
  }
  if (opts.pageSource) out.calls = opts.pageSource.calls();
  out.features = [...features].sort();
  out.ownFeatures = [...own].sort();
  const failedMost = out.pagesFailed * 2 > out.pages;
  const stoppedEarly = lastError !== null && ["auth", "quota", "bad_request"].includes(lastError.error);
  if (out.position === null && lastError && (failedMost || stoppedEarly)) {
    out.error = `${lastError.error}${lastError.httpStatus ? ` (HTTP ${lastError.httpStatus})` : ""}: ${lastError.message}`;
  }
  return out;
}
