/**
 * Crawl state in the database (issue 3 "Crawl state"): claiming frontier batches with
 * SELECT … FOR UPDATE SKIP LOCKED, lease renewal, and recording results exactly once (a result is
 * kept only while its row is still claimed by the worker that fetched it).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { auditPages, auditResources, auditUrls, audits } from "../db/schema.server.ts";
import type { ClaimedUrl, NewLink, NewUrl, UrlResult } from "./crawl-store.ts";
import { dedupeUrls } from "./frontier.ts";

export type { ClaimedUrl, NewLink, NewUrl, UrlResult } from "./crawl-store.ts";
export { compareKeys } from "./frontier.ts";

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** Splits a list into chunks (bulk inserts stay under PostgreSQL's 65 535 parameters). */
function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Claims up to `limit` frontier rows for `workerId`: pending rows, and claimed rows whose lease
 * (`leaseMs`) ran out (their worker died). Page rows stop once `maxPages` pages were handed out.
 * Pages come level by level in breadth-first key order (issue 16.2): a page of the next level is
 * handed out only once no page of a lower level is pending or being fetched, so every key of the
 * level is final and a page limit always cuts the same URLs. Sitemap-only rows come last.
 */
export async function claimBatch(db: Database, auditId: number, workerId: string, limit: number, leaseMs: number): Promise<ClaimedUrl[]> {
  return retryOnConflict(() => claimOnce(db, auditId, workerId, limit, leaseMs));
}

async function claimOnce(db: Database, auditId: number, workerId: string, limit: number, leaseMs: number): Promise<ClaimedUrl[]> {
  return db.transaction(async (tx) => {
    const [audit] = rowsOf<{ status: string; pages_claimed: number; max_pages: number }>(
      await tx.execute(
        sql`SELECT status, pages_claimed, (settings->>'maxPages')::int AS max_pages FROM audits WHERE id = ${auditId} FOR UPDATE`,
      ),
    );
    if (!audit || audit.status !== "running") return [];
    const pageRoom = Math.max(0, audit.max_pages - audit.pages_claimed);
    const lease = `${Math.round(leaseMs)} milliseconds`;
    const claimKind = async (kindFilter: ReturnType<typeof sql>, n: number) =>
      n <= 0
        ? []
        : rowsOf<Omit<ClaimedUrl, "key"> & { order_key: number[] | null; was_pending: boolean }>(
            await tx.execute(sql`
              WITH c AS (
                SELECT id, status = 'pending' AS was_pending FROM audit_urls
                WHERE audit_id = ${auditId} AND ${kindFilter}
                  AND (status = 'pending' OR (status = 'claimed' AND claimed_at < now() - ${lease}::interval))
                ORDER BY cardinality(order_key) NULLS LAST, order_key, id
                LIMIT ${n}
                FOR UPDATE SKIP LOCKED
              )
              UPDATE audit_urls u SET status = 'claimed', claimed_by = ${workerId}, claimed_at = now()
              FROM c WHERE u.id = c.id
              RETURNING u.id, u.url, u.kind, u.depth, u.source, u.order_key, c.was_pending`),
          );
    const [level] = rowsOf<{ m: number | null }>(
      await tx.execute(sql`
        SELECT min(cardinality(order_key)) AS m FROM audit_urls
        WHERE audit_id = ${auditId} AND kind = 'page' AND status IN ('pending', 'claimed') AND order_key IS NOT NULL`),
    );
    const lowest = level?.m ?? null;
    const levelFilter = lowest === null ? sql`order_key IS NULL` : sql`cardinality(order_key) = ${Number(lowest)}`;
    const pages = await claimKind(sql`kind = 'page' AND ${levelFilter}`, Math.min(limit, pageRoom));
    const others = await claimKind(sql`kind <> 'page'`, limit - pages.length);
    const newPages = pages.filter((p) => p.was_pending).length;
    if (newPages > 0) await tx.execute(sql`UPDATE audits SET pages_claimed = pages_claimed + ${newPages} WHERE id = ${auditId}`);
    return [...pages, ...others].map(({ id, url, kind, depth, source, order_key }) => ({
      id: Number(id),
      url,
      kind,
      depth,
      source,
      key: order_key,
    }));
  });
}

/**
 * Renews the lease of the rows `workerId` holds in the crawl. Rows locked by a transaction of
 * this worker that is recording them are skipped (waiting for them could deadlock with it).
 */
export async function renewClaims(db: Database, auditId: number, workerId: string): Promise<void> {
  await db.execute(sql`
    UPDATE audit_urls SET claimed_at = now() WHERE id IN (
      SELECT id FROM audit_urls
      WHERE audit_id = ${auditId} AND claimed_by = ${workerId} AND status = 'claimed'
      ORDER BY id FOR UPDATE SKIP LOCKED)`);
}

/**
 * Adds URLs to the frontier. A URL already known and still pending takes the smaller
 * breadth-first key (and depth) of the two discoveries, so its place does not depend on which
 * page was recorded first (issue 16.2); a row already claimed or done is left alone. Sorted keys
 * keep concurrent writers from deadlocking on the same rows.
 */
export async function enqueueUrls(db: Database, auditId: number, urls: readonly NewUrl[]): Promise<void> {
  // One JSON parameter per statement: far cheaper to build and parse than thousands of parameters.
  for (const part of chunks(dedupeUrls(urls), 5000)) {
    const rows = part.map((u) => ({ url: u.url, kind: u.kind, depth: u.depth, source: u.source, k: u.key ?? null }));
    await db.execute(sql`
      INSERT INTO audit_urls AS a (audit_id, url, kind, depth, source, order_key)
      SELECT ${auditId}, x.url, x.kind, x.depth, x.source, x.k
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(url text, kind text, depth int, source text, k int[])
      ORDER BY x.url
      ON CONFLICT (audit_id, url) DO UPDATE
        SET order_key = excluded.order_key, depth = LEAST(a.depth, excluded.depth), source = excluded.source
        WHERE a.status = 'pending' AND a.kind = excluded.kind AND excluded.order_key IS NOT NULL
          AND (a.order_key IS NULL OR (cardinality(excluded.order_key), excluded.order_key) < (cardinality(a.order_key), a.order_key))`);
  }
}

/** Inserts link edges (one JSON parameter per chunk). */
async function insertLinks(db: Database, auditId: number, links: readonly (NewLink & { fromUrlId: number })[]): Promise<void> {
  for (const part of chunks(links, 5000)) {
    await db.execute(sql`
      INSERT INTO audit_links (audit_id, from_url_id, to_url, type, anchor, rel, internal)
      SELECT ${auditId}, x.f, x.t, x.y, x.a, x.r, x.i
      FROM jsonb_to_recordset(${JSON.stringify(part.map((l) => ({ f: l.fromUrlId, t: l.toUrl, y: l.type, a: l.anchor, r: l.rel, i: l.internal })))}::jsonb)
        AS x(f bigint, t text, y text, a text, r text, i boolean)`);
  }
}

/**
 * Records results in one transaction. Only rows still claimed by `workerId` are recorded (a row
 * whose lease was taken over is someone else's now), so no result is stored twice.
 * @returns the number of results recorded.
 */
export async function saveResults(db: Database, auditId: number, workerId: string, results: readonly UrlResult[]): Promise<number> {
  if (results.length === 0) return 0;
  return retryOnConflict(() => saveOnce(db, auditId, workerId, results));
}

/**
 * Runs a transaction again when PostgreSQL aborted it as a deadlock victim or for a
 * serialization failure (up to 5 attempts); other errors are rethrown.
 */
export async function retryOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
      const retryable = code === "40P01" || code === "40001" || /deadlock detected/.test(String(err));
      if (attempt >= 5 || !retryable) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}

/** First key of the advisory lock that serializes the saves of one crawl (the second key is the audit id). */
const SAVE_LOCK_CLASS = 0x52465331; // "RFS1"

async function saveOnce(db: Database, auditId: number, workerId: string, results: readonly UrlResult[]): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Workers sharing a crawl discover the same links: their upserts lock the same audit_urls rows
    // in an order no sort can fix (each first locks its own finished rows), so PostgreSQL found
    // deadlocks with 4 workers on one crawl (issue 9 scale-out). One save per crawl at a time.
    await t.execute(sql`SELECT pg_advisory_xact_lock(${SAVE_LOCK_CLASS}, ${auditId})`);
    const mine = new Set<number>();
    for (const status of ["done", "blocked"] as const) {
      const ids = results
        .filter((r) => r.status === status)
        .map((r) => r.urlId)
        .sort((a, b) => a - b);
      if (ids.length === 0) continue;
      const rows = await t
        .update(auditUrls)
        .set({ status })
        .where(and(inArray(auditUrls.id, ids), eq(auditUrls.status, "claimed"), eq(auditUrls.claimedBy, workerId)))
        .returning({ id: auditUrls.id });
      for (const r of rows) mine.add(Number(r.id));
    }
    const kept = results.filter((r) => mine.has(r.urlId));
    const pages = kept.filter((r) => r.page).map((r) => ({ ...r.page!, urlId: r.urlId, auditId }));
    const resources = kept.filter((r) => r.resource).map((r) => ({ ...r.resource!, urlId: r.urlId, auditId }));
    for (const part of chunks(pages, 500)) await t.insert(auditPages).values(part).onConflictDoNothing();
    for (const part of chunks(resources, 2000)) await t.insert(auditResources).values(part).onConflictDoNothing();
    await insertLinks(
      t,
      auditId,
      kept.flatMap((r) => r.links.map((l) => ({ ...l, fromUrlId: r.urlId }))),
    );
    await enqueueUrls(
      t,
      auditId,
      kept.flatMap((r) => r.discovered),
    );
    return kept.length;
  });
}

/** Counts of the frontier by status for progress and the idle test. `liveClaims`: claims within their lease. */
export async function frontierCounts(
  db: Database,
  auditId: number,
  leaseMs: number,
): Promise<{
  pending: number;
  pendingPages: number;
  liveClaims: number;
  pagesDone: number;
  pagesQueued: number;
  errors: number;
  total: number;
}> {
  const lease = `${Math.round(leaseMs)} milliseconds`;
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      SELECT
        count(*) FILTER (WHERE status = 'pending') AS pending,
        count(*) FILTER (WHERE status = 'pending' AND kind = 'page') AS pending_pages,
        count(*) FILTER (WHERE status = 'claimed' AND claimed_at >= now() - ${lease}::interval) AS live_claims,
        count(*) FILTER (WHERE kind = 'page' AND status IN ('done', 'blocked')) AS pages_done,
        count(*) FILTER (WHERE kind = 'page' AND status IN ('pending', 'claimed')) AS pages_queued,
        count(*) AS total
      FROM audit_urls WHERE audit_id = ${auditId}`),
  );
  const [err] = rowsOf<{ errors: string | number }>(
    await db.execute(
      sql`SELECT count(*) AS errors FROM audit_pages WHERE audit_id = ${auditId} AND (status_code IS NULL OR status_code >= 400)`,
    ),
  );
  return {
    pending: Number(row!.pending),
    pendingPages: Number(row!.pending_pages),
    liveClaims: Number(row!.live_claims),
    pagesDone: Number(row!.pages_done),
    pagesQueued: Number(row!.pages_queued),
    errors: Number(err!.errors),
    total: Number(row!.total),
  };
}

/** Loads a crawl row or null. */
export async function loadAudit(db: Database, auditId: number): Promise<typeof audits.$inferSelect | null> {
  const [row] = await db.select().from(audits).where(eq(audits.id, auditId));
  return row ?? null;
}
