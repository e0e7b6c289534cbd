/**
 * The crawl store in PostgreSQL or PGlite (issue 14.1): any number of workers in any number of
 * processes share a crawl through it (claims with leases, SKIP LOCKED, results recorded once per
 * flush in one transaction of multi-row statements), and a crawl survives a crash.
 */
import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { SITE_CHECK_FACT_FIELDS, type SitemapFile } from "../audit/model.ts";
import { crawlSettingsSchema } from "../audit/settings.server.ts";
import type { Database } from "../db/client.server.ts";
import {
  auditIssues,
  auditLinks,
  auditPageMetrics,
  auditPages,
  auditResources,
  auditSitemapEntries,
  auditUrls,
  audits,
} from "../db/schema.server.ts";
import type { CrawlStore, StoredRobots } from "./crawl-store.ts";
import { type Hop, type PageRecord, buildSnapshot, interner } from "./snapshot-build.ts";
import { claimBatch, frontierCounts, loadAudit, renewClaims, retryOnConflict, saveResults } from "./store.server.ts";

/** How long a finishing crawl may go without completing before another worker redoes the audit, in ms. */
export const FINISH_LEASE_MS = 5 * 60_000;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** The store of crawl `auditId` in `db`. */
export function dbCrawlStore(db: Database, auditId: number): CrawlStore {
  return {
    load: () => loadAudit(db, auditId),
    async beginStart(leaseMs) {
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
      return won[0]?.startUrl ?? null;
    },
    async markRunning() {
      await db
        .update(audits)
        .set({ status: "running" })
        .where(and(eq(audits.id, auditId), eq(audits.status, "starting")));
    },
    async fail(message) {
      await db
        .update(audits)
        .set({ status: "failed", error: message, finishedAt: new Date() })
        .where(and(eq(audits.id, auditId), isNull(audits.finishedAt)));
    },
    async saveRobots(robots: StoredRobots) {
      await db.update(audits).set({ robots }).where(eq(audits.id, auditId));
    },
    async clearSitemapEntries() {
      await db.delete(auditSitemapEntries).where(eq(auditSitemapEntries.auditId, auditId));
    },
    async addSitemapEntries(entries) {
      for (let i = 0; i < entries.length; i += 5000)
        await db.insert(auditSitemapEntries).values(entries.slice(i, i + 5000).map((e) => ({ auditId, ...e })));
    },
    async saveSitemapFiles(files: SitemapFile[]) {
      await db.update(audits).set({ sitemaps: files }).where(eq(audits.id, auditId));
    },
    claim: (workerId, limit, leaseMs) => claimBatch(db, auditId, workerId, limit, leaseMs),
    renew: (workerId) => renewClaims(db, auditId, workerId),
    save: (workerId, results) => saveResults(db, auditId, workerId, results),
    async frontier(leaseMs) {
      const counts = await frontierCounts(db, auditId, leaseMs);
      const expired = await db.execute(sql`SELECT 1 FROM audit_urls WHERE audit_id = ${auditId} AND status = 'claimed' LIMIT 1`);
      return { ...counts, expiredClaims: rowsOf(expired).length > 0 && counts.liveClaims === 0 };
    },
    queueSitemapUrls: (isInternal) =>
      retryOnConflict(() =>
        db.transaction(async (tx) => {
          const t = tx as unknown as Database;
          const rows = await t
            .update(audits)
            .set({ phase: "sitemap" })
            .where(and(eq(audits.id, auditId), eq(audits.phase, "links")))
            .returning({ id: audits.id });
          if (rows.length > 0) await queueSitemapRows(t, auditId, isInternal);
          return rows.length > 0;
        }),
      ),
    async beginFinish() {
      const won = await db
        .update(audits)
        .set({ status: "finishing", finishedAt: new Date() })
        .where(
          and(
            eq(audits.id, auditId),
            or(
              eq(audits.status, "running"),
              and(
                eq(audits.status, "finishing"),
                or(isNull(audits.finishedAt), lt(audits.finishedAt, new Date(Date.now() - FINISH_LEASE_MS))),
              ),
            ),
          ),
        )
        .returning({ id: audits.id });
      return won.length > 0;
    },
    async skipRemaining() {
      const left = await retryOnConflict(() =>
        db
          .update(auditUrls)
          .set({ status: "skipped" })
          .where(and(eq(auditUrls.auditId, auditId), or(eq(auditUrls.status, "pending"), eq(auditUrls.status, "claimed"))))
          .returning({ kind: auditUrls.kind }),
      );
      return left.filter((l) => l.kind === "page").length;
    },
    snapshot: () => readSnapshotRows(db, auditId, { lean: true }),
    saveAudit: (result, limit) =>
      db.transaction(async (tx) => {
        const t = tx as unknown as Database;
        await t.delete(auditIssues).where(eq(auditIssues.auditId, auditId));
        // One JSON parameter per chunk of 5000 occurrences: cheap to build and to parse, on PGlite and
        // PostgreSQL alike; rows are built per chunk, never all at once (issue 14.1).
        const insert = (rows: object[]) =>
          t.execute(sql`
            INSERT INTO audit_issues (audit_id, "check", category, severity, url, details)
            SELECT ${auditId}, x.c, x.g, x.s, x.u, x.d
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(c text, g text, s text, u text, d jsonb)`);
        let rows: object[] = [];
        for (const issue of result.issues)
          for (const o of issue.occurrences) {
            rows.push({
              c: issue.check,
              g: issue.category,
              s: issue.severity,
              u: o.url,
              d: { message: o.message, ...(o.evidence ? { evidence: o.evidence } : {}), ...(o.target ? { target: o.target } : {}) },
            });
            if (rows.length === 5000) {
              await insert(rows);
              rows = [];
            }
          }
        if (rows.length > 0) await insert(rows);
        await t.delete(auditPageMetrics).where(eq(auditPageMetrics.auditId, auditId));
        const metrics = result.pages.map((m) => ({ u: m.url, i: m.inlinks, o: m.outlinks, l: Math.round(m.linkScore), x: m.indexable }));
        for (let i = 0; i < metrics.length; i += 5000) {
          await t.execute(sql`
            INSERT INTO audit_page_metrics (audit_id, url, inlinks, outlinks, link_score, indexable)
            SELECT ${auditId}, x.u, x.i, x.o, x.l, x.x
            FROM jsonb_to_recordset(${JSON.stringify(metrics.slice(i, i + 5000))}::jsonb) AS x(u text, i int, o int, l smallint, x boolean)
            ON CONFLICT DO NOTHING`);
        }
        await t
          .update(audits)
          .set({
            status: "done",
            healthScore: result.healthScore,
            summary: { ...result.summary, pages: result.pages.length, limit },
            finishedAt: sql`now()`,
          })
          .where(eq(audits.id, auditId));
      }),
  };
}

/** Queues the in-scope sitemap URLs not reached by links (depth null: their links are not followed). */
async function queueSitemapRows(db: Database, auditId: number, isInternal: (url: string) => boolean): Promise<void> {
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
      .filter((r) => isInternal(r.url))
      .map((r) => ({ auditId, url: r.url, kind: "page" as const, depth: null, source: "sitemap" }));
    // Known URLs keep their depth and status: only new ones are added.
    if (urls.length > 0) await db.insert(auditUrls).values(urls).onConflictDoNothing();
  }
}

/** Link rows read per query by {@link readSnapshotRows}. */
const LINK_BATCH = 20_000;

/** `facts` of audit_pages limited to SITE_CHECK_FACT_FIELDS (null when none), built by the database. */
const leanFacts = sql.raw(
  `CASE WHEN jsonb_typeof(audit_pages.facts) = 'object' THEN jsonb_build_object(${SITE_CHECK_FACT_FIELDS.map((f) => `'${f}', audit_pages.facts->'${f}'`).join(", ")}) END`,
);

/**
 * Reads a crawl's rows and joins them into the site audit's input model. `lean` (what the site
 * audit reads, issue 14.1): page facts hold only SITE_CHECK_FACT_FIELDS, selected by the database,
 * and link rows are read in batches with repeated targets and anchors as one string each.
 * @throws Error when the crawl does not exist.
 */
export async function readSnapshotRows(db: Database, auditId: number, { lean = false }: { lean?: boolean } = {}) {
  const audit = await loadAudit(db, auditId);
  if (!audit) throw new Error(`No crawl ${auditId}`);
  const hops = new Map<string, Hop>();
  const hopRows = rowsOf<{ url: string; status_code: number | null; location: string | null; error: string | null }>(
    await db.execute(sql`
      SELECT url, status_code, location, error FROM audit_pages WHERE audit_id = ${auditId}
      UNION ALL SELECT url, status_code, location, error FROM audit_resources WHERE audit_id = ${auditId}`),
  );
  for (const r of hopRows) hops.set(r.url, { statusCode: r.status_code, location: r.location, error: r.error });
  const pages = await db
    .select({
      id: auditUrls.id,
      url: auditUrls.url,
      status: auditUrls.status,
      depth: auditUrls.depth,
      fetched: auditPages.urlId,
      statusCode: auditPages.statusCode,
      error: auditPages.error,
      location: auditPages.location,
      contentType: auditPages.contentType,
      timings: auditPages.timings,
      bytesWire: auditPages.bytesWire,
      bytesBody: auditPages.bytesBody,
      headers: auditPages.headers,
      facts: lean ? sql<unknown>`${leanFacts}` : auditPages.facts,
      findings: auditPages.findings,
      render: auditPages.render,
    })
    .from(auditUrls)
    .leftJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
    .where(and(eq(auditUrls.auditId, auditId), eq(auditUrls.kind, "page"), inArray(auditUrls.status, ["done", "blocked"])))
    .orderBy(auditUrls.id);
  // A link target that is a crawled URL shares its string; other targets and anchors are interned.
  const urls = new Map<string, string>();
  for (const u of hops.keys()) urls.set(u, u);
  const intern = interner();
  const links: { from: number; to: string; type: string; anchor: string; rel: string; internal: boolean }[] = [];
  for (let after = 0; ;) {
    const batch = await db
      .select({
        id: auditLinks.id,
        from: auditLinks.fromUrlId,
        to: auditLinks.toUrl,
        type: auditLinks.type,
        anchor: auditLinks.anchor,
        rel: auditLinks.rel,
        internal: auditLinks.internal,
      })
      .from(auditLinks)
      .where(and(eq(auditLinks.auditId, auditId), sql`${auditLinks.id} > ${after}`))
      .orderBy(auditLinks.id)
      .limit(LINK_BATCH);
    for (const l of batch)
      links.push({
        from: Number(l.from),
        to: lean ? (urls.get(l.to) ?? intern(l.to)) : l.to,
        type: lean ? intern(l.type) : l.type,
        anchor: lean ? intern(l.anchor) : l.anchor,
        rel: lean ? intern(l.rel) : l.rel,
        internal: l.internal,
      });
    if (batch.length < LINK_BATCH) break;
    after = batch.at(-1)!.id;
  }
  const resources = await db
    .select({
      url: auditResources.url,
      kind: auditResources.kind,
      statusCode: auditResources.statusCode,
      error: auditResources.error,
      bytes: auditResources.bytes,
      contentType: auditResources.contentType,
      location: auditResources.location,
    })
    .from(auditResources)
    .innerJoin(auditUrls, eq(auditUrls.id, auditResources.urlId))
    .where(and(eq(auditResources.auditId, auditId), ne(auditUrls.source, "redirect")))
    .orderBy(auditResources.urlId);
  const sitemapEntries = await db
    .select({ url: auditSitemapEntries.url, sitemap: auditSitemapEntries.sitemap, lastmod: auditSitemapEntries.lastmod })
    .from(auditSitemapEntries)
    .where(eq(auditSitemapEntries.auditId, auditId))
    .orderBy(auditSitemapEntries.id);
  return buildSnapshot({
    startUrl: audit.startUrl,
    settings: crawlSettingsSchema.parse(audit.settings),
    robots: audit.robots as StoredRobots | null,
    sitemaps: audit.sitemaps as SitemapFile[] | null,
    hops,
    pages: pages.map(({ id, url, status, depth, fetched, ...page }) => ({
      id: Number(id),
      url,
      status,
      depth,
      page: fetched === null ? null : ({ ...page, bytesBody: page.bytesBody ?? 0, headers: page.headers ?? {} } as PageRecord),
    })),
    links,
    resources,
    sitemapEntries,
  });
}
