/**
 * Generated report files, the spec 3 "report download status item" (issue 11 points 2 and 4):
 * queued as a pg-boss job, built with percent progress, stored, listed by download_status,
 * closed by close_report, downloaded through a signed link.
 */
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { DownloadItem, ItemStatus } from "../../common/reports/status.ts";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { projects, reportFiles, reports } from "../db/schema.server.ts";
import type { ReportFormat, ReportType } from "../db/schema/reports.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import type { Services } from "../services.server.ts";
import { brandingOf } from "./branding.server.ts";
import { buildDocument, renderFile } from "./build.server.ts";
import { signLink } from "./link.server.ts";

/** Items download_status lists when no ids are given: the owner's newest ones. */
export const STATUS_LIMIT = 20;

/** What to generate. */
export interface FileSpec {
  projectId: number;
  type: ReportType;
  format: ReportFormat;
  periodDays: number;
  whiteLabelId: number | null;
  reportId?: number | null;
  deliveryId?: number | null;
  runId?: number | null;
}

/** File name of a report file: domain, type, date. */
export function reportFilename(domain: string, type: string, format: string, now = new Date()): string {
  return `${domain.replace(/[^a-z0-9.-]/gi, "_")}-${type}-${now.toISOString().slice(0, 10)}.${format}`;
}

/** Stores a new file (st 0) without queueing it (a delivery run builds its files itself). */
export async function queueFileRow(db: Database, spec: FileSpec): Promise<number> {
  const [p] = await db.select({ domain: projects.domain }).from(projects).where(eq(projects.id, spec.projectId));
  if (!p) throw new AppError("not_found", errorText(58114), "idp");
  const [row] = await db
    .insert(reportFiles)
    .values({
      projectId: spec.projectId,
      type: spec.type,
      format: spec.format,
      periodDays: spec.periodDays,
      whiteLabelId: spec.whiteLabelId,
      reportId: spec.reportId ?? null,
      deliveryId: spec.deliveryId ?? null,
      runId: spec.runId ?? null,
      filename: reportFilename(p.domain, spec.type, spec.format),
    })
    .returning({ id: reportFiles.id });
  return row!.id;
}

/** Stores a new file (st 0) and queues its generation. Access is checked by the caller. */
export async function queueFile(services: Services, spec: FileSpec): Promise<number> {
  const id = await queueFileRow(services.db, spec);
  await services.jobs.send(QUEUES.reportGenerate, { fileId: id }, { retryLimit: 2, retryDelay: 5, singletonKey: `report-file-${id}` });
  return id;
}

/** The file spec of a report definition. */
export const fileSpecOf = (r: typeof reports.$inferSelect): FileSpec => ({
  projectId: r.projectId,
  type: r.type,
  format: r.format,
  periodDays: r.periodDays,
  whiteLabelId: r.whiteLabelId,
  reportId: r.id,
});

/** Generates a file from report definition `reportId` (spec 7 flow: the popup follows it). */
export async function generateReport(o: { services: Services; owner: Owner; reportId: number }): Promise<number> {
  await authorize({ db: o.services.db, owner: o.owner, resource: "report", id: o.reportId, action: "read" });
  const [r] = await o.services.db.select().from(reports).where(eq(reports.id, o.reportId));
  return queueFile(o.services, fileSpecOf(r!));
}

/**
 * The `report-generate` job: builds the file, updating `pr` as sections load, and stores it
 * (st 1, pr 100). Failure stores the error and rethrows so pg-boss retries. Idempotent.
 */
export async function generateFile(services: Services, fileId: number): Promise<void> {
  const db = services.db;
  const [f] = await db.select().from(reportFiles).where(eq(reportFiles.id, fileId));
  if (!f || f.st === 1 || f.content) return;
  const set = async (v: Partial<typeof reportFiles.$inferInsert>) => {
    await db.update(reportFiles).set(v).where(eq(reportFiles.id, fileId));
  };
  await set({ st: 2, pr: 5, error: null });
  try {
    const doc = await buildDocument({
      db,
      projectId: f.projectId,
      type: f.type,
      periodDays: f.periodDays,
      onProgress: (pr) => set({ pr }),
    });
    const body = await renderFile(doc, f.format, await brandingOf(db, f.whiteLabelId));
    await db
      .update(reportFiles)
      .set({ content: body, size: body.length, pr: 100, finishedAt: new Date() })
      .where(and(eq(reportFiles.id, fileId), ne(reportFiles.st, 3)));
    await db
      .update(reportFiles)
      .set({ st: 1 })
      .where(and(eq(reportFiles.id, fileId), ne(reportFiles.st, 3)));
  } catch (err) {
    await set({ error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
}

/** A stored row as the spec 3 item. */
export function toItem(secret: string, f: typeof reportFiles.$inferSelect): DownloadItem {
  const done = f.st === 1;
  return {
    id: f.id,
    idr: f.reportId ?? 0,
    idrbs: f.deliveryId ?? 0,
    type: f.type,
    format: f.format,
    filename: f.filename,
    link: done ? signLink(secret, f.id) : "",
    st: f.st as ItemStatus,
    pr: f.pr,
    progress: done ? 100 : f.pr,
    send: f.sentAt ? 1 : 0,
  };
}

const itemColumns = {
  id: reportFiles.id,
  projectId: reportFiles.projectId,
  reportId: reportFiles.reportId,
  deliveryId: reportFiles.deliveryId,
  runId: reportFiles.runId,
  type: reportFiles.type,
  format: reportFiles.format,
  periodDays: reportFiles.periodDays,
  whiteLabelId: reportFiles.whiteLabelId,
  filename: reportFiles.filename,
  st: reportFiles.st,
  pr: reportFiles.pr,
  size: reportFiles.size,
  error: reportFiles.error,
  sentAt: reportFiles.sentAt,
  createdAt: reportFiles.createdAt,
  finishedAt: reportFiles.finishedAt,
};

/** A report file without its bytes. */
export type FileRow = Omit<typeof reportFiles.$inferSelect, "content">;

/** The owner's report files, newest first (without their bytes). `ids` narrows to those. */
export async function listFiles(o: { db: Database; owner: Owner; ids?: number[]; limit?: number }): Promise<FileRow[]> {
  return o.db
    .select(itemColumns)
    .from(reportFiles)
    .innerJoin(projects, eq(projects.id, reportFiles.projectId))
    .where(and(ownedBy(o.owner, projects), o.ids ? inArray(reportFiles.id, o.ids.length ? o.ids : [0]) : undefined))
    .orderBy(desc(reportFiles.id))
    .limit(o.limit ?? STATUS_LIMIT);
}

/**
 * POST /api/reports/download_status (spec 7): the items named by `idrg` (ids; another owner's are
 * left out), or without ids the owner's newest items not closed.
 */
export async function downloadStatus(o: { services: Services; owner: Owner; ids?: number[] }): Promise<DownloadItem[]> {
  const rows = await listFiles({ db: o.services.db, owner: o.owner, ids: o.ids });
  return rows.filter((r) => o.ids || r.st !== 3).map((r) => toItem(o.services.cookieSecret, { ...r, content: null }));
}

/** POST /api/reports/close_report (spec 7, spec 4 st 3): hides the item. */
export async function closeFile(o: { db: Database; owner: Owner; id: number }): Promise<void> {
  await authorize({ db: o.db, owner: o.owner, resource: "reportFile", id: o.id, action: "change", field: "idrg" });
  await o.db.update(reportFiles).set({ st: 3 }).where(eq(reportFiles.id, o.id));
}

/** The stored bytes of a finished file (the signed link was checked by the caller). */
export async function fileContent(db: Database, id: number): Promise<{ filename: string; format: ReportFormat; content: Buffer } | null> {
  const [f] = await db
    .select({ filename: reportFiles.filename, format: reportFiles.format, content: reportFiles.content })
    .from(reportFiles)
    .where(eq(reportFiles.id, id));
  return f?.content ? { filename: f.filename, format: f.format, content: f.content } : null;
}
