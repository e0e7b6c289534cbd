/**
 * Audit history of a project (issue 3, project screen): the latest audit, the health trend of the
 * finished audits, the top issues of the last one and its comparison with the audit before.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { auditIssues, auditUrls, audits } from "../db/schema.server.ts";
import type { AuditStatus } from "../db/schema/audit.server.ts";
import { type AuditComparison, compareAudits } from "./compare.ts";
import type { Severity, SiteAuditSummary } from "./model.ts";
import { type CheckTexts, englishCheckTexts } from "./check-texts.server.ts";
import { type AuditLimit, limitOf } from "./limit.ts";

/** How many finished crawls the trend shows. */
export const TREND_LENGTH = 12;
/** How many checks "top issues" lists. */
export const TOP_ISSUES = 5;

/** An audit as the history lists it. */
export interface AuditRef {
  id: number;
  startUrl: string;
  status: AuditStatus;
  healthScore: number | null;
  /** ISO time the audit was created / finished. */
  createdAt: string;
  finishedAt: string | null;
  summary: SiteAuditSummary | null;
  /** The page limit it ran with and the page URLs it left uncrawled (null: not finished). */
  limit: AuditLimit | null;
}

/** One check of an audit with its number of affected URLs. */
export interface IssueCount {
  check: string;
  category: string;
  severity: Severity;
  title: string;
  urls: number;
}

/** What the project screen shows about site audits. */
export interface ProjectAudit {
  latest: AuditRef | null;
  lastDone: AuditRef | null;
  /** Finished audits, oldest first. */
  trend: { id: number; finishedAt: string; healthScore: number }[];
  topIssues: IssueCount[];
  comparison: AuditComparison | null;
}

const SEVERITY_RANK: Record<string, number> = { error: 0, warning: 1, notice: 2 };

/** An audit row as a {@link AuditRef}. */
export function toRef(row: typeof audits.$inferSelect): AuditRef {
  return {
    id: row.id,
    startUrl: row.startUrl,
    status: row.status,
    healthScore: row.healthScore,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    summary: (row.summary as SiteAuditSummary | null) ?? null,
    limit: row.status === "done" ? limitOf(row.summary) : null,
  };
}

/** Issues of a finished audit counted per check, most severe and widespread first; titles in `texts`' language. */
export async function issueCounts(db: Database, auditId: number, texts: CheckTexts = englishCheckTexts()): Promise<IssueCount[]> {
  const rows = await db
    .select({ check: auditIssues.check, category: auditIssues.category, severity: auditIssues.severity, urls: count() })
    .from(auditIssues)
    .where(eq(auditIssues.auditId, auditId))
    .groupBy(auditIssues.check, auditIssues.category, auditIssues.severity);
  return rows
    .map((r) => ({ ...r, severity: r.severity as Severity, urls: Number(r.urls), title: texts.title(r.check) }))
    .sort((a, b) => SEVERITY_RANK[a.severity]! - SEVERITY_RANK[b.severity]! || b.urls - a.urls || a.check.localeCompare(b.check));
}

/** The URLs an audit reached: fetched or found blocked by robots.txt (not those left at its page limit). */
async function reachedUrls(db: Database, auditId: number): Promise<Set<string>> {
  const rows = await db
    .select({ url: auditUrls.url })
    .from(auditUrls)
    .where(and(eq(auditUrls.auditId, auditId), inArray(auditUrls.status, ["done", "blocked"])));
  return new Set(rows.map((r) => r.url));
}

/** Compares two finished audits by their stored issues, over the URLs both reached (issue 16.2); titles in `texts`' language. */
export async function compareStoredAudits(
  db: Database,
  previous: AuditRef,
  current: AuditRef,
  texts: CheckTexts = englishCheckTexts(),
): Promise<AuditComparison> {
  const rows = await db
    .select({ auditId: auditIssues.auditId, check: auditIssues.check, severity: auditIssues.severity, url: auditIssues.url })
    .from(auditIssues)
    .where(inArray(auditIssues.auditId, [previous.id, current.id]));
  const side = (auditId: number, healthScore: number | null) => {
    const byCheck = new Map<string, { check: string; severity: Severity; title: string; occurrences: { url: string }[] }>();
    for (const r of rows) {
      if (r.auditId !== auditId) continue;
      let issue = byCheck.get(r.check);
      if (!issue)
        byCheck.set(r.check, (issue = { check: r.check, severity: r.severity as Severity, title: texts.title(r.check), occurrences: [] }));
      issue.occurrences.push({ url: r.url });
    }
    return { healthScore: healthScore ?? 0, issues: [...byCheck.values()] };
  };
  const [before, after] = await Promise.all([reachedUrls(db, previous.id), reachedUrls(db, current.id)]);
  return compareAudits(side(previous.id, previous.healthScore), side(current.id, current.healthScore), {
    previous: before,
    current: after,
  });
}

/** The audit history of a project (ownership is checked by the caller); check titles in `texts`' language. */
export async function getProjectAudit(db: Database, projectId: number, texts: CheckTexts = englishCheckTexts()): Promise<ProjectAudit> {
  const [latestRow] = await db.select().from(audits).where(eq(audits.projectId, projectId)).orderBy(desc(audits.id)).limit(1);
  const doneRows = await db
    .select()
    .from(audits)
    .where(and(eq(audits.projectId, projectId), eq(audits.status, "done"), sql`${audits.healthScore} is not null`))
    .orderBy(desc(audits.id))
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
    topIssues: lastDone ? (await issueCounts(db, lastDone.id, texts)).slice(0, TOP_ISSUES) : [],
    comparison: lastDone && previous ? await compareStoredAudits(db, previous, lastDone, texts) : null,
  };
}
