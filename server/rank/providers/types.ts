/**
 * The one interface every SERP provider adapter implements (issue 10 point 3). An adapter only
 * builds the HTTP request for one result page and parses the answer; paging, rank computation,
 * matching, retries and rate limits are shared (server/rank/check.server.ts).
 */
import type { EngineType, RankDevice } from "../../db/schema/rank.server.ts";

/** One result page to ask for. `page` is 1-based; every page holds 10 organic results. */
export interface SerpQuery {
  keyword: string;
  engine: EngineType;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** ISO 639-1. */
  language: string;
  /** Canonical city string ("Berlin,Berlin,Germany"), "" for the whole country. */
  location: string;
  /** GeoNames id of the city, null for the whole country. */
  locationCode: number | null;
  device: RankDevice;
  page: number;
}

/** Results per page: Google serves 10 organic results a page since September 2025. */
export const PAGE_SIZE = 10;

/** SERP features recorded per check. */
export type SerpFeature =
  "featured_snippet" | "local_pack" | "people_also_ask" | "video" | "images" | "top_stories" | "knowledge_graph" | "shopping" | "ads";

/** One SERP feature on a page and the URLs it links to (to tell whether ours holds it). */
export interface FeatureHit {
  feature: SerpFeature;
  urls: string[];
}

/** One page's organic results in page order (rank is computed by the caller) and its features. */
export interface PageResult {
  urls: string[];
  features: FeatureHit[];
  /** False when the provider says there is no next page. */
  hasNextPage: boolean;
  /** Monthly search volume when the provider gives it. */
  searchVolume?: number | null;
}

/** Kinds of provider failure; `rate_limit`, `upstream` and `network` are retried with backoff. */
export type ProviderErrorKind = "auth" | "quota" | "rate_limit" | "bad_request" | "not_ready" | "upstream" | "network";

/** A failed page: kind, HTTP status, the provider's own code and message, and Retry-After in ms. */
export interface ProviderError {
  error: ProviderErrorKind;
  httpStatus?: number;
  providerCode?: string | number;
  message: string;
  retryAfterMs?: number;
}

/** An HTTP request an adapter wants made. */
export interface HttpRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** An HTTP answer handed back to the adapter. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  json: unknown;
}

/** Credentials and base URL of one provider, from configuration. */
export interface ProviderConfig {
  baseUrl: string;
  apiKey?: string;
  login?: string;
  password?: string;
}

/** One SERP provider adapter. */
export interface SerpProvider {
  id: string;
  name: string;
  /** Engines it can query; devices it can emulate; whether it takes a city. */
  engines: readonly EngineType[];
  devices: readonly RankDevice[];
  city: boolean;
  /** The request for one page. */
  buildRequest(q: SerpQuery, cfg: ProviderConfig): HttpRequest;
  /** The page, or the error it carries. */
  parseResponse(answer: HttpAnswer, q: SerpQuery): PageResult | ProviderError;
}

/** True when a parse gave an error. */
export function isProviderError(r: PageResult | ProviderError): r is ProviderError {
  return "error" in r;
}

/** Retry-After (seconds or an HTTP date) in ms, or undefined. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const v = headers.get("retry-after");
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

/** The error kind of a non-2xx HTTP status. */
export function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 402) return "quota";
  if (status === 429) return "rate_limit";
  if (status >= 400 && status < 500) return "bad_request";
  return "upstream";
}

/** A record view of an unknown JSON value ({} when not an object). */
export function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** An array view of an unknown JSON value ([] when not an array). */
export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The string links of a list of result objects (`key` names the link field). */
export function links(list: unknown, key = "link"): string[] {
  return arr(list)
    .map((x) => obj(x)[key])
    .filter((u): u is string => typeof u === "string" && u !== "");
}
