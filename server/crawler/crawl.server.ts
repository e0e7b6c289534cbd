/**
 * One crawl worker over a crawl store (issue 3 "Crawl state", issue 14.1). It claims frontier
 * batches, fetches under per-host limits, records results in batches (one store write per flush)
 * and renews its lease; with the database store any number of these share a crawl, in any number
 * of processes, and a worker that dies leaves claims that others take over when the lease runs
 * out. The last worker to find the frontier empty queues the sitemap-only URLs, then runs the
 * audit (finalize-crawl.server.ts).
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { SiteAuditResult } from "../audit/model.ts";
import { crawlSettingsSchema, type CrawlSettings } from "../audit/settings.server.ts";
import { SsrfError, vetUrl } from "../net/ssrf.server.ts";
import type { ClaimedUrl, CrawlStore, StoredRobots, UrlResult } from "./crawl-store.ts";
import { createExtractPool } from "./extract-pool.server.ts";
import { type CrawlFetcher, createFetcher } from "./fetcher.server.ts";
import { finalizeCrawl } from "./finalize-crawl.server.ts";
import { HostLimiter, type HostLimits } from "./host-limiter.server.ts";
import { BLOCKED_MESSAGE, type ProcessContext, processUrl } from "./process.server.ts";
import type { PageRenderer } from "./render.server.ts";
import { type RobotsRules, fetchRobots, parseRobots } from "./robots.server.ts";
import { readRobots, readSitemaps } from "./setup.server.ts";
import { createScope, normalizeUrl } from "./url.server.ts";

/** Options of {@link runCrawl}. */
export interface CrawlWorkerOptions {
  allowPrivate: boolean;
  /** Identifies this worker's claims; default host:pid:random. */
  workerId?: string;
  /** A claim not renewed for this long is taken over by other workers, in ms. Default 60 000. */
  leaseMs?: number;
  /** Stops the worker (its claims are left to expire). */
  signal?: AbortSignal;
  /** Called after each recorded batch with the number of results recorded. */
  onBatch?: (recorded: number) => void;
  /** false: stop when the frontier is exhausted and leave the audit to finalizeAudit elsewhere. Default true. */
  finalize?: boolean;
  /** Workers sharing each crawl (CRAWL_WORKERS_PER_AUDIT): this one keeps 1/share of the politeness limits. Default 1. */
  share?: number;
  /** Worker threads that parse pages; default: one per core but two when the cores are free (see defaultThreads), 0: parse in this thread. */
  threads?: number;
}

/** Per-host limits of one worker of `share` on a crawl: together they stay within the crawl's settings. */
export function shareLimits(limits: HostLimits, share: number): HostLimits {
  if (share <= 1) return limits;
  return { concurrency: Math.max(1, Math.floor(limits.concurrency / share)), intervalMs: limits.intervalMs * share };
}

/** What a worker did. */
export interface CrawlWorkerResult {
  /** Results this worker recorded. */
  recorded: number;
  /** This worker ran the audit at the end. */
  finalized: boolean;
  status: string;
  /** The audit's result when this worker ran it. */
  audit?: SiteAuditResult;
}

const DEFAULT_LEASE_MS = 60_000;
/** Results recorded per store write at most, and the longest they wait, in ms. */
const FLUSH_SIZE = 100;
const FLUSH_MS = 100;

/** A unique id for a worker of this process. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** Takes the crawl from queued (or a stale start) to running, reading robots.txt and sitemaps once. */
async function startCrawl(store: CrawlStore, settings: CrawlSettings, fetcher: CrawlFetcher, leaseMs: number, allowPrivate: boolean) {
  const startUrl = await store.beginStart(leaseMs);
  if (startUrl === null) return;
  const origin = new URL(startUrl).origin;
  // Issue 9.9: a site the SSRF guard refuses ends the audit failed, with the reason (never the address).
  try {
    await vetUrl(startUrl, allowPrivate);
  } catch (err) {
    if (!(err instanceof SsrfError) || err.code !== "blocked") throw err;
    await store.fail(BLOCKED_MESSAGE);
    return;
  }
  await store.clearSitemapEntries();
  const robots = await readRobots(store, origin, fetcher);
  await readSitemaps(store, origin, robots, fetcher, settings.queryParams);
  await store.markRunning();
}

/**
 * Decides what an idle worker does: "wait" (others hold live claims), "continue" (new work was
 * queued), "start" (another worker is still starting the crawl), "finalize" (nothing left: run
 * the audit) or "end" (the crawl is finished, cancelled or failed).
 */
async function whenIdle(
  store: CrawlStore,
  leaseMs: number,
  isInternal: (url: string) => boolean,
): Promise<"wait" | "continue" | "end" | "finalize" | "start"> {
  const audit = await store.load();
  if (!audit || audit.status !== "running") return audit?.status === "starting" ? "start" : "end";
  const counts = await store.frontier(leaseMs);
  if (counts.liveClaims > 0) return "wait";
  const settings = crawlSettingsSchema.parse(audit.settings);
  const claimable = counts.pending - counts.pendingPages + (audit.pagesClaimed < settings.maxPages ? counts.pendingPages : 0);
  if (claimable > 0) return "continue";
  // Pending rows left while nothing is claimable: page rows beyond maxPages, or expired claims
  // that the next claim takes over.
  if (counts.expiredClaims) return "continue";
  if (audit.phase === "links") return (await store.queueSitemapUrls(isInternal)) ? "continue" : "wait";
  return "finalize";
}

/** The robots.txt rules of the start origin as stored by the worker that started the crawl. */
function storedRules(origin: string, stored: StoredRobots, userAgent: string): RobotsRules {
  return stored.state === "parsed"
    ? parseRobots(origin, stored.body, userAgent, stored.statusCode ?? 200)
    : { ...parseRobots(origin, "", userAgent), state: stored.state, isAllowed: () => stored.state === "none" };
}

/**
 * Runs one worker on a crawl until the crawl has no work left (or `signal` aborts). Safe to run
 * concurrently with other workers on the same crawl when the store is shared (database store).
 */
export async function runCrawl(store: CrawlStore, opts: CrawlWorkerOptions): Promise<CrawlWorkerResult> {
  const workerId = opts.workerId ?? newWorkerId();
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const first = await store.load();
  if (!first) throw new Error("No such crawl");
  if (["done", "failed", "cancelled"].includes(first.status)) return { recorded: 0, finalized: false, status: first.status };
  // A finisher that died: redo the audit once its lease ran out.
  if (first.status === "finishing") {
    const audit = await finalizeCrawl(store);
    return { recorded: 0, finalized: audit !== null, status: (await store.load())!.status, ...(audit ? { audit } : {}) };
  }
  const settings = crawlSettingsSchema.parse(first.settings);
  const start = new URL(first.startUrl);
  const fetcher = createFetcher({
    allowPrivate: opts.allowPrivate,
    timeoutMs: settings.timeoutMs,
    connections: Math.max(settings.concurrency, settings.externalConcurrency),
    ...(settings.userAgent ? { userAgent: settings.userAgent } : {}),
  });
  const scope = createScope(start.href, settings);
  const isInternal = (url: string) => scope(url) === "internal";
  const normalize = (u: URL) => normalizeUrl(u.href, undefined, settings.queryParams) ?? u.href;
  const robotsCache = new Map<string, Promise<RobotsRules>>();
  let startRules: RobotsRules | null = null;
  const share = opts.share ?? 1;
  const limiter = new HostLimiter((host) =>
    shareLimits(
      host === start.host
        ? { concurrency: settings.concurrency, intervalMs: settings.maxRps > 0 ? 1000 / settings.maxRps : 0 }
        : {
            concurrency: scope(`${start.protocol}//${host}/`) === "external" ? settings.externalConcurrency : settings.concurrency,
            intervalMs: 0,
          },
      share,
    ),
  );
  const robotsFor = (origin: string): Promise<RobotsRules> => {
    if (origin === start.origin && startRules) return Promise.resolve(startRules);
    let p = robotsCache.get(origin);
    if (!p) {
      p = fetchRobots(origin, fetcher).then((r) => {
        if (r.crawlDelayMs)
          limiter.setLimits(new URL(origin).host, shareLimits({ concurrency: 1, intervalMs: Math.min(r.crawlDelayMs, 60_000) }, share));
        return r;
      });
      robotsCache.set(origin, p);
    }
    return p;
  };
  let renderer: PageRenderer | null = null;
  if (settings.render) {
    // Loaded only when asked: playwright-core is large.
    const { createRenderer } = await import("./render.server.ts");
    renderer = await createRenderer(fetcher, { normalize, isInternal: (u) => scope(u.href) !== "external" });
  }
  const extractor = createExtractPool(start.href, settings, { normalize, isInternal: (u) => scope(u.href) !== "external" }, opts.threads);
  const ctx: ProcessContext = { settings, fetcher, limiter, scope, normalize, robotsFor, renderer, extractor };

  let recorded = 0;
  let audit: SiteAuditResult | null = null;
  const buffer: UrlResult[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let lastFlush = Date.now();
  const flush = () => {
    const batch = buffer.splice(0, buffer.length);
    lastFlush = Date.now();
    flushing = flushing.then(async () => {
      const n = await store.save(workerId, batch);
      recorded += n;
      opts.onBatch?.(n);
    });
    return flushing;
  };
  const renew = setInterval(() => void store.renew(workerId).catch(() => undefined), Math.max(1000, leaseMs / 3));
  try {
    await startCrawl(store, settings, fetcher, leaseMs, opts.allowPrivate);
    const capacity =
      (settings.concurrency + (settings.checkResources || settings.checkExternal ? settings.externalConcurrency * 2 : 0)) * 2;
    const active = new Set<Promise<void>>();
    for (;;) {
      if (opts.signal?.aborted) break;
      if (!startRules) {
        const stored = (await store.load())?.robots as StoredRobots | null;
        if (stored) {
          startRules = storedRules(start.origin, stored, fetcher.userAgent);
          if (startRules.crawlDelayMs)
            limiter.setLimits(start.host, shareLimits({ concurrency: 1, intervalMs: Math.min(startRules.crawlDelayMs, 60_000) }, share));
        }
      }
      const room = capacity - active.size;
      let batch: ClaimedUrl[] = room >= capacity / 2 ? await store.claim(workerId, room, leaseMs) : [];
      // Issue 14.1: a frontier that ran dry while results wait in the buffer is refilled at once
      // (their discoveries), not after FLUSH_MS: the fetch slots would sit idle meanwhile.
      if (room >= capacity / 2 && batch.length < room && buffer.length > 0) {
        await flush();
        batch = batch.concat(await store.claim(workerId, room - batch.length, leaseMs));
      }
      for (const item of batch) {
        const task = processUrl(ctx, item).then((result) => {
          buffer.push(result);
          if (buffer.length >= FLUSH_SIZE || Date.now() - lastFlush > FLUSH_MS) void flush();
        });
        const p: Promise<void> = task.finally(() => active.delete(p));
        active.add(p);
      }
      if (active.size > 0) {
        // The tick is cancelled once the race is decided: a pending one would hold the process open
        // for up to FLUSH_MS after the crawl (a CLI audit's exit) and pile up one timer per turn.
        const tick = new AbortController();
        await Promise.race([...active, sleep(FLUSH_MS, undefined, { signal: tick.signal })]);
        tick.abort();
        if (buffer.length > 0 && Date.now() - lastFlush > FLUSH_MS) void flush();
        continue;
      }
      const before = recorded;
      if (buffer.length > 0) await flush();
      await flushing;
      // Results just recorded may have queued new URLs: claim again before calling the crawl idle.
      if (batch.length > 0 || recorded !== before) continue;
      const next = await whenIdle(store, leaseMs, isInternal);
      if (next === "end") break;
      if (next === "finalize") {
        if (opts.finalize !== false) audit = await finalizeCrawl(store);
        break;
      }
      // Another worker is reading robots.txt and sitemaps; if it died, take over once its lease ran out.
      if (next === "start") await startCrawl(store, settings, fetcher, leaseMs, opts.allowPrivate);
      if (next === "wait" || next === "start") await sleep(200);
    }
    await Promise.all(active);
    if (buffer.length > 0) await flush();
    await flushing;
  } catch (err) {
    // Drizzle wraps driver errors with the whole query in the message: keep the driver's reason.
    const cause = (err as { cause?: unknown }).cause;
    const message = cause instanceof Error ? cause.message : (err as Error).message;
    await store.fail(message.slice(0, 2000));
    throw err;
  } finally {
    clearInterval(renew);
    await renderer?.close();
    await extractor.close();
    await fetcher.close();
  }
  const last = await store.load();
  return { recorded, finalized: audit !== null, status: last?.status ?? "unknown", ...(audit ? { audit } : {}) };
}
