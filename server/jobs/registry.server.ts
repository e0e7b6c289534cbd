import { deliverEmail } from "../email/deliver.server.ts";
import {
  type AuditJob,
  type ScheduledAuditJob,
  handleAuditJob,
  handleScheduledAudit,
  resumeUnfinishedAudits,
} from "../crawler/jobs.server.ts";
import { PLAN_EXPIRY_CRON, recordPlanEndingPopups } from "../popups/plan-expiry.server.ts";
import { PURGE_CRON, purgeExpiredData } from "../privacy/purge.server.ts";
import { runDelivery } from "../reports/delivery.server.ts";
import { generateFile } from "../reports/files.server.ts";
import { checkProject } from "../rank/run-checks.server.ts";
import { runAnalysis } from "../project/run-analysis.server.ts";
import { speedConcurrency } from "../speed/concurrency.server.ts";
import { runSpeedTest } from "../speed/run.server.ts";
import { runScheduledSiteSpeed } from "../speed/schedule.server.ts";
import type { Services } from "../services.server.ts";
import type { PgBoss } from "./queue.server.ts";
import { QUEUES } from "./names.server.ts";

/** Creates every queue (pg-boss requires a queue before send). Safe to call at every start. */
export async function ensureQueues(jobs: PgBoss): Promise<void> {
  for (const name of Object.values(QUEUES)) {
    if (!(await jobs.getQueue(name))) await jobs.createQueue(name);
  }
}

/** Registers a worker for every queue. Handlers are idempotent, so redelivered jobs are safe. */
export async function registerWorkers(services: Services): Promise<void> {
  await services.jobs.work<{ analysisId: number }>(QUEUES.analyzePage, { pollingIntervalSeconds: 0.5, batchSize: 2 }, async (jobs) => {
    for (const job of jobs) await runAnalysis(services, job.data.analysisId);
  });
  await services.jobs.work<{ emailId: number }>(QUEUES.sendEmail, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) await deliverEmail(services, job.data.emailId);
  });
  // Crawls run long: each job is one worker; two at a time per process.
  await services.jobs.work<AuditJob>(QUEUES.audit, { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: 2 }, async ([job]) => {
    if (job) await handleAuditJob(services, job.data);
  });
  await services.jobs.work<ScheduledAuditJob>(QUEUES.auditSchedule, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    if (job) await handleScheduledAudit(services, job.data);
  });
  await services.jobs.work(QUEUES.privacyPurge, { pollingIntervalSeconds: 30, batchSize: 1 }, async () => {
    services.log.info({ purged: await purgeExpiredData({ services }) }, "privacy purge");
  });
  // One schedule however many processes register it (pg-boss keys schedules by queue name).
  await services.jobs.schedule(QUEUES.privacyPurge, PURGE_CRON, {}, { tz: "UTC" });
  // Report files print in Chromium: two at a time per process.
  await services.jobs.work<{ fileId: number }>(
    QUEUES.reportGenerate,
    { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: 2 },
    async ([job]) => {
      if (job) await generateFile(services, job.data.fileId);
    },
  );
  await services.jobs.work<{ deliveryId: number }>(QUEUES.reportDelivery, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    if (job) await runDelivery(services, job.data.deliveryId, { id: job.id });
  });
  // Rank checks: idempotent per keyword × engine × day, so a redelivered job re-checks nothing.
  await services.jobs.work<{ projectId: number; keywordIds?: number[] }>(
    QUEUES.rankCheck,
    { pollingIntervalSeconds: 1, batchSize: 1, localConcurrency: 2 },
    async ([job]) => {
      if (job) await checkProject({ services, projectId: job.data.projectId, keywordIds: job.data.keywordIds });
    },
  );
  // Each speed test is one Chromium: never more at once than the machine holds (issue 12.2).
  await services.jobs.work<{ testId: number }>(
    QUEUES.speedTest,
    { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: speedConcurrency(services.env) },
    async ([job]) => {
      if (job) await runSpeedTest({ services, testId: job.data.testId });
    },
  );
  await services.jobs.work(QUEUES.planExpiry, { pollingIntervalSeconds: 30, batchSize: 1 }, async () => {
    services.log.info({ users: (await recordPlanEndingPopups({ db: services.db })).length }, "plan-ends-soon popups");
  });
  await services.jobs.schedule(QUEUES.planExpiry, PLAN_EXPIRY_CRON, {}, { tz: "UTC" });
  await services.jobs.work<{ projectId: number }>(QUEUES.siteSpeedSchedule, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    if (job) await runScheduledSiteSpeed({ services, projectId: job.data.projectId });
  });
  await resumeUnfinishedAudits(services);
}
