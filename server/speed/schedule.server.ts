/**
 * The site speed schedule of a project (issue 12.2): daily, weekly or monthly through a pg-boss
 * schedule on the "site-speed-schedule" queue keyed by project (the audit schedule's cron times,
 * one hour later so the sample comes from a fresh audit), pages per template stored in
 * site_speed_schedules. Each firing starts a run as the project's owner.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { projects, siteSpeedSchedules } from "../db/schema.server.ts";
import { AppError } from "../errors.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import type { Services } from "../services.server.ts";
import { sampleSiteSpeed } from "./site-speed.server.ts";

/** How often a project's site speed is sampled. */
export type SiteSpeedFrequency = "daily" | "weekly" | "monthly";

/** Cron expressions (UTC): 04:00 every day, Mondays, the 1st of the month. */
export const SITE_SPEED_CRON: Record<SiteSpeedFrequency, string> = { daily: "0 4 * * *", weekly: "0 4 * * 1", monthly: "0 4 1 * *" };

/** The schedule form: frequency ("never" removes it) and pages per template. */
export const siteSpeedScheduleSchema = z.object({
  frequency: z.enum(["daily", "weekly", "monthly", "never"]),
  perTemplate: z.coerce.number().int().min(1).max(10).default(3),
});

/** A project's schedule as shown. */
export interface SiteSpeedScheduleView {
  frequency: SiteSpeedFrequency;
  cron: string;
  perTemplate: number;
}

const key = (projectId: number) => `project-${projectId}`;

/**
 * Sets, replaces or (frequency "never") removes the project's site speed schedule.
 * @returns the schedule, or null once removed. @throws AppError "not_found" (field "idp").
 */
export async function setSiteSpeedSchedule(o: {
  services: Services;
  owner: Owner;
  projectId: number;
  frequency: SiteSpeedFrequency | "never";
  perTemplate: number;
}): Promise<SiteSpeedScheduleView | null> {
  const { services, projectId } = o;
  await authorize({ db: services.db, owner: o.owner, resource: "project", id: projectId, action: "change", field: "idp" });
  if (o.frequency === "never") {
    await services.db.delete(siteSpeedSchedules).where(eq(siteSpeedSchedules.projectId, projectId));
    await services.jobs.unschedule(QUEUES.siteSpeedSchedule, key(projectId));
    return null;
  }
  const values = { frequency: o.frequency, perTemplate: o.perTemplate };
  await services.db
    .insert(siteSpeedSchedules)
    .values({ projectId, ...values })
    .onConflictDoUpdate({ target: siteSpeedSchedules.projectId, set: values });
  await services.jobs.schedule(QUEUES.siteSpeedSchedule, SITE_SPEED_CRON[o.frequency], { projectId }, { key: key(projectId), tz: "UTC" });
  return { ...values, cron: SITE_SPEED_CRON[o.frequency] };
}

/** The project's schedule, or null. @throws AppError "not_found" (field "idp"). */
export async function getSiteSpeedSchedule(o: {
  services: Services;
  owner: Owner;
  projectId: number;
}): Promise<SiteSpeedScheduleView | null> {
  await authorize({ db: o.services.db, owner: o.owner, resource: "project", id: o.projectId, action: "read", field: "idp" });
  const [row] = await o.services.db.select().from(siteSpeedSchedules).where(eq(siteSpeedSchedules.projectId, o.projectId));
  return row ? { frequency: row.frequency, cron: SITE_SPEED_CRON[row.frequency], perTemplate: row.perTemplate } : null;
}

/**
 * The scheduled job: a run of the project as its owner. A project without a schedule row (removed
 * meanwhile) or without a finished audit is skipped.
 * @returns the run id, or null when skipped.
 */
export async function runScheduledSiteSpeed(o: { services: Services; projectId: number }): Promise<number | null> {
  const [row] = await o.services.db
    .select({ userId: projects.userId, visitorId: projects.visitorId, perTemplate: siteSpeedSchedules.perTemplate })
    .from(siteSpeedSchedules)
    .innerJoin(projects, eq(projects.id, siteSpeedSchedules.projectId))
    .where(eq(siteSpeedSchedules.projectId, o.projectId));
  if (!row) return null;
  try {
    const run = await sampleSiteSpeed({
      services: o.services,
      owner: { userId: row.userId, visitorId: row.visitorId },
      projectId: o.projectId,
      perTemplate: row.perTemplate,
      trigger: "schedule",
    });
    return run.runId;
  } catch (err) {
    if (err instanceof AppError && err.code === "conflict") return null;
    throw err;
  }
}
