/**
 * Crawls as pg-boss jobs (issue 3): a "crawl" job runs one worker on a crawl (several jobs may
 * share one crawl); a "crawl-schedule" job, sent by the per-project pg-boss schedule, starts a
 * new crawl of the project. A starting worker process queues a job for every unfinished crawl,
 * so a crawl whose workers all died resumes where it stopped.
 */
import { eq, inArray } from "drizzle-orm";
import { crawlSchedules, crawls, projects } from "../db/schema.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import type { Services } from "../services.server.ts";
import { createCrawl } from "./create.server.ts";
import { crawlSettingsSchema } from "./settings.server.ts";
import { runCrawlWorker } from "./worker.server.ts";

/** Data of a "crawl" job. */
export interface CrawlJob {
  crawlId: number;
}

/** Data of a "crawl-schedule" job. */
export interface ScheduledCrawlJob {
  projectId: number;
}

/** A crawl job may stay active this long before pg-boss retries it (the crawl itself resumes), in seconds. */
export const CRAWL_JOB_EXPIRE_S = 6 * 3600;

/** Queues `workers` jobs for a crawl (each one a worker sharing it). */
export async function queueCrawl(services: Services, crawlId: number, workers = 1): Promise<void> {
  for (let i = 0; i < workers; i++) {
    await services.jobs.send(QUEUES.crawl, { crawlId } satisfies CrawlJob, {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: CRAWL_JOB_EXPIRE_S,
    });
  }
}

/** Job handler of "crawl". Idempotent: a finished crawl returns at once. */
export async function handleCrawlJob(services: Services, job: CrawlJob): Promise<void> {
  const result = await runCrawlWorker(services.db, job.crawlId, {
    allowPrivate: services.env.ALLOW_PRIVATE_NETWORKS,
    leaseMs: services.env.CRAWL_LEASE_MS,
  });
  services.log.info({ crawlId: job.crawlId, ...result }, "crawl worker finished");
}

/** Job handler of "crawl-schedule": starts a crawl of the project with its scheduled settings. */
export async function handleScheduledCrawl(services: Services, job: ScheduledCrawlJob): Promise<void> {
  const [row] = await services.db
    .select({ url: projects.url, visitorId: projects.visitorId, settings: crawlSchedules.settings })
    .from(crawlSchedules)
    .innerJoin(projects, eq(projects.id, crawlSchedules.projectId))
    .where(eq(crawlSchedules.projectId, job.projectId));
  if (!row) return;
  const crawlId = await createCrawl(services.db, {
    startUrl: row.url,
    settings: crawlSettingsSchema.parse(row.settings),
    projectId: job.projectId,
    visitorId: row.visitorId,
  });
  await queueCrawl(services, crawlId);
}

/** Queues a worker for every crawl left unfinished (called when a worker process starts). */
export async function resumeUnfinishedCrawls(services: Services): Promise<number> {
  const open = await services.db
    .select({ id: crawls.id })
    .from(crawls)
    .where(inArray(crawls.status, ["starting", "running", "finishing"]));
  for (const c of open) await queueCrawl(services, c.id);
  return open.length;
}
