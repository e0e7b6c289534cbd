/**
 * End of a crawl: one worker wins the running → finishing transition, marks what is left in the
 * frontier as skipped, reads the snapshot, runs the site audit (server/audit/run.ts) and stores
 * its issues and health score. A finisher that died is replaced after {@link FINISH_LEASE_MS}.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { runSiteAudit } from "../audit/run.ts";
import type { Database } from "../db/client.server.ts";
import { auditIssues, auditPageMetrics, auditUrls, audits } from "../db/schema.server.ts";
import { readSnapshot } from "./snapshot.server.ts";
import { retryOnConflict } from "./store.server.ts";
import { crawlSettingsSchema } from "../audit/settings.server.ts";
import type { AuditLimit } from "../audit/limit.ts";

/** How long a finishing crawl may go without completing before another worker redoes the audit, in ms. */
export const FINISH_LEASE_MS = 5 * 60_000;

/**
 * Runs the audit of a crawl whose frontier is exhausted, once. Returns true when this call did it.
 */
export async function finalizeAudit(db: Database, auditId: number): Promise<boolean> {
  const won = await db
    .update(audits)
    .set({ status: "finishing", finishedAt: new Date() })
    .where(
      and(
        eq(audits.id, auditId),
        or(
          eq(audits.status, "running"),
          and(eq(audits.status, "finishing"), or(isNull(audits.finishedAt), lt(audits.finishedAt, new Date(Date.now() - FINISH_LEASE_MS)))),
        ),
      ),
    )
    .returning({ id: audits.id });
  if (won.length === 0) return false;
  const left = await retryOnConflict(() =>
    db
      .update(auditUrls)
      .set({ status: "skipped" })
      .where(and(eq(auditUrls.auditId, auditId), or(eq(auditUrls.status, "pending"), eq(auditUrls.status, "claimed"))))
      .returning({ kind: auditUrls.kind }),
  );
  const [row] = await db.select({ settings: audits.settings }).from(audits).where(eq(audits.id, auditId));
  const limit: AuditLimit = {
    pageLimit: crawlSettingsSchema.parse(row?.settings ?? {}).maxPages,
    pagesLeft: left.filter((l) => l.kind === "page").length,
  };
  const input = await readSnapshot(db, auditId);
  const result = runSiteAudit(input);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.delete(auditIssues).where(eq(auditIssues.auditId, auditId));
    const rows = result.issues.flatMap((issue) =>
      issue.occurrences.map((o) => ({
        c: issue.check,
        g: issue.category,
        s: issue.severity,
        u: o.url,
        d: { message: o.message, ...(o.evidence ? { evidence: o.evidence } : {}) },
      })),
    );
    // One JSON parameter per chunk: cheap to build and to parse, on PGlite and PostgreSQL alike.
    for (let i = 0; i < rows.length; i += 5000) {
      await t.execute(sql`
        INSERT INTO audit_issues (audit_id, "check", category, severity, url, details)
        SELECT ${auditId}, x.c, x.g, x.s, x.u, x.d
        FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::jsonb) AS x(c text, g text, s text, u text, d jsonb)`);
    }
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
  });
  return true;
}
