/**
 * The one SSRF guard: every server-side fetch of a user-given URL goes through {@link guardedFetch}.
 *
 * - Only http and https. DNS is resolved here (every address), and the request is refused when
 *   ANY address is not public (common/net/ip-ranges.ts, the one rule; IPv4-mapped IPv6 is judged as IPv4).
 * - The socket connects to the vetted address: the keep-alive agents use a `lookup` that serves
 *   the vetted answer, so a DNS rebinding between check and connect cannot swap the address.
 * - Redirects are followed by hand and every hop is checked again.
 * - With `allowPrivate` (ALLOW_PRIVATE_NETWORKS=1) loopback (127.0.0.0/8, ::1) is opened, nothing else.
 */
import dns from "node:dns/promises";
import { createRequire } from "node:module";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { isPublicAddress } from "../../common/net/ip-ranges.ts";
import type * as Undici from "undici";
import type { Dispatcher } from "undici";
import type { RedirectHop } from "../analyzer/types.ts";
import { SUPPORTED_ENCODINGS, readBody } from "./decode-body.server.ts";

// Issue 14.1: undici's index also loads fetch, WebSocket, caches and mocks (~110 modules, ~70 ms of
// CPU at every CLI audit's start); the guard needs three of its parts, loaded from their files.
const fromUndici = createRequire(import.meta.url);
const Agent = fromUndici("undici/lib/dispatcher/agent.js") as typeof Undici.Agent;
type Agent = Undici.Agent;
const buildConnector = fromUndici("undici/lib/core/connect.js") as typeof Undici.buildConnector;
/** undici's `request` on a given dispatcher (what `request(url, { dispatcher })` calls). */
const dispatchRequest = fromUndici("undici/lib/api/api-request.js") as (
  this: Dispatcher,
  opts: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;

/** Why a guarded fetch failed. */
export type SsrfErrorCode = "blocked" | "dns" | "timeout" | "too_many_redirects" | "bad_scheme" | "network";

/** The only error {@link guardedFetch} throws. `url` is the hop that failed. */
export class SsrfError extends Error {
  readonly code: SsrfErrorCode;
  readonly url: string;
  constructor(code: SsrfErrorCode, message: string, url: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SsrfError";
    this.code = code;
    this.url = url;
  }
}

/** Options of {@link guardedFetch}. */
export interface GuardedFetchOptions {
  /** Also open loopback (127.0.0.0/8, ::1). Default false. */
  allowPrivate?: boolean;
  /** Deadline for the whole fetch, all redirects and the body included, in ms. Default 15 000. */
  timeoutMs?: number;
  /** Largest decoded body kept, in bytes; the rest is not read. Default 5 MiB. */
  maxBytes?: number;
  userAgent?: string;
  /** GET (default) or HEAD; 303 and POST-after-301/302 become GET as browsers do. */
  method?: "GET" | "HEAD" | "POST";
  /** Extra request headers (lower-case names recommended). */
  headers?: Record<string, string>;
  /** Redirects followed before `too_many_redirects`. Default 10. */
  maxRedirects?: number;
  /** false: answer a 3xx as it is (the crawler follows each hop itself). Default true. */
  followRedirects?: boolean;
  /** A keep-alive agent from {@link createGuardedAgent} (one per crawl); default a shared one. */
  agent?: Agent;
}

/** When one request was written to its socket and when its response headers arrived (performance.now()). */
interface WireMarks {
  sentAt: number | null;
  headersAt: number | null;
}

/**
 * Wraps undici's handler to note the moment the request is written to the socket (onRequestStart
 * runs right before the headers are written, after any wait for a free connection) and the moment
 * the response headers arrive: TTFB is the gap between the two, never negative (issue 16.1).
 */
function markingHandler(handler: Dispatcher.DispatchHandler, marks: WireMarks): Dispatcher.DispatchHandler {
  return {
    onRequestStart: (controller, context) => {
      marks.sentAt = performance.now();
      marks.headersAt = null;
      return handler.onRequestStart?.(controller, context);
    },
    onRequestUpgrade: (...args) => handler.onRequestUpgrade?.(...args),
    onResponseStart: (controller, statusCode, headers, statusMessage) => {
      if (statusCode >= 200) marks.headersAt = performance.now();
      return handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
    },
    onResponseData: (...args) => handler.onResponseData?.(...args),
    onResponseEnd: (...args) => handler.onResponseEnd?.(...args),
    onResponseError: (...args) => handler.onResponseError?.(...args),
  };
}

/**
 * Time to first byte in ms: from the request's write to the socket to its response headers
 * (0 when either moment is unknown). Never negative.
 */
export function ttfbOf(marks: WireMarks): number {
  return marks.sentAt !== null && marks.headersAt !== null ? Math.max(0, marks.headersAt - marks.sentAt) : 0;
}

/** Timings of the final hop in ms (`totalMs` covers every hop). `null` when not measured: DNS of an IP literal, a reused connection. */
export interface FetchTimings {
  dnsMs: number | null;
  connectMs: number | null;
  ttfbMs: number;
  downloadMs: number;
  totalMs: number;
}

/** Result of {@link guardedFetch}. `body` is decoded (Content-Encoding undone) and cut at maxBytes. */
export interface GuardedResponse {
  finalUrl: string;
  statusCode: number;
  /** Lower-case header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  redirects: RedirectHop[];
  timings: FetchTimings;
}

/** Default User-Agent of the analyzer and crawler. */
export const DEFAULT_USER_AGENT = "Mozilla/5.0 (compatible; RankforgeBot/1.0; +https://rankforge.com/bot)";
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
/** How long a vetted DNS answer is reused (no TTL is available from getaddrinfo). */
const DNS_CACHE_MS = 30_000;
const DNS_CACHE_MAX = 1_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

interface Vetted {
  addresses: { address: string; family: number }[];
  expires: number;
}
const dnsCache = new Map<string, Vetted>();
/** Failed lookups, remembered as long as good ones: a crawl linking 1 000 times to a dead host asks DNS once. */
const dnsFailures = new Map<string, { message: string; expires: number }>();
/** Lookups in flight: concurrent requests to one host share one DNS question (issue 14.2). */
const dnsInFlight = new Map<string, Promise<Vetted["addresses"]>>();

/** One shared lookup per host at a time. */
function lookupOnce(host: string): Promise<Vetted["addresses"]> {
  let p = dnsInFlight.get(host);
  if (!p) {
    p = dns.lookup(host, { all: true, verbatim: true }).finally(() => dnsInFlight.delete(host));
    dnsInFlight.set(host, p);
  }
  return p;
}

/** Races a promise against an abort signal, rejecting with the signal's reason. */
function withSignal<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Resolves a host name (or takes an IP literal) and vets every address.
 * @throws SsrfError 'dns' when it does not resolve, 'blocked' when any address is not allowed.
 */
async function resolveAndVet(hostname: string, allowPrivate: boolean, url: string, signal?: AbortSignal): Promise<Vetted["addresses"]> {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  let addresses: Vetted["addresses"];
  const family = net.isIP(host);
  if (family !== 0) {
    addresses = [{ address: host, family }];
  } else {
    const cached = dnsCache.get(host);
    if (cached && cached.expires > Date.now()) {
      addresses = cached.addresses;
    } else {
      const failed = dnsFailures.get(host);
      if (failed && failed.expires > Date.now()) throw new SsrfError("dns", failed.message, url);
      try {
        addresses = await withSignal(lookupOnce(host), signal);
      } catch (err) {
        if (err instanceof SsrfError) throw err;
        const message = `Could not resolve ${host}: ${(err as Error).message}`;
        if (dnsFailures.size >= DNS_CACHE_MAX) dnsFailures.delete(dnsFailures.keys().next().value!);
        dnsFailures.set(host, { message, expires: Date.now() + DNS_CACHE_MS });
        throw new SsrfError("dns", message, url, { cause: err });
      }
      if (dnsCache.size >= DNS_CACHE_MAX) dnsCache.delete(dnsCache.keys().next().value!);
      dnsCache.set(host, { addresses, expires: Date.now() + DNS_CACHE_MS });
    }
  }
  if (addresses.length === 0) throw new SsrfError("dns", `No address for ${host}`, url);
  const bad = addresses.find((a) => !isPublicAddress(a.address, { allowLoopback: allowPrivate }));
  if (bad) {
    // The message never tells what a name resolves to (issue 9 finding 9).
    throw new SsrfError("blocked", `Refused to connect to ${host}: it is not a public address`, url);
  }
  return addresses;
}

/**
 * Checks that a URL's host may be reached under this policy (its name resolves, every address
 * allowed) without fetching anything.
 * @throws SsrfError 'bad_scheme', 'dns' or 'blocked'.
 */
export async function vetUrl(url: string, allowPrivate: boolean): Promise<void> {
  const target = URL.parse(url);
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:"))
    throw new SsrfError("bad_scheme", `Only http and https URLs can be fetched: ${url}`, url);
  await resolveAndVet(target.hostname, allowPrivate, url);
}

/**
 * Resolves `hostname` and vets every address under the guard's policy, for connections made outside
 * {@link guardedFetch} (the browser proxy of page speed, server/speed/guard-proxy.server.ts).
 * @returns the vetted addresses; connect to one of these, never resolve again.
 * @throws SsrfError 'dns' or 'blocked'.
 */
export function vetHost(hostname: string, allowPrivate: boolean): Promise<{ address: string; family: number }[]> {
  return resolveAndVet(hostname, allowPrivate, hostname);
}

type LookupCallback = (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;

/** Per-origin FIFO of requests waiting to learn whether (and how fast) a new connection was made. */
const connectWaiters = new Map<string, ((ms: number) => void)[]>();
const originKey = (protocol: string, hostname: string, port: string | number) =>
  `${protocol}//${hostname.replace(/^\[|\]$/g, "")}:${port || (protocol === "https:" ? 443 : 80)}`;

/**
 * A keep-alive agent whose sockets only ever reach addresses vetted under this policy. The
 * crawler opens one per crawl (`connections` per origin) and closes it when the crawl ends.
 */
export function createGuardedAgent(allowPrivate: boolean, connections = 16): Agent {
  const lookup = (hostname: string, options: { all?: boolean }, cb: LookupCallback) => {
    resolveAndVet(hostname, allowPrivate, hostname).then(
      (addresses) => {
        if (options.all) cb(null, addresses);
        else cb(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => cb(err, ""),
    );
  };
  const base = buildConnector({ lookup, timeout: 10_000, allowH2: false } as Undici.buildConnector.BuildOptions);
  const connect: Undici.buildConnector.connector = (opts, callback) => {
    const started = performance.now();
    // Node connects to an IP literal without calling `lookup`: an agent used on its own (the rank
    // alert webhook) would reach any address. Vet the literal here (issue 9 SSRF suite).
    const literal = opts.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(literal) !== 0 && !isPublicAddress(literal, { allowLoopback: allowPrivate })) {
      callback(new SsrfError("blocked", `Refused to connect to ${literal}: it is not a public address`, opts.hostname), null);
      return;
    }
    base(opts, (...args) => {
      if (args[0] === null) {
        connectWaiters.get(originKey(opts.protocol, opts.hostname, opts.port))?.shift()?.(performance.now() - started);
      }
      callback(...args);
    });
  };
  return new Agent({
    connect,
    keepAliveTimeout: 4_000,
    keepAliveMaxTimeout: 30_000,
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
    connections,
  });
}

const agents: { strict: Agent | null; loopback: Agent | null } = { strict: null, loopback: null };

function agentFor(allowPrivate: boolean): Agent {
  const key = allowPrivate ? "loopback" : "strict";
  return (agents[key] ??= createGuardedAgent(allowPrivate));
}

/** Closes the shared keep-alive agents (CLI exit, tests). A later fetch opens new ones. */
export async function closeGuardedAgents(): Promise<void> {
  const open = [agents.strict, agents.loopback].filter((a): a is Agent => a !== null);
  agents.strict = null;
  agents.loopback = null;
  await Promise.all(open.map((a) => a.close()));
}

/** Joins undici's header record into lower-case single strings. */
function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

/** Maps an unknown failure to an SsrfError (abort → timeout). */
function toSsrfError(err: unknown, url: string, signal: AbortSignal): SsrfError {
  if (err instanceof SsrfError) return err;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof SsrfError) return cause;
  if (signal.aborted)
    return signal.reason instanceof SsrfError ? signal.reason : new SsrfError("timeout", `Timed out fetching ${url}`, url);
  const msg = err instanceof Error ? err.message : String(err);
  return new SsrfError("network", `Network error fetching ${url}: ${msg}`, url, { cause: err });
}

/**
 * Fetches a user-given URL safely (see the module comment).
 * @throws SsrfError with code 'bad_scheme' (not http/https, or a malformed URL), 'dns',
 *   'blocked', 'too_many_redirects', 'timeout' (whole-fetch deadline) or 'network'.
 */
export async function guardedFetch(url: string, opts: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const allowPrivate = opts.allowPrivate === true;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? 10;
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new SsrfError("timeout", `Timed out after ${timeoutMs} ms fetching ${url}`, url)),
    timeoutMs,
  );
  const redirects: RedirectHop[] = [];
  let method = opts.method ?? "GET";
  let headers: Record<string, string> = {
    "user-agent": opts.userAgent ?? DEFAULT_USER_AGENT,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "accept-encoding": SUPPORTED_ENCODINGS.join(", "),
    ...opts.headers,
  };
  let current = url;
  try {
    for (;;) {
      let target: URL;
      try {
        target = new URL(current);
      } catch {
        throw new SsrfError("bad_scheme", `Not a valid URL: ${current}`, current);
      }
      if (target.protocol !== "http:" && target.protocol !== "https:") {
        throw new SsrfError("bad_scheme", `Only http and https URLs can be fetched, not ${target.protocol}`, current);
      }
      const dnsStart = performance.now();
      await resolveAndVet(target.hostname, allowPrivate, current, controller.signal);
      const dnsMs = net.isIP(target.hostname.replace(/^\[|\]$/g, "")) ? null : performance.now() - dnsStart;

      const key = originKey(target.protocol, target.hostname, target.port);
      let connectMs: number | null = null;
      const waiter = (ms: number) => (connectMs = ms);
      const queue = connectWaiters.get(key) ?? [];
      queue.push(waiter);
      connectWaiters.set(key, queue);
      const marks: WireMarks = { sentAt: null, headersAt: null };
      const dispatcher = (opts.agent ?? agentFor(allowPrivate)).compose(
        (dispatch) => (o: Dispatcher.DispatchOptions, h: Dispatcher.DispatchHandler) => dispatch(o, markingHandler(h, marks)),
      );
      let res: Dispatcher.ResponseData;
      try {
        res = await dispatchRequest.call(dispatcher, {
          origin: target.origin,
          path: target.search ? `${target.pathname}${target.search}` : target.pathname,
          method,
          headers,
          signal: controller.signal,
        });
      } catch (err) {
        throw toSsrfError(err, current, controller.signal);
      } finally {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        if (queue.length === 0) connectWaiters.delete(key);
      }
      const ttfbMs = ttfbOf(marks);
      const resHeaders = flattenHeaders(res.headers);
      const location = resHeaders.location;

      if (opts.followRedirects !== false && REDIRECT_STATUSES.has(res.statusCode) && location) {
        await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        let next: URL;
        try {
          next = new URL(location, target);
        } catch {
          throw new SsrfError("bad_scheme", `Redirect to an invalid URL: ${location}`, current);
        }
        redirects.push({ url: current, statusCode: res.statusCode, location: next.href });
        if (redirects.length > maxRedirects) {
          throw new SsrfError("too_many_redirects", `More than ${maxRedirects} redirects starting at ${url}`, current);
        }
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === "POST")) {
          if (method !== "HEAD") method = "GET";
        }
        if (next.origin !== target.origin) {
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !["authorization", "cookie"].includes(k.toLowerCase())));
        }
        current = next.href;
        continue;
      }

      const downloadStart = performance.now();
      let read: { body: Buffer; truncated: boolean };
      try {
        read = await readBody(res.body, resHeaders["content-encoding"], maxBytes);
      } catch (err) {
        throw toSsrfError(err, current, controller.signal);
      }
      const end = performance.now();
      return {
        finalUrl: current,
        statusCode: res.statusCode,
        headers: resHeaders,
        body: read.body,
        truncated: read.truncated,
        redirects,
        timings: { dnsMs, connectMs, ttfbMs, downloadMs: end - downloadStart, totalMs: end - started },
      };
    }
  } catch (err) {
    throw toSsrfError(err, current, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
