/**
 * Scheduled report delivery by e-mail (issue 11 point 6): a schedule (daily, weekly on a day,
 * monthly on a date, at a time in a time zone) kept as a pg-boss cron schedule; each run makes
 * one file per report type, e-mails them to the recipients (attached, or as a link when large),
 * records the run with its attempts, and tells the owner when the last attempt fails.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { deliveries, deliveryRuns, projects, reportFiles, users } from "../db/schema.server.ts";
import { REPORT_FORMATS, REPORT_TYPES } from "../db/schema/reports.server.ts";
import { pageUrl, sendEmail } from "../email/send.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import type { Services } from "../services.server.ts";
import { DELIVERY_EMAIL, PERIODS, reportTypeLabel, reportTypeText } from "../../common/reports/types.ts";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import { loadTexts } from "../i18n/texts.server.ts";
import { brandingOf } from "./branding.server.ts";
import { CONTENT_TYPE } from "./build.server.ts";
import { fileContent, generateFile, queueFileRow } from "./files.server.ts";
import { signLink } from "./link.server.ts";

/** Files larger than this (bytes, all together) go as links instead of attachments. */
export const ATTACH_MAX_BYTES = 10 * 1024 * 1024;
/** Attempts of a run (the pg-boss job's retries) before the owner is told it failed. */
export const RUN_ATTEMPTS = 3;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const list = (v: unknown) =>
  v === undefined
    ? []
    : Array.isArray(v)
      ? v
      : String(v)
          .split(/[\s,;]+/)
          .filter(Boolean);

/** Form/API input of a delivery. */
export const deliverySchema = z.object({
  idp: z.coerce.number().int().positive(),
  frequency: z.enum(["daily", "weekly", "monthly"]),
  weekday: z.coerce.number().int().min(0).max(6).default(1),
  monthDay: z.coerce.number().int().min(1).max(28).default(1),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time as HH:MM"),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: "a known time zone such as Europe/Kyiv", params: { text: 58031 } }),
  recipients: z.preprocess(list, z.array(z.string().trim().toLowerCase().email().max(254)).min(1).max(20)),
  types: z.preprocess(list, z.array(z.enum(REPORT_TYPES)).min(1)),
  format: z.enum(REPORT_FORMATS),
  periodDays: z.coerce
    .number()
    .int()
    .refine((v) => (PERIODS as readonly number[]).includes(v), {
      message: `one of ${PERIODS.join(", ")} days`,
      params: { text: 58036, values: { values: PERIODS.join(", ") } },
    })
    .default(30),
  whiteLabelId: z.preprocess((v) => (v === "" || v === "0" ? null : v), z.coerce.number().int().positive().nullable()).default(null),
});
/** A validated delivery input. */
export type DeliveryInput = z.output<typeof deliverySchema>;

/** The pg-boss cron expression of a schedule (minute hour day-of-month month day-of-week). */
export function deliveryCron(d: Pick<DeliveryInput, "frequency" | "weekday" | "monthDay" | "time">): string {
  const [hh, mm] = d.time.split(":").map(Number);
  if (d.frequency === "daily") return `${mm} ${hh} * * *`;
  if (d.frequency === "weekly") return `${mm} ${hh} * * ${d.weekday}`;
  return `${mm} ${hh} ${d.monthDay} * *`;
}

const scheduleKey = (id: number) => `delivery-${id}`;

async function schedule(services: Services, id: number, d: DeliveryInput) {
  await services.jobs.schedule(
    QUEUES.reportDelivery,
    deliveryCron(d),
    { deliveryId: id },
    { key: scheduleKey(id), tz: d.timeZone, retryLimit: RUN_ATTEMPTS - 1, retryDelay: 60 },
  );
}

/** The owner's deliveries, newest first, with the project's domain and the last run. */
export async function listDeliveries(o: { db: Database; owner: Owner }) {
  const rows = await o.db
    .select({ d: deliveries, domain: projects.domain })
    .from(deliveries)
    .innerJoin(projects, eq(projects.id, deliveries.projectId))
    .where(ownedBy(o.owner, projects))
    .orderBy(desc(deliveries.id));
  const runs = rows.length
    ? await o.db
        .select()
        .from(deliveryRuns)
        .where(
          inArray(
            deliveryRuns.deliveryId,
            rows.map((r) => r.d.id),
          ),
        )
        .orderBy(desc(deliveryRuns.id))
    : [];
  return rows.map((r) => ({ ...r.d, domain: r.domain, runs: runs.filter((x) => x.deliveryId === r.d.id).slice(0, 10) }));
}

/** One delivery of the owner. @throws AppError not_found (field pid). */
export async function getDelivery(o: { db: Database; owner: Owner; id: number }) {
  await authorize({ db: o.db, owner: o.owner, resource: "delivery", id: o.id, action: "read", field: "pid" });
  const [d] = await o.db.select().from(deliveries).where(eq(deliveries.id, o.id));
  return d!;
}

/** Creates (no `id`) or changes a delivery and (re)schedules it. */
export async function saveDelivery(o: { services: Services; owner: Owner; id?: number; input: DeliveryInput }): Promise<number> {
  const db = o.services.db;
  await authorize({ db, owner: o.owner, resource: "project", id: o.input.idp, action: "change", field: "idp" });
  if (o.input.whiteLabelId !== null)
    await authorize({ db, owner: o.owner, resource: "whiteLabel", id: o.input.whiteLabelId, action: "read", field: "whiteLabelId" });
  const { idp, ...rest } = o.input;
  let id = o.id;
  if (id === undefined) {
    const [row] = await db
      .insert(deliveries)
      .values({ projectId: idp, ...rest })
      .returning({ id: deliveries.id });
    id = row!.id;
  } else {
    await authorize({ db, owner: o.owner, resource: "delivery", id, action: "change", field: "pid" });
    await db
      .update(deliveries)
      .set({ projectId: idp, ...rest })
      .where(eq(deliveries.id, id));
  }
  await schedule(o.services, id, o.input);
  return id;
}

/** POST /api/reports/delete_delivery (spec 7): removes the delivery and its schedule. */
export async function deleteDelivery(o: { services: Services; owner: Owner; id: number }): Promise<void> {
  await authorize({ db: o.services.db, owner: o.owner, resource: "delivery", id: o.id, action: "delete" });
  await o.services.jobs.unschedule(QUEUES.reportDelivery, scheduleKey(o.id));
  await o.services.db.delete(deliveries).where(eq(deliveries.id, o.id));
}

/** Queues a delivery run now (the "send now" button); the owner's check is done here. */
export async function sendDeliveryNow(o: { services: Services; owner: Owner; id: number }): Promise<void> {
  await authorize({ db: o.services.db, owner: o.owner, resource: "delivery", id: o.id, action: "change", field: "pid" });
  await o.services.jobs.send(QUEUES.reportDelivery, { deliveryId: o.id }, { retryLimit: RUN_ATTEMPTS - 1, retryDelay: 60 });
}

/** The language of a project's signed-in owner (guests' projects: English): deliveries are written in it. */
async function ownerLang(db: Database, projectId: number): Promise<string> {
  const [row] = await db
    .select({ lang: users.lang })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId));
  return row?.lang ?? DEFAULT_LANG;
}

/**
 * The `report-delivery` job: one run of a delivery. `jobId` ties retries of one job to one run.
 * Makes the files, e-mails them, records the run; on failure records the error and rethrows (pg-boss
 * retries) and, at the last attempt, tells the owner.
 */
export async function runDelivery(services: Services, deliveryId: number, job: { id: string }): Promise<void> {
  const db = services.db;
  const [d] = await db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
  if (!d) return;
  let [run] = await db
    .select()
    .from(deliveryRuns)
    .where(and(eq(deliveryRuns.deliveryId, deliveryId), eq(deliveryRuns.jobId, job.id)));
  if (run?.status === "sent") return;
  run ??= (await db.insert(deliveryRuns).values({ deliveryId, jobId: job.id }).returning())[0]!;
  const attempts = run.attempts + 1;
  await db.update(deliveryRuns).set({ attempts, status: "running", error: null }).where(eq(deliveryRuns.id, run.id));
  try {
    const existing = await db.select({ id: reportFiles.id, type: reportFiles.type }).from(reportFiles).where(eq(reportFiles.runId, run.id));
    const ids: number[] = [];
    for (const type of d.types) {
      const id =
        existing.find((f) => f.type === type)?.id ??
        (await queueFileRow(db, {
          projectId: d.projectId,
          type,
          format: d.format,
          periodDays: d.periodDays,
          whiteLabelId: d.whiteLabelId,
          deliveryId: d.id,
          runId: run.id,
        }));
      await generateFile(services, id);
      ids.push(id);
    }
    const files = (await Promise.all(ids.map((id) => fileContent(db, id)))).filter((f) => f !== null);
    const total = files.reduce((n, f) => n + f.content.length, 0);
    const brand = await brandingOf(db, d.whiteLabelId);
    const [p] = await db.select({ domain: projects.domain }).from(projects).where(eq(projects.id, d.projectId));
    const asLinks = total > ATTACH_MAX_BYTES;
    const links = ids.map((id) =>
      new URL(`/api/download/report${signLink(services.cookieSecret, id)}`, services.env.PUBLIC_ORIGIN).toString(),
    );
    const lang = await ownerLang(db, d.projectId);
    const labels = await loadTexts(db, lang, { ids: d.types.map(reportTypeText) });
    const subject = `${d.types.map((t) => labels[reportTypeText(t)] ?? reportTypeLabel(t)).join(", ")} — ${p!.domain}`;
    for (const to of d.recipients)
      await sendEmail(services, {
        to,
        template: "message",
        lang,
        category: "reports",
        data: {
          subject: { data: subject },
          heading: { data: `${brand.company}: ${subject}` },
          lines: [
            {
              id: DELIVERY_EMAIL.scheduled,
              values: { frequency: d.frequency, domain: p!.domain, days: d.periodDays, delivery: asLinks ? "link" : "attached" },
            },
            ...(asLinks ? files.map((f, i) => ({ data: `${f.filename}: ${links[i]}` })) : files.map((f) => ({ data: f.filename }))),
            ...(brand.footerText ? [{ data: brand.footerText }] : []),
          ],
        },
        attachments: asLinks ? [] : files.map((f) => ({ filename: f.filename, contentType: CONTENT_TYPE[f.format], content: f.content })),
      });
    await db.update(reportFiles).set({ sentAt: new Date() }).where(inArray(reportFiles.id, ids));
    await db.update(deliveryRuns).set({ status: "sent", finishedAt: new Date() }).where(eq(deliveryRuns.id, run.id));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const last = attempts >= RUN_ATTEMPTS;
    await db
      .update(deliveryRuns)
      .set({ status: last ? "failed" : "running", error: message, finishedAt: last ? new Date() : null })
      .where(eq(deliveryRuns.id, run.id));
    if (last) {
      // Issue 15.1: the technical detail stays in the run's row and the log; the owner reads a text in their language.
      services.log.error({ deliveryId: d.id, runId: run.id }, `report delivery failed: ${message}`);
      await tellOwner(services, d.projectId, d.id);
    }
    throw err;
  }
}

/** E-mails the project's signed-in owner that a delivery failed (guests see it in the run history). */
async function tellOwner(services: Services, projectId: number, deliveryId: number): Promise<void> {
  const [row] = await services.db
    .select({ email: users.email, lang: users.lang, domain: projects.domain })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId));
  if (!row) return;
  await sendEmail(services, {
    to: row.email,
    template: "message",
    lang: row.lang,
    category: "notifications",
    data: {
      subject: { id: DELIVERY_EMAIL.failedSubject, values: { domain: row.domain } },
      lines: [{ id: DELIVERY_EMAIL.failedText, values: { count: RUN_ATTEMPTS } }, { id: DELIVERY_EMAIL.failedHelp }],
      action: {
        label: { id: DELIVERY_EMAIL.failedButton },
        url: pageUrl(services, row.lang, `/reports/delivery/edit/${deliveryId}`),
      },
    },
  });
}
