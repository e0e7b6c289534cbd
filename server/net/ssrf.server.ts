/**
 * The one SSRF guard: every server-side fetch of a user-given URL goes through {@link guardedFetch}.
 *
 * - Only http and https. DNS is resolved here (every address), and the request is refused when
 *   ANY address is not public unicast (ipaddr.js `range()`; IPv4-mapped IPv6 is judged as IPv4).
 * - The socket connects to the vetted address: the keep-alive agents use a `lookup` that serves
 *   the vetted answer, so a DNS rebinding between check and connect cannot swap the address.
 * - Redirects are followed by hand and every hop is checked again.
 * - With `allowPrivate` (ALLOW_PRIVATE_NETWORKS=1) loopback (127.0.0.0/8, ::1) is opened, nothing else.
 */
import dns from "node:dns/promises";
import net from "node:net";
import { performance } from "node:perf_hooks";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, request } from "undici";
import type { RedirectHop } from "../analyzer/types.ts";
import { SUPPORTED_ENCODINGS, readBody } from "./decode-body.server.ts";

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
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR("::/96");

/**
 * True when a connection to `address` is allowed: public unicast always, loopback only with
 * `allowPrivate`. IPv4-mapped IPv6 is judged by its IPv4 address; unparsable text is refused.
 */
export function isAddressAllowed(address: string, allowPrivate = false): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return false;
  }
  const range = ip.range();
  if (range === "loopback") return allowPrivate;
  if (range !== "unicast") return false;
  // Deprecated IPv4-compatible ::a.b.c.d is "unicast" to ipaddr.js; never needed, refuse it.
  return !(ip.kind() === "ipv6" && ip.match(IPV4_COMPATIBLE));
}

interface Vetted {
  addresses: { address: string; family: number }[];
  expires: number;
}
const dnsCache = new Map<string, Vetted>();
/** Failed lookups, remembered as long as good ones: a crawl linking 1 000 times to a dead host asks DNS once. */
const dnsFailures = new Map<string, { message: string; expires: number }>();

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
        addresses = await withSignal(dns.lookup(host, { all: true, verbatim: true }), signal);
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
  const bad = addresses.find((a) => !isAddressAllowed(a.address, allowPrivate));
  if (bad) {
    throw new SsrfError("blocked", `Refused to connect to ${host}: ${bad.address} is a private or reserved address`, url);
  }
  return addresses;
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
  const base = buildConnector({ lookup, timeout: 10_000, allowH2: false } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (opts, callback) => {
    const started = performance.now();
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
      const requestStart = performance.now();
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(target, { dispatcher: opts.agent ?? agentFor(allowPrivate), method, headers, signal: controller.signal });
      } catch (err) {
        throw toSsrfError(err, current, controller.signal);
      } finally {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        if (queue.length === 0) connectWaiters.delete(key);
      }
      const ttfbMs = performance.now() - requestStart - (connectMs ?? 0);
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
