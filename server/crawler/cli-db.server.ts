/**
 * The CLI crawl audit on a database (`auditForCli` with store "database"): an in-memory PGlite,
 * the same store the resumable, multi-worker audits use. Loaded only when asked for.
 */
import { asc, eq, gt, and } from "drizzle-orm";
import { openDatabase, type Database } from "../db/client.server.ts";
import { auditIssues, audits } from "../db/schema.server.ts";
import type { SiteAuditSummary } from "../audit/model.ts";
import { createAudit } from "../audit/create.server.ts";
import { exportAudit } from "../audit/export.server.ts";
import { allPages } from "../audit/pages.server.ts";
import type { AuditReportJson, CliCrawlOptions } from "./cli.server.ts";
import { runCrawlWorker } from "./worker.server.ts";
import { englishCheckTexts, type StoredMessage } from "../audit/check-texts.server.ts";

async function issuesOf(db: Database, auditId: number): Promise<AuditReportJson["issues"]> {
  const english = englishCheckTexts();
  const out: AuditReportJson["issues"] = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditIssues)
      .where(and(eq(auditIssues.auditId, auditId), gt(auditIssues.id, after)))
      .orderBy(asc(auditIssues.id))
      .limit(5000);
    if (rows.length === 0) return out;
    after = Number(rows.at(-1)!.id);
    for (const r of rows) {
      const d = r.details as { message: StoredMessage; evidence?: StoredMessage; target?: string };
      const { evidence, ...rest } = d;
      const details = { ...rest, message: english.message(d.message), ...(evidence ? { evidence: english.evidence(evidence) } : {}) };
      out.push({ check: r.check, severity: r.severity, url: r.url, details });
    }
  }
}

/** Builds the JSON report of a finished crawl from the database. */
export async function crawlReport(db: Database, auditId: number, durationMs: number): Promise<AuditReportJson> {
  const [audit] = await db.select().from(audits).where(eq(audits.id, auditId));
  const pages: AuditReportJson["pages"] = [];
  for await (const batch of allPages(db, auditId)) {
    for (const p of batch) {
      pages.push({
        url: p.url,
        statusCode: p.statusCode,
        title: p.title,
        metaDescription: p.metaDescription,
        canonical: p.canonical,
        depth: p.depth,
        inlinks: p.inlinks ?? 0,
        indexable: p.indexable ?? false,
      });
    }
  }
  const summary = audit!.summary as SiteAuditSummary | null;
  return {
    summary: {
      startUrl: audit!.startUrl,
      status: audit!.status,
      pagesCrawled: pages.length,
      issuesBySeverity: summary?.issuesBySeverity ?? { error: 0, warning: 0, notice: 0 },
      healthScore: audit!.healthScore,
      durationMs: Math.round(durationMs),
    },
    pages,
    issues: await issuesOf(db, auditId),
  };
}

/**
 * Crawls `url` into an in-memory PGlite and returns the report, or the issues CSV (no BOM).
 * @throws Error when the crawl fails (the message says why).
 */
export async function auditWithDatabase(
  url: string,
  opts: CliCrawlOptions,
  started: number,
  onBatch: (n: number) => void,
): Promise<AuditReportJson | string> {
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    await handle.migrate();
    const auditId = await createAudit(handle.db, { startUrl: url, settings: opts.settings });
    const result = await runCrawlWorker(handle.db, auditId, {
      allowPrivate: opts.allowPrivate,
      onBatch,
      ...(opts.threads !== undefined ? { threads: opts.threads } : {}),
    });
    if (result.status !== "done") {
      const [row] = await handle.db.select({ error: audits.error }).from(audits).where(eq(audits.id, auditId));
      throw new Error(`crawl ${result.status}${row?.error ? `: ${row.error}` : ""}`);
    }
    const durationMs = performance.now() - started;
    if (opts.format === "csv") return (await exportAudit(handle.db, auditId, "issues", "csv")).body.toString("utf8").replace(/^\uFEFF/, "");
    return await crawlReport(handle.db, auditId, durationMs);
  } finally {
    await handle.close();
  }
}
