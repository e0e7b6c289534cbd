/**
 * The projects screen's list (issue 8.5, spec 2 /project): each project of the owner with its
 * group, the figures of its last finished audit (health score, date, pages crawled, errors), the
 * state of a running audit and the health score trend. One source for these figures: the audits
 * table and the stored SiteAuditSummary of each finished audit.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { ownedBy } from "../access/rule.server.ts";
import type { SiteAuditSummary } from "../audit/model.ts";
import { TREND_LENGTH } from "../audit/history.server.ts";
import { audits, projectGroups, projects } from "../db/schema.server.ts";
import type { AuditStatus } from "../db/schema/audit.server.ts";
import type { Services } from "../services.server.ts";
import { projectName } from "./create-project.server.ts";

/** One project as the list shows it. Dates are ISO strings. */
export interface ProjectCard {
  id: number;
  name: string;
  domain: string;
  url: string;
  groupId: number | null;
  groupName: string | null;
  /** Last finished audit, null before the first one. */
  lastAudit: { id: number; healthScore: number; finishedAt: string; pagesCrawled: number; errors: number } | null;
  /** The newest audit when it has not ended (queued or running), else null. */
  activeAudit: { id: number; status: AuditStatus } | null;
  /** Health scores of the last finished audits, oldest first (at most TREND_LENGTH). */
  trend: { finishedAt: string; healthScore: number }[];
}

const ACTIVE: AuditStatus[] = ["queued", "starting", "running", "finishing"];

/** Input of {@link listProjectCards}; `groupId` filters the list by group (0: projects in no group). */
export interface ListProjectCardsOptions {
  services: Services;
  owner: Owner;
  groupId?: number | null | undefined;
}

/** The owner's projects, newest first, with their audit figures. */
export async function listProjectCards({ services, owner, groupId }: ListProjectCardsOptions): Promise<ProjectCard[]> {
  const db = services.db;
  const filter =
    groupId === undefined || groupId === null
      ? undefined
      : groupId === 0
        ? sql`${projects.groupId} is null`
        : eq(projects.groupId, groupId);
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      domain: projects.domain,
      url: projects.url,
      groupId: projects.groupId,
      groupName: projectGroups.name,
    })
    .from(projects)
    .leftJoin(projectGroups, eq(projectGroups.id, projects.groupId))
    .where(filter ? and(ownedBy(owner, projects), filter) : ownedBy(owner, projects))
    .orderBy(desc(projects.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const auditRows = await db
    .select({
      id: audits.id,
      projectId: audits.projectId,
      status: audits.status,
      healthScore: audits.healthScore,
      summary: audits.summary,
      finishedAt: audits.finishedAt,
      createdAt: audits.createdAt,
    })
    .from(audits)
    .where(inArray(audits.projectId, ids))
    .orderBy(desc(audits.id));
  return rows.map((p) => {
    const mine = auditRows.filter((a) => a.projectId === p.id);
    const done = mine.filter((a) => a.status === "done" && a.healthScore !== null).slice(0, TREND_LENGTH);
    const last = done[0];
    const newest = mine[0];
    const summary = (last?.summary as SiteAuditSummary | null) ?? null;
    return {
      id: p.id,
      name: projectName(p),
      domain: p.domain,
      url: p.url,
      groupId: p.groupId,
      groupName: p.groupName,
      lastAudit: last
        ? {
            id: last.id,
            healthScore: last.healthScore!,
            finishedAt: (last.finishedAt ?? last.createdAt).toISOString(),
            pagesCrawled: summary?.pagesCrawled ?? 0,
            errors: summary?.issuesBySeverity.error ?? 0,
          }
        : null,
      activeAudit: newest && ACTIVE.includes(newest.status) ? { id: newest.id, status: newest.status } : null,
      trend: done
        .slice()
        .reverse()
        .map((a) => ({ finishedAt: (a.finishedAt ?? a.createdAt).toISOString(), healthScore: a.healthScore! })),
    };
  });
}
