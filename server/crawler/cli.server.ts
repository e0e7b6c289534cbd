/**
 * `npm run audit -- <url> --crawl …` (issue 3 CLI): crawls a site into an in-memory PGlite
 * database with one worker, runs the site audit and prints a readable summary, one JSON document
 * (summary, pages, issues) or the issues as CSV.
 */
import { performance } from "node:perf_hooks";
import { asc, eq, gt, and } from "drizzle-orm";
import { openDatabase, type Database } from "../db/client.server.ts";
import { auditIssues, audits } from "../db/schema.server.ts";
import type { Severity, SiteAuditSummary } from "../audit/model.ts";
import { createAudit } from "../audit/create.server.ts";
import { exportAudit } from "../audit/export.server.ts";
import { allPages } from "../audit/pages.server.ts";
import type { CrawlSettings } from "../audit/settings.server.ts";
import { runCrawlWorker } from "./worker.server.ts";

/** The --json document of a crawl audit. */
export interface AuditReportJson {
  summary: {
    startUrl: string;
    status: string;
    pagesCrawled: number;
    issuesBySeverity: Record<Severity, number>;
    healthScore: number | null;
    durationMs: number;
  };
  pages: {
    url: string;
    statusCode: number | null;
    title: string | null;
    metaDescription: string | null;
    canonical: string | null;
    depth: number | null;
    inlinks: number;
    indexable: boolean;
  }[];
  issues: { check: string; severity: string; url: string; details: { message: string; evidence?: string } }[];
}

/** Options of {@link auditForCli}. */
export interface CliCrawlOptions {
  settings: CrawlSettings;
  allowPrivate: boolean;
  format: "text" | "json" | "csv";
  /** Progress lines (pages recorded) go here, e.g. stderr; none when absent. */
  progress?: (line: string) => void;
}

async function issuesOf(db: Database, auditId: number): Promise<AuditReportJson["issues"]> {
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
    for (const r of rows)
      out.push({ check: r.check, severity: r.severity, url: r.url, details: r.details as { message: string; evidence?: string } });
  }
}

/** Builds the JSON report of a finished crawl. */
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

/** The readable summary: totals, then checks by number of affected URLs. */
export function formatCrawlSummary(r: AuditReportJson): string {
  const s = r.summary;
  const counts = new Map<string, { severity: string; n: number }>();
  for (const i of r.issues) counts.set(i.check, { severity: i.severity, n: (counts.get(i.check)?.n ?? 0) + 1 });
  const rank: Record<string, number> = { error: 0, warning: 1, notice: 2 };
  const lines = [
    `Site:          ${s.startUrl}`,
    `Pages:         ${s.pagesCrawled} in ${(s.durationMs / 1000).toFixed(1)} s`,
    `Health score:  ${s.healthScore ?? "(none)"}/100`,
    `Issues:        ${s.issuesBySeverity.error} errors, ${s.issuesBySeverity.warning} warnings, ${s.issuesBySeverity.notice} notices`,
    "",
    ...[...counts.entries()]
      .sort((a, b) => rank[a[1].severity]! - rank[b[1].severity]! || b[1].n - a[1].n)
      .map(([check, { severity, n }]) => `  ${severity.padEnd(8)} ${String(n).padStart(6)}  ${check}`),
  ];
  return lines.join("\n");
}

/**
 * Crawls `url` and returns the text to print.
 * @throws Error when the crawl fails (the message says why).
 */
export async function auditForCli(url: string, opts: CliCrawlOptions): Promise<string> {
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    await handle.migrate();
    const started = performance.now();
    const auditId = await createAudit(handle.db, { startUrl: url, settings: opts.settings });
    let recorded = 0;
    let lastReport = 0;
    const result = await runCrawlWorker(handle.db, auditId, {
      allowPrivate: opts.allowPrivate,
      onBatch: (n) => {
        recorded += n;
        if (opts.progress && recorded - lastReport >= 100) {
          lastReport = recorded;
          opts.progress(`crawled ${recorded} URLs…`);
        }
      },
    });
    if (result.status !== "done") {
      const [row] = await handle.db.select({ error: audits.error }).from(audits).where(eq(audits.id, auditId));
      throw new Error(`crawl ${result.status}${row?.error ? `: ${row.error}` : ""}`);
    }
    const durationMs = performance.now() - started;
    if (opts.format === "csv") return (await exportAudit(handle.db, auditId, "issues", "csv")).body.toString("utf8").replace(/^\uFEFF/, "");
    const report = await crawlReport(handle.db, auditId, durationMs);
    return opts.format === "json" ? JSON.stringify(report, null, 2) : formatCrawlSummary(report);
  } finally {
    await handle.close();
  }
}
