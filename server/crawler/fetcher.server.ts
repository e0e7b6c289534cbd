/**
 * The crawler's HTTP client: undici keep-alive through the SSRF guard (one agent per crawl, every
 * hop vetted), gzip/deflate/br/zstd undone, a deadline and a body cap per request, and retries
 * with exponential backoff on 429/503 and transient network errors, honouring Retry-After.
 * Failures that will not heal are never retried (issue 14.2): a name that does not resolve, a
 * refused connection, any other status. A per-host circuit breaker answers at once, without a
 * request, for a host that failed {@link BREAKER_THRESHOLD} times in a row.
 * Redirects are NOT followed here: the crawler records each hop as its own URL.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Agent } from "undici";
import { DEFAULT_USER_AGENT, type GuardedResponse, SsrfError, createGuardedAgent, guardedFetch } from "../net/ssrf.server.ts";

/** Options of {@link createFetcher}. */
export interface FetcherOptions {
  allowPrivate: boolean;
  userAgent?: string;
  /** Per-request deadline in ms (body included). Default 20 000. */
  timeoutMs?: number;
  /** Largest decoded body kept, in bytes. Default 5 MiB. */
  maxBytes?: number;
  /** Retries after the first attempt on 429, 503 and network errors. Default 2. */
  retries?: number;
  /** First backoff in ms, doubled each retry. Default 500. */
  backoffMs?: number;
  /** Longest Retry-After honoured, in ms (a longer one ends the retries). Default 30 000. */
  maxRetryAfterMs?: number;
  /** Keep-alive connections per origin. Default 16. */
  connections?: number;
  /** Consecutive failures of a host after which its URLs are answered "unreachable" without a request. Default {@link BREAKER_THRESHOLD}. */
  breakerThreshold?: number;
}

/** Consecutive network failures (no response at all) of one host that open its circuit breaker. */
export const BREAKER_THRESHOLD = 5;

/** A fetch outcome: a response (any status) or an error that survived the retries. */
export type FetchOutcome =
  { kind: "response"; response: GuardedResponse; attempts: number } | { kind: "error"; code: string; message: string; attempts: number };

/** Per-call overrides. */
export interface FetchCallOptions {
  method?: "GET" | "HEAD";
  maxBytes?: number;
}

/** The fetcher of one crawl. Close it when the crawl (or this worker) stops. */
export interface CrawlFetcher {
  userAgent: string;
  fetch(url: string, opts?: FetchCallOptions): Promise<FetchOutcome>;
  close(): Promise<void>;
}

const RETRY_STATUSES = new Set([429, 503]);
const RETRY_ERRORS = new Set(["network", "timeout"]);
/** Socket errors that retrying will not heal. */
const PERMANENT_CAUSES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "CERT_HAS_EXPIRED"]);

/** The errno-like code anywhere in an error's cause chain (undici wraps socket errors). */
function causeCode(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string" && /^[A-Z_]+$/.test(e.code)) return e.code;
  }
  return null;
}

/** True when a failed fetch may succeed if tried again (a timeout, a reset connection), false when it will not heal. */
export function isTransient(err: unknown): boolean {
  const code = err instanceof SsrfError ? err.code : "network";
  if (!RETRY_ERRORS.has(code)) return false;
  const cause = causeCode((err as { cause?: unknown }).cause);
  return cause === null || !PERMANENT_CAUSES.has(cause);
}

/**
 * Parses a Retry-After header (seconds, or an HTTP date) into ms from `now`; null when absent or invalid.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Creates the fetcher of a crawl with its own keep-alive agent. */
export function createFetcher(opts: FetcherOptions): CrawlFetcher {
  const agent: Agent = createGuardedAgent(opts.allowPrivate, opts.connections ?? 16);
  const userAgent = opts.userAgent ?? DEFAULT_USER_AGENT;
  const retries = opts.retries ?? 2;
  const backoffMs = opts.backoffMs ?? 500;
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? 30_000;
  const threshold = opts.breakerThreshold ?? BREAKER_THRESHOLD;
  /** Consecutive failures per host (reset by any response). */
  const failures = new Map<string, number>();
  return {
    userAgent,
    async fetch(url, call = {}) {
      const host = URL.parse(url)?.host ?? "";
      if ((failures.get(host) ?? 0) >= threshold) {
        return {
          kind: "error",
          code: "unreachable",
          message: `Not requested: ${host} failed ${threshold} times in a row`,
          attempts: 0,
        };
      }
      let attempt = 0;
      for (;;) {
        attempt++;
        let wait = backoffMs * 2 ** (attempt - 1);
        try {
          const response = await guardedFetch(url, {
            allowPrivate: opts.allowPrivate,
            agent,
            followRedirects: false,
            userAgent,
            method: call.method ?? "GET",
            timeoutMs: opts.timeoutMs ?? 20_000,
            maxBytes: call.maxBytes ?? opts.maxBytes ?? 5 * 1024 * 1024,
          });
          failures.delete(host);
          if (!RETRY_STATUSES.has(response.statusCode) || attempt > retries) return { kind: "response", response, attempts: attempt };
          const after = parseRetryAfter(response.headers["retry-after"]);
          if (after !== null) {
            if (after > maxRetryAfterMs) return { kind: "response", response, attempts: attempt };
            wait = Math.max(wait, after);
          }
        } catch (err) {
          const code = err instanceof SsrfError ? err.code : "network";
          if (!isTransient(err) || attempt > retries) {
            if (code !== "blocked" && code !== "bad_scheme") failures.set(host, (failures.get(host) ?? 0) + 1);
            return { kind: "error", code, message: (err as Error).message, attempts: attempt };
          }
        }
        await sleep(wait);
      }
    },
    close: () => agent.close(),
  };
}
