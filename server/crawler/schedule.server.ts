/**
 * Scheduled re-crawls per project (issue 3): daily, weekly or monthly through a pg-boss schedule
 * on the "crawl-schedule" queue, keyed by project; the settings used each time are stored in
 * crawl_schedules.
 */
import { and, eq } from "drizzle-orm";
import { crawlSchedules, projects } from "../db/schema.server.ts";
import { AppError } from "../errors.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import { ownedBy } from "../project/get-project.server.ts";
import type { Services } from "../services.server.ts";
import type { CrawlSettings } from "./settings.server.ts";

/** How often a project is re-crawled. */
export type CrawlFrequency = "daily" | "weekly" | "monthly";

/** Cron expressions (UTC): 03:00 every day, Mondays, the 1st of the month. */
export const FREQUENCY_CRON: Record<CrawlFrequency, string> = { daily: "0 3 * * *", weekly: "0 3 * * 1", monthly: "0 3 1 * *" };

/** A project's schedule as the API shows it. */
export interface CrawlScheduleView {
  projectId: number;
  frequency: CrawlFrequency;
  cron: string;
  settings: CrawlSettings;
}

const scheduleKey = (projectId: number) => `project-${projectId}`;

/** @throws AppError "not_found" unless the visitor or the signed-in user `userId` owns the project. */
async function ownProject(services: Services, visitorId: string | null, projectId: number, userId?: number | null): Promise<void> {
  const owner = ownedBy(visitorId, userId);
  if (!owner) throw new AppError("not_found", "Project not found.", "projectId");
  const [row] = await services.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), owner));
  if (!row) throw new AppError("not_found", "Project not found.", "projectId");
}

/** Sets (or replaces) the re-crawl schedule of a project (owned by the visitor or user `userId`). @throws AppError "not_found" (projectId). */
export async function setSchedule(
  services: Services,
  visitorId: string | null,
  projectId: number,
  frequency: CrawlFrequency,
  settings: CrawlSettings,
  userId?: number | null,
): Promise<CrawlScheduleView> {
  await ownProject(services, visitorId, projectId, userId);
  await services.db
    .insert(crawlSchedules)
    .values({ projectId, frequency, settings })
    .onConflictDoUpdate({ target: crawlSchedules.projectId, set: { frequency, settings } });
  await services.jobs.schedule(QUEUES.crawlSchedule, FREQUENCY_CRON[frequency], { projectId }, { key: scheduleKey(projectId), tz: "UTC" });
  return { projectId, frequency, cron: FREQUENCY_CRON[frequency], settings };
}

/** The project's schedule, or null. @throws AppError "not_found" (projectId). */
export async function getSchedule(
  services: Services,
  visitorId: string | null,
  projectId: number,
  userId?: number | null,
): Promise<CrawlScheduleView | null> {
  await ownProject(services, visitorId, projectId, userId);
  const [row] = await services.db.select().from(crawlSchedules).where(eq(crawlSchedules.projectId, projectId));
  if (!row) return null;
  const frequency = row.frequency as CrawlFrequency;
  return { projectId, frequency, cron: FREQUENCY_CRON[frequency], settings: row.settings as CrawlSettings };
}

/** Removes the project's schedule; true when there was one. @throws AppError "not_found" (projectId). */
export async function removeSchedule(
  services: Services,
  visitorId: string | null,
  projectId: number,
  userId?: number | null,
): Promise<boolean> {
  await ownProject(services, visitorId, projectId, userId);
  const rows = await services.db.delete(crawlSchedules).where(eq(crawlSchedules.projectId, projectId)).returning();
  await services.jobs.unschedule(QUEUES.crawlSchedule, scheduleKey(projectId));
  return rows.length > 0;
}
