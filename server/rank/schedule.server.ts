/**
 * The daily rank check of a project (issue 10 point 5): a pg-boss schedule on the "rank-check"
 * queue at the project's local check hour in its time zone, at a minute spread by project id so
 * projects do not all start at once (the provider limiter then paces the calls), plus "check now".
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { rankSettings } from "../db/schema.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import type { Services } from "../services.server.ts";
import { isTimeZone } from "./day.ts";

/** The project's rank settings form: time zone, check hour, move threshold, webhook. */
export const rankSettingsSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, { message: "unknown time zone", params: { text: 58031 } }),
  checkHour: z.coerce.number().int().min(0).max(23),
  moveThreshold: z.coerce.number().int().min(1).max(100),
  webhookUrl: z
    .string()
    .trim()
    .max(2048)
    .optional()
    .transform((s) => (s ? s : null))
    .refine((s) => s === null || /^https?:\/\/\S+$/i.test(s), {
      message: "a webhook URL starts with http:// or https://",
      params: { text: 58032 },
    }),
});

/** A project's rank settings as shown (the webhook secret is shown to its owner to verify signatures). */
export interface RankSettingsView {
  timeZone: string;
  checkHour: number;
  moveThreshold: number;
  webhookUrl: string | null;
  webhookSecret: string | null;
  cron: string;
}

const scheduleKey = (projectId: number) => `rank-${projectId}`;

/** Cron of a project's daily check: local `hour`, minute spread by project id. */
export function dailyCron(projectId: number, hour: number): string {
  return `${(projectId * 7) % 60} ${hour} * * *`;
}

/** Creates or updates the project's daily schedule from its settings (defaults: 06:xx UTC). */
export async function ensureRankSchedule(services: Services, projectId: number): Promise<void> {
  const [s] = await services.db.select().from(rankSettings).where(eq(rankSettings.projectId, projectId));
  await services.jobs.schedule(
    QUEUES.rankCheck,
    dailyCron(projectId, s?.checkHour ?? 6),
    { projectId },
    { key: scheduleKey(projectId), tz: s?.timeZone ?? "UTC" },
  );
}

/** The project's settings. @throws AppError not_found (idp). */
export async function getRankSettings(opts: { services: Services; owner: Owner; projectId: number }): Promise<RankSettingsView> {
  await authorize({ db: opts.services.db, owner: opts.owner, resource: "project", id: opts.projectId, action: "read", field: "idp" });
  const [s] = await opts.services.db.select().from(rankSettings).where(eq(rankSettings.projectId, opts.projectId));
  const checkHour = s?.checkHour ?? 6;
  return {
    timeZone: s?.timeZone ?? "UTC",
    checkHour,
    moveThreshold: s?.moveThreshold ?? 5,
    webhookUrl: s?.webhookUrl ?? null,
    webhookSecret: s?.webhookSecret ?? null,
    cron: dailyCron(opts.projectId, checkHour),
  };
}

/** Saves the settings and reschedules; a new webhook gets a new signing secret. @throws AppError not_found (idp). */
export async function saveRankSettings(opts: {
  services: Services;
  owner: Owner;
  projectId: number;
  input: z.output<typeof rankSettingsSchema>;
}): Promise<RankSettingsView> {
  const { services, projectId, input } = opts;
  await authorize({ db: services.db, owner: opts.owner, resource: "project", id: projectId, action: "change", field: "idp" });
  const [old] = await services.db.select().from(rankSettings).where(eq(rankSettings.projectId, projectId));
  const webhookSecret = input.webhookUrl
    ? old?.webhookUrl === input.webhookUrl && old.webhookSecret
      ? old.webhookSecret
      : randomSecret()
    : null;
  const values = { ...input, webhookSecret };
  await services.db
    .insert(rankSettings)
    .values({ projectId, ...values })
    .onConflictDoUpdate({ target: rankSettings.projectId, set: values });
  await ensureRankSchedule(services, projectId);
  return getRankSettings(opts);
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("hex");
}

/** Queues a check of the project now ("check now"); only pairs not yet checked today run. @throws AppError not_found (idp). */
export async function checkNow(opts: { services: Services; owner: Owner; projectId: number }): Promise<{ queued: boolean }> {
  await authorize({ db: opts.services.db, owner: opts.owner, resource: "project", id: opts.projectId, action: "change", field: "idp" });
  const id = await opts.services.jobs.send(QUEUES.rankCheck, { projectId: opts.projectId }, { singletonKey: `rank-now-${opts.projectId}` });
  return { queued: id !== null };
}
