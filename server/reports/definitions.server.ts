/**
 * Report definitions (issue 11 point 3): /reports lists them with their latest file, /reports/create
 * adds one (and queues its first file), /reports/edit/{pid} changes it, delete_report removes it.
 */
import { desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { projects, reportFiles, reports } from "../db/schema.server.ts";
import { REPORT_FORMATS, REPORT_TYPES } from "../db/schema/reports.server.ts";
import { PERIODS } from "../../common/reports/types.ts";
import type { Services } from "../services.server.ts";
import { fileSpecOf, queueFile } from "./files.server.ts";

const optionalId = z.preprocess((v) => (v === "" || v === "0" || v === 0 ? null : v), z.coerce.number().int().positive().nullable());

/** Form/API input of a report definition. */
export const reportInputSchema = z.object({
  idp: z.coerce.number().int().positive(),
  type: z.enum(REPORT_TYPES),
  format: z.enum(REPORT_FORMATS),
  periodDays: z.coerce
    .number()
    .int()
    .refine((v) => (PERIODS as readonly number[]).includes(v), {
      message: `one of ${PERIODS.join(", ")} days`,
      params: { text: 58036, values: { values: PERIODS.join(", ") } },
    }),
  whiteLabelId: optionalId.default(null),
});
/** A validated report definition input. */
export type ReportInput = z.output<typeof reportInputSchema>;

/** One row of the /reports list: the definition and its latest file. */
export interface ReportListRow {
  id: number;
  projectId: number;
  domain: string;
  type: string;
  format: string;
  periodDays: number;
  whiteLabelId: number | null;
  createdAt: string;
  latest: { id: number; st: number; pr: number; size: number; createdAt: string; error: string | null } | null;
}

/** The owner's report definitions, newest first, each with its latest file. */
export async function listReports(o: { db: Database; owner: Owner }): Promise<ReportListRow[]> {
  const rows = await o.db
    .select({ r: reports, domain: projects.domain })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(ownedBy(o.owner, projects))
    .orderBy(desc(reports.id));
  const files = rows.length
    ? await o.db
        .select({
          id: reportFiles.id,
          reportId: reportFiles.reportId,
          st: reportFiles.st,
          pr: reportFiles.pr,
          size: reportFiles.size,
          error: reportFiles.error,
          createdAt: reportFiles.createdAt,
        })
        .from(reportFiles)
        .where(
          inArray(
            reportFiles.reportId,
            rows.map((r) => r.r.id),
          ),
        )
        .orderBy(desc(reportFiles.id))
    : [];
  return rows.map(({ r, domain }) => {
    const f = files.find((x) => x.reportId === r.id);
    return {
      id: r.id,
      projectId: r.projectId,
      domain,
      type: r.type,
      format: r.format,
      periodDays: r.periodDays,
      whiteLabelId: r.whiteLabelId,
      createdAt: r.createdAt.toISOString(),
      latest: f ? { id: f.id, st: f.st, pr: f.pr, size: f.size, error: f.error, createdAt: f.createdAt.toISOString() } : null,
    };
  });
}

/** One report definition of the owner. @throws AppError not_found (field pid). */
export async function getReport(o: { db: Database; owner: Owner; id: number }) {
  await authorize({ db: o.db, owner: o.owner, resource: "report", id: o.id, action: "read", field: "pid" });
  const [r] = await o.db.select().from(reports).where(eq(reports.id, o.id));
  return r!;
}

async function checkRefs(db: Database, owner: Owner, input: ReportInput) {
  await authorize({ db, owner, resource: "project", id: input.idp, action: "change", field: "idp" });
  if (input.whiteLabelId !== null)
    await authorize({ db, owner, resource: "whiteLabel", id: input.whiteLabelId, action: "read", field: "whiteLabelId" });
}

/** Creates a report definition and queues its first file; returns both ids. */
export async function createReport(o: { services: Services; owner: Owner; input: ReportInput }): Promise<{ id: number; fileId: number }> {
  await checkRefs(o.services.db, o.owner, o.input);
  const { idp, ...rest } = o.input;
  const [row] = await o.services.db
    .insert(reports)
    .values({ projectId: idp, ...rest })
    .returning();
  const fileId = await queueFile(o.services, fileSpecOf(row!));
  return { id: row!.id, fileId };
}

/** Changes a report definition and queues a new file of it. */
export async function updateReport(o: { services: Services; owner: Owner; id: number; input: ReportInput }): Promise<{ fileId: number }> {
  await authorize({ db: o.services.db, owner: o.owner, resource: "report", id: o.id, action: "change", field: "pid" });
  await checkRefs(o.services.db, o.owner, o.input);
  const { idp, ...rest } = o.input;
  const [row] = await o.services.db
    .update(reports)
    .set({ projectId: idp, ...rest })
    .where(eq(reports.id, o.id))
    .returning();
  return { fileId: await queueFile(o.services, fileSpecOf(row!)) };
}

/** POST /api/reports/delete_report (spec 7): removes the definition and its files. */
export async function deleteReport(o: { db: Database; owner: Owner; id: number }): Promise<void> {
  await authorize({ db: o.db, owner: o.owner, resource: "report", id: o.id, action: "delete" });
  await o.db.delete(reportFiles).where(eq(reportFiles.reportId, o.id));
  await o.db.delete(reports).where(eq(reports.id, o.id));
}
