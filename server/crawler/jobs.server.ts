/**
 * Crawls as pg-boss jobs (issue 3): a "crawl" job runs one worker on a crawl (several jobs may
 * share one crawl); a "audit-schedule" job, sent by the per-project pg-boss schedule, starts a
 * new crawl of the project. A starting worker process queues a job for every unfinished crawl,
 * so a crawl whose workers all died resumes where it stopped.
 */
import { eq, inArray } from "drizzle-orm";
import { auditSchedules, audits, projects } from "../db/schema.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import type { Services } from "../services.server.ts";
import { createAudit } from "../audit/create.server.ts";
import { crawlSettingsSchema } from "../audit/settings.server.ts";
import { runCrawlWorker } from "./worker.server.ts";

/** Data of a "crawl" job. */
export interface AuditJob {
  auditId: number;
}

/** Data of a "audit-schedule" job. */
export interface ScheduledAuditJob {
  projectId: number;
}

/** A crawl job may stay active this long before pg-boss retries it (the crawl itself resumes), in seconds. */
export const CRAWL_JOB_EXPIRE_S = 6 * 3600;

/** Queues `workers` jobs for a crawl (each one a worker sharing it); default CRAWL_WORKERS_PER_AUDIT. */
export async function queueAudit(services: Services, auditId: number, workers = services.env.CRAWL_WORKERS_PER_AUDIT): Promise<void> {
  for (let i = 0; i < workers; i++) {
    await services.jobs.send(QUEUES.audit, { auditId } satisfies AuditJob, {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: CRAWL_JOB_EXPIRE_S,
    });
  }
}

/**
 * Job handler of "crawl". Idempotent: a finished crawl returns at once. A worker that throws has
 * already marked the crawl failed with the reason; the error is logged (warn) and rethrown so
 * pg-boss records the job as failed.
 */
export async function handleAuditJob(services: Services, job: AuditJob): Promise<void> {
  try {
    const result = await runCrawlWorker(services.db, job.auditId, {
      allowPrivate: services.env.ALLOW_PRIVATE_NETWORKS,
      leaseMs: services.env.CRAWL_LEASE_MS,
      share: services.env.CRAWL_WORKERS_PER_AUDIT,
      ...(services.env.CRAWL_THREADS !== undefined ? { threads: services.env.CRAWL_THREADS } : {}),
    });
    services.log.info({ auditId: job.auditId, ...result }, "crawl worker finished");
  } catch (err) {
    services.log.warn({ err, auditId: job.auditId }, "crawl worker failed");
    throw err;
  }
}

/** Job handler of "audit-schedule": starts an audit of the project with its scheduled settings. */
export async function handleScheduledAudit(services: Services, job: ScheduledAuditJob): Promise<void> {
  const [row] = await services.db
    .select({ url: projects.url, visitorId: projects.visitorId, settings: auditSchedules.settings })
    .from(auditSchedules)
    .innerJoin(projects, eq(projects.id, auditSchedules.projectId))
    .where(eq(auditSchedules.projectId, job.projectId));
  if (!row) return;
  const auditId = await createAudit(services.db, {
    startUrl: row.url,
    settings: crawlSettingsSchema.parse(row.settings),
    projectId: job.projectId,
    visitorId: row.visitorId,
  });
  await queueAudit(services, auditId);
}

/** Queues a worker for every crawl left unfinished (called when a worker process starts). */
export async function resumeUnfinishedAudits(services: Services): Promise<number> {
  const open = await services.db
    .select({ id: audits.id })
    .from(audits)
    .where(inArray(audits.status, ["starting", "running", "finishing"]));
  for (const c of open) await queueAudit(services, c.id, 1);
  return open.length;
}
