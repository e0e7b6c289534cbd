/**
 * auto=1 (issue 8.7, spec 2 "A project page is reached at /project/{id} with an auto=1 query after
 * a site is added"): the first whole-site audit of a new project starts by itself, once. The
 * project's `auto_audit_at` is claimed atomically, so a reload, a second tab or a retried request
 * never starts a second audit; a project that already has an audit gets none.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { crawlSettingsSchema } from "../audit/settings.server.ts";
import { startAudit } from "../audit/start.server.ts";
import { audits, projects } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";

/** Input of {@link startAutoAudit}: `owner.visitorId` is the browser that starts it (audits count per visitor). */
export interface AutoAuditOptions {
  services: Services;
  owner: Owner & { visitorId: string };
  projectId: number;
}

/**
 * Starts the project's first audit with the default settings unless auto=1 already did or the
 * project has an audit. Returns the new audit id, or null when nothing was started.
 * @throws AppError "not_found" (field "idp") for a project the owner may not change; the errors of startAudit.
 */
export async function startAutoAudit({ services, owner, projectId }: AutoAuditOptions): Promise<number | null> {
  await authorize({ db: services.db, owner, resource: "project", id: projectId, action: "change" });
  const claimed = await services.db
    .update(projects)
    .set({ autoAuditAt: new Date() })
    .where(
      and(
        eq(projects.id, projectId),
        isNull(projects.autoAuditAt),
        sql`not exists (select 1 from ${audits} where ${audits.projectId} = ${projects.id})`,
      ),
    )
    .returning({ id: projects.id });
  if (claimed.length === 0) return null;
  const { auditId } = await startAudit({ services, owner, projectId, settings: crawlSettingsSchema.parse({}) });
  return auditId;
}
