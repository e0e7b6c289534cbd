/**
 * Scheduled repeat audits per project (issue 3): daily, weekly or monthly through a pg-boss schedule
 * on the "audit-schedule" queue, keyed by project; the settings used each time are stored in
 * audit_schedules.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize, type Action } from "../access/rule.server.ts";
import { auditSchedules } from "../db/schema.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import type { Services } from "../services.server.ts";
import type { CrawlSettings } from "./settings.server.ts";

/** How often a project is re-crawled. */
export type AuditFrequency = "daily" | "weekly" | "monthly";

/** Cron expressions (UTC): 03:00 every day, Mondays, the 1st of the month. */
export const FREQUENCY_CRON: Record<AuditFrequency, string> = { daily: "0 3 * * *", weekly: "0 3 * * 1", monthly: "0 3 1 * *" };

/** The project screen's schedule form: the project and a frequency, "never" to remove the schedule. */
export const scheduleFormSchema = z.object({
  idp: z.coerce.number().int().positive(),
  frequency: z.enum(["daily", "weekly", "monthly", "never"]),
});

/** A project's schedule as the API shows it. */
export interface AuditScheduleView {
  projectId: number;
  frequency: AuditFrequency;
  cron: string;
  settings: CrawlSettings;
}

const scheduleKey = (projectId: number) => `project-${projectId}`;

/** Who asks about which project's schedule. */
export interface ScheduleOptions {
  services: Services;
  owner: Owner;
  projectId: number;
}

const ownProject = ({ services, owner, projectId }: ScheduleOptions, action: Action) =>
  authorize({ db: services.db, owner, resource: "project", id: projectId, action, field: "projectId" });

/** Sets (or replaces) the repeat audit schedule of a project the owner may change. @throws AppError "not_found" (projectId). */
export async function setSchedule(
  opts: ScheduleOptions & { frequency: AuditFrequency; settings: CrawlSettings },
): Promise<AuditScheduleView> {
  const { services, projectId, frequency, settings } = opts;
  await ownProject(opts, "change");
  await services.db
    .insert(auditSchedules)
    .values({ projectId, frequency, settings })
    .onConflictDoUpdate({ target: auditSchedules.projectId, set: { frequency, settings } });
  await services.jobs.schedule(QUEUES.auditSchedule, FREQUENCY_CRON[frequency], { projectId }, { key: scheduleKey(projectId), tz: "UTC" });
  return { projectId, frequency, cron: FREQUENCY_CRON[frequency], settings };
}

/** The project's schedule, or null. @throws AppError "not_found" (projectId). */
export async function getSchedule(opts: ScheduleOptions): Promise<AuditScheduleView | null> {
  const { services, projectId } = opts;
  await ownProject(opts, "read");
  const [row] = await services.db.select().from(auditSchedules).where(eq(auditSchedules.projectId, projectId));
  if (!row) return null;
  const frequency = row.frequency as AuditFrequency;
  return { projectId, frequency, cron: FREQUENCY_CRON[frequency], settings: row.settings as CrawlSettings };
}

/** Removes the project's schedule; true when there was one. @throws AppError "not_found" (projectId). */
export async function removeSchedule(opts: ScheduleOptions): Promise<boolean> {
  const { services, projectId } = opts;
  await ownProject(opts, "change");
  const rows = await services.db.delete(auditSchedules).where(eq(auditSchedules.projectId, projectId)).returning();
  await services.jobs.unschedule(QUEUES.auditSchedule, scheduleKey(projectId));
  return rows.length > 0;
}
