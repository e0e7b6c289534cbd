/**
 * Audit history of a project (issue 3, project screen): the latest crawl, the health trend of the
 * finished crawls, the top issues of the last one and its comparison with the crawl before.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { crawlIssues, crawls } from "../db/schema.server.ts";
import type { CrawlStatus } from "../db/schema/crawl.server.ts";
import { type CrawlComparison, compareCrawls } from "./compare.ts";
import type { Severity, SiteAuditSummary } from "./model.ts";
import { auditCatalogue } from "./run.ts";

/** How many finished crawls the trend shows. */
export const TREND_LENGTH = 12;
/** How many checks "top issues" lists. */
export const TOP_ISSUES = 5;

/** A crawl as the history lists it. */
export interface CrawlRef {
  id: number;
  startUrl: string;
  status: CrawlStatus;
  healthScore: number | null;
  /** ISO time the crawl was created / finished. */
  createdAt: string;
  finishedAt: string | null;
  summary: SiteAuditSummary | null;
}

/** One check of a crawl with its number of affected URLs. */
export interface IssueCount {
  check: string;
  category: string;
  severity: Severity;
  title: string;
  urls: number;
}

/** What the project screen shows about site audits. */
export interface ProjectAudit {
  latest: CrawlRef | null;
  lastDone: CrawlRef | null;
  /** Finished crawls, oldest first. */
  trend: { id: number; finishedAt: string; healthScore: number }[];
  topIssues: IssueCount[];
  comparison: CrawlComparison | null;
}

const SEVERITY_RANK: Record<string, number> = { error: 0, warning: 1, notice: 2 };

/** A crawl row as a {@link CrawlRef}. */
export function toRef(row: typeof crawls.$inferSelect): CrawlRef {
  return {
    id: row.id,
    startUrl: row.startUrl,
    status: row.status,
    healthScore: row.healthScore,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    summary: (row.summary as SiteAuditSummary | null) ?? null,
  };
}

/** Issues of a finished crawl counted per check, most severe and widespread first. */
export async function issueCounts(db: Database, crawlId: number): Promise<IssueCount[]> {
  const titles = new Map(auditCatalogue().map((c) => [c.id, c.title]));
  const rows = await db
    .select({ check: crawlIssues.check, category: crawlIssues.category, severity: crawlIssues.severity, urls: count() })
    .from(crawlIssues)
    .where(eq(crawlIssues.crawlId, crawlId))
    .groupBy(crawlIssues.check, crawlIssues.category, crawlIssues.severity);
  return rows
    .map((r) => ({ ...r, severity: r.severity as Severity, urls: Number(r.urls), title: titles.get(r.check) ?? r.check }))
    .sort((a, b) => SEVERITY_RANK[a.severity]! - SEVERITY_RANK[b.severity]! || b.urls - a.urls || a.check.localeCompare(b.check));
}

/** Compares two finished crawls by their stored issues. */
export async function compareStoredCrawls(db: Database, previous: CrawlRef, current: CrawlRef): Promise<CrawlComparison> {
  const titles = new Map(auditCatalogue().map((c) => [c.id, c.title]));
  const rows = await db
    .select({ crawlId: crawlIssues.crawlId, check: crawlIssues.check, severity: crawlIssues.severity, url: crawlIssues.url })
    .from(crawlIssues)
    .where(inArray(crawlIssues.crawlId, [previous.id, current.id]));
  const side = (crawlId: number, healthScore: number | null) => {
    const byCheck = new Map<
      string,
      { check: string; severity: Severity; title: string; occurrences: { url: string; message: string }[] }
    >();
    for (const r of rows) {
      if (r.crawlId !== crawlId) continue;
      let issue = byCheck.get(r.check);
      if (!issue)
        byCheck.set(
          r.check,
          (issue = { check: r.check, severity: r.severity as Severity, title: titles.get(r.check) ?? r.check, occurrences: [] }),
        );
      issue.occurrences.push({ url: r.url, message: "" });
    }
    return { healthScore: healthScore ?? 0, issues: [...byCheck.values()] };
  };
  return compareCrawls(side(previous.id, previous.healthScore), side(current.id, current.healthScore));
}

/** The audit history of a project (ownership is checked by the caller). */
export async function getProjectAudit(db: Database, projectId: number): Promise<ProjectAudit> {
  const [latestRow] = await db.select().from(crawls).where(eq(crawls.projectId, projectId)).orderBy(desc(crawls.id)).limit(1);
  const doneRows = await db
    .select()
    .from(crawls)
    .where(and(eq(crawls.projectId, projectId), eq(crawls.status, "done"), sql`${crawls.healthScore} is not null`))
    .orderBy(desc(crawls.id))
    .limit(TREND_LENGTH);
  const done = doneRows.map(toRef);
  const lastDone = done[0] ?? null;
  const previous = done[1] ?? null;
  return {
    latest: latestRow ? toRef(latestRow) : null,
    lastDone,
    trend: done
      .slice()
      .reverse()
      .map((c) => ({ id: c.id, finishedAt: c.finishedAt ?? c.createdAt, healthScore: c.healthScore ?? 0 })),
    topIssues: lastDone ? (await issueCounts(db, lastDone.id)).slice(0, TOP_ISSUES) : [],
    comparison: lastDone && previous ? await compareStoredCrawls(db, previous, lastDone) : null,
  };
}
