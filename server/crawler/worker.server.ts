/**
 * One crawl worker (issue 3 "Crawl state"): any number of these, in any number of processes,
 * share a crawl through the database. Each claims frontier batches (SKIP LOCKED), fetches under
 * per-host limits, records results in batched transactions and renews its lease; a worker that
 * dies leaves claims that others take over when the lease runs out. The last worker to find the
 * frontier empty queues the sitemap-only URLs, then runs the audit (finalize.server.ts).
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { auditSitemapEntries, auditUrls, audits } from "../db/schema.server.ts";
import { type CrawlFetcher, createFetcher } from "./fetcher.server.ts";
import { finalizeAudit } from "./finalize.server.ts";
import { HostLimiter } from "./host-limiter.server.ts";
import { BLOCKED_MESSAGE, type ProcessContext, processUrl } from "./process.server.ts";
import { SsrfError, vetUrl } from "../net/ssrf.server.ts";
import type { PageRenderer } from "./render.server.ts";
import { type RobotsRules, fetchRobots, parseRobots } from "./robots.server.ts";
import { crawlSettingsSchema, type CrawlSettings } from "../audit/settings.server.ts";
import { type StoredRobots, readRobots, readSitemaps } from "./setup.server.ts";
import {
  type ClaimedUrl,
  type UrlResult,
  claimBatch,
  frontierCounts,
  loadAudit,
  renewClaims,
  retryOnConflict,
  saveResults,
} from "./store.server.ts";
import { createScope, normalizeUrl } from "./url.server.ts";

/** Options of {@link runCrawlWorker}. */
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
}

/** What a worker did. */
export interface CrawlWorkerResult {
  /** Results this worker recorded. */
  recorded: number;
  /** This worker ran the audit at the end. */
  finalized: boolean;
  status: string;
}

const DEFAULT_LEASE_MS = 60_000;
/** Results recorded per transaction at most, and the longest they wait, in ms. */
const FLUSH_SIZE = 100;
const FLUSH_MS = 100;

/** A unique id for a worker of this process. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** Takes the crawl from queued (or a stale start) to running, reading robots.txt and sitemaps once. */
async function startAudit(
  db: Database,
  auditId: number,
  settings: CrawlSettings,
  fetcher: CrawlFetcher,
  leaseMs: number,
  allowPrivate: boolean,
): Promise<void> {
  const won = await db
    .update(audits)
    .set({ status: "starting", startedAt: new Date() })
    .where(
      and(
        eq(audits.id, auditId),
        or(eq(audits.status, "queued"), and(eq(audits.status, "starting"), lt(audits.startedAt, new Date(Date.now() - leaseMs)))),
      ),
    )
    .returning({ startUrl: audits.startUrl });
  if (won.length === 0) return;
  const origin = new URL(won[0]!.startUrl).origin;
  // Issue 9.9: a site the SSRF guard refuses ends the audit failed, with the reason (never the address).
  try {
    await vetUrl(won[0]!.startUrl, allowPrivate);
  } catch (err) {
    if (!(err instanceof SsrfError) || err.code !== "blocked") throw err;
    await db.update(audits).set({ status: "failed", error: BLOCKED_MESSAGE, finishedAt: new Date() }).where(eq(audits.id, auditId));
    return;
  }
  await db.delete(auditSitemapEntries).where(eq(auditSitemapEntries.auditId, auditId));
  const robots = await readRobots(db, auditId, origin, fetcher);
  await readSitemaps(db, auditId, origin, robots, fetcher, settings.queryParams);
  await db
    .update(audits)
    .set({ status: "running" })
    .where(and(eq(audits.id, auditId), eq(audits.status, "starting")));
}

/** Queues the in-scope sitemap URLs not reached by links (depth null: their links are not followed). */
async function queueSitemapUrls(db: Database, auditId: number, scope: (url: string) => string): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: auditSitemapEntries.id, url: auditSitemapEntries.url })
      .from(auditSitemapEntries)
      .where(and(eq(auditSitemapEntries.auditId, auditId), sql`${auditSitemapEntries.id} > ${after}`))
      .orderBy(auditSitemapEntries.id)
      .limit(5000);
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    const urls = rows
      .filter((r) => scope(r.url) === "internal")
      .map((r) => ({ url: r.url, kind: "page" as const, depth: null, source: "sitemap" }));
    // Known URLs keep their depth and status: only new ones are added.
    for (let i = 0; i < urls.length; i += 5000) {
      await db
        .insert(auditUrls)
        .values(urls.slice(i, i + 5000).map((u) => ({ auditId, ...u })))
        .onConflictDoNothing();
    }
  }
}

/**
 * Decides what an idle worker does: "wait" (others hold live claims), "continue" (new work was
 * queued), "start" (another worker is still starting the crawl), "finalize" (nothing left: run
 * the audit) or "end" (the crawl is finished, cancelled or failed).
 */
async function whenIdle(
  db: Database,
  auditId: number,
  leaseMs: number,
  scope: (url: string) => string,
): Promise<"wait" | "continue" | "end" | "finalize" | "start"> {
  const audit = await loadAudit(db, auditId);
  if (!audit || audit.status !== "running") return audit?.status === "starting" ? "start" : "end";
  const counts = await frontierCounts(db, auditId, leaseMs);
  if (counts.liveClaims > 0) return "wait";
  const settings = crawlSettingsSchema.parse(audit.settings);
  const claimable = counts.pending - counts.pendingPages + (audit.pagesClaimed < settings.maxPages ? counts.pendingPages : 0);
  if (claimable > 0) return "continue";
  // Pending rows left while nothing is claimable: page rows beyond maxPages, or expired claims
  // that the next claim takes over.
  const expired = await db.execute(sql`SELECT 1 FROM audit_urls WHERE audit_id = ${auditId} AND status = 'claimed' LIMIT 1`);
  if ((expired as unknown as { rows: unknown[] }).rows.length > 0) return "continue";
  if (audit.phase === "links") {
    const switched = await retryOnConflict(() =>
      db.transaction(async (tx) => {
        const t = tx as unknown as Database;
        const rows = await t
          .update(audits)
          .set({ phase: "sitemap" })
          .where(and(eq(audits.id, auditId), eq(audits.phase, "links")))
          .returning({ id: audits.id });
        if (rows.length > 0) await queueSitemapUrls(t, auditId, scope);
        return rows.length > 0;
      }),
    );
    return switched ? "continue" : "wait";
  }
  return "finalize";
}

/**
 * Runs one worker on a crawl until the crawl has no work left (or `signal` aborts). Safe to run
 * concurrently with other workers on the same crawl, in this or other processes.
 */
export async function runCrawlWorker(db: Database, auditId: number, opts: CrawlWorkerOptions): Promise<CrawlWorkerResult> {
  const workerId = opts.workerId ?? newWorkerId();
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const first = await loadAudit(db, auditId);
  if (!first) throw new Error(`No crawl ${auditId}`);
  if (["done", "failed", "cancelled"].includes(first.status)) return { recorded: 0, finalized: false, status: first.status };
  // A finisher that died: redo the audit once its lease ran out.
  if (first.status === "finishing")
    return { recorded: 0, finalized: await finalizeAudit(db, auditId), status: (await loadAudit(db, auditId))!.status };
  const settings = crawlSettingsSchema.parse(first.settings);
  const start = new URL(first.startUrl);
  const fetcher = createFetcher({
    allowPrivate: opts.allowPrivate,
    timeoutMs: settings.timeoutMs,
    connections: Math.max(settings.concurrency, settings.externalConcurrency),
    ...(settings.userAgent ? { userAgent: settings.userAgent } : {}),
  });
  const scope = createScope(start.href, settings);
  const normalize = (u: URL) => normalizeUrl(u.href, undefined, settings.queryParams) ?? u.href;
  const robotsCache = new Map<string, Promise<RobotsRules>>();
  let startRules: RobotsRules | null = null;
  const limiter = new HostLimiter((host) =>
    host === start.host
      ? { concurrency: settings.concurrency, intervalMs: settings.maxRps > 0 ? 1000 / settings.maxRps : 0 }
      : {
          concurrency: scope(`${start.protocol}//${host}/`) === "external" ? settings.externalConcurrency : settings.concurrency,
          intervalMs: 0,
        },
  );
  const robotsFor = (origin: string): Promise<RobotsRules> => {
    if (origin === start.origin && startRules) return Promise.resolve(startRules);
    let p = robotsCache.get(origin);
    if (!p) {
      p = fetchRobots(origin, fetcher).then((r) => {
        if (r.crawlDelayMs) limiter.setLimits(new URL(origin).host, { concurrency: 1, intervalMs: Math.min(r.crawlDelayMs, 60_000) });
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
  const ctx: ProcessContext = { settings, fetcher, limiter, scope, normalize, robotsFor, renderer };

  let recorded = 0;
  let finalized = false;
  const buffer: UrlResult[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let lastFlush = Date.now();
  const flush = () => {
    const batch = buffer.splice(0, buffer.length);
    lastFlush = Date.now();
    flushing = flushing.then(async () => {
      const n = await saveResults(db, auditId, workerId, batch);
      recorded += n;
      opts.onBatch?.(n);
    });
    return flushing;
  };
  const renew = setInterval(() => void renewClaims(db, auditId, workerId).catch(() => undefined), Math.max(1000, leaseMs / 3));
  try {
    await startAudit(db, auditId, settings, fetcher, leaseMs, opts.allowPrivate);
    const capacity =
      (settings.concurrency + (settings.checkResources || settings.checkExternal ? settings.externalConcurrency * 2 : 0)) * 2;
    const active = new Set<Promise<void>>();
    for (;;) {
      if (opts.signal?.aborted) break;
      if (!startRules) {
        const row = await loadAudit(db, auditId);
        const stored = row?.robots as StoredRobots | null;
        if (stored) {
          startRules =
            stored.state === "parsed"
              ? parseRobots(start.origin, stored.body, fetcher.userAgent, stored.statusCode ?? 200)
              : { ...parseRobots(start.origin, "", fetcher.userAgent), state: stored.state, isAllowed: () => stored.state === "none" };
          if (startRules.crawlDelayMs)
            limiter.setLimits(start.host, { concurrency: 1, intervalMs: Math.min(startRules.crawlDelayMs, 60_000) });
        }
      }
      const room = capacity - active.size;
      const batch: ClaimedUrl[] = room >= capacity / 2 ? await claimBatch(db, auditId, workerId, room, leaseMs) : [];
      for (const item of batch) {
        const task = processUrl(ctx, item).then((result) => {
          buffer.push(result);
          if (buffer.length >= FLUSH_SIZE || Date.now() - lastFlush > FLUSH_MS) void flush();
        });
        const p: Promise<void> = task.finally(() => active.delete(p));
        active.add(p);
      }
      if (active.size > 0) {
        await Promise.race([...active, sleep(FLUSH_MS)]);
        if (buffer.length > 0 && Date.now() - lastFlush > FLUSH_MS) void flush();
        continue;
      }
      const before = recorded;
      if (buffer.length > 0) await flush();
      await flushing;
      // Results just recorded may have queued new URLs: claim again before calling the crawl idle.
      if (batch.length > 0 || recorded !== before) continue;
      const next = await whenIdle(db, auditId, leaseMs, scope);
      if (next === "end") break;
      if (next === "finalize") {
        if (opts.finalize !== false) finalized = await finalizeAudit(db, auditId);
        break;
      }
      // Another worker is reading robots.txt and sitemaps; if it died, take over once its lease ran out.
      if (next === "start") await startAudit(db, auditId, settings, fetcher, leaseMs, opts.allowPrivate);
      if (next === "wait" || next === "start") await sleep(200);
    }
    await Promise.all(active);
    if (buffer.length > 0) await flush();
    await flushing;
  } catch (err) {
    // Drizzle wraps driver errors with the whole query in the message: keep the driver's reason.
    const cause = (err as { cause?: unknown }).cause;
    const message = cause instanceof Error ? cause.message : (err as Error).message;
    await db
      .update(audits)
      .set({ status: "failed", error: message.slice(0, 2000), finishedAt: new Date() })
      .where(and(eq(audits.id, auditId), isNull(audits.finishedAt)));
    throw err;
  } finally {
    clearInterval(renew);
    await renderer?.close();
    await fetcher.close();
  }
  const last = await loadAudit(db, auditId);
  return { recorded, finalized, status: last?.status ?? "unknown" };
}
