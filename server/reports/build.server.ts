/**
 * Builds a report: loads the sections of its type from the registry, then renders the file in
 * its format — PDF (the report's HTML printed in Chromium), XLSX (one sheet per section) or CSV
 * (every table and chart's data, one after the other).
 */
import { eq } from "drizzle-orm";
import { reportTypeText } from "../../common/reports/types.ts";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import { type Translate, translator } from "../i18n/texts.server.ts";
import type { Owner } from "../access/owner.server.ts";
import type { Database } from "../db/client.server.ts";
import { projects, users } from "../db/schema.server.ts";
import type { ReportFormat, ReportType } from "../db/schema/reports.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { printPdf } from "../pdf/print.server.ts";
import { csvField } from "../audit/export.server.ts";
import { REPORT_TEXT_GROUPS, type ReportDocument, type ReportSection } from "./model.ts";
import { type Branding, renderReportHtml } from "./render-html.server.ts";
import { TYPE_SECTIONS, loadSection } from "./sections/registry.server.ts";

/** Content type of each format. */
export const CONTENT_TYPE: Record<ReportFormat, string> = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * The project's holder: section data is read on behalf of the project's owner, and reports are
 * written in the owner's interface language (a guest's project: English).
 */
export async function projectOwner(db: Database, projectId: number): Promise<{ owner: Owner; domain: string; lang: string }> {
  const [p] = await db
    .select({ userId: projects.userId, visitorId: projects.visitorId, domain: projects.domain, lang: users.lang })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId));
  if (!p) throw new AppError("not_found", errorText(58114), "idp");
  return { owner: { userId: p.userId, visitorId: p.visitorId }, domain: p.domain, lang: p.lang ?? DEFAULT_LANG };
}

/** Headings of the tables made from key figures and notes (reports.json, group "report"). */
const FIGURE = 53264;
const VALUE = 53265;
const NOTE = 53266;

/** yyyy-mm-dd of a date. */
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Loads a report's document. `onProgress(percent)` is called after each section (5–80 %).
 * @throws AppError not_found when the project is gone.
 */
export async function buildDocument(o: {
  db: Database;
  projectId: number;
  type: ReportType;
  periodDays: number;
  now?: Date;
  onProgress?: (pr: number) => Promise<void>;
}): Promise<ReportDocument> {
  const now = o.now ?? new Date();
  const { owner, domain, lang } = await projectOwner(o.db, o.projectId);
  const t = await translator(o.db, lang, REPORT_TEXT_GROUPS);
  const from = new Date(now.getTime() - (o.periodDays - 1) * 86_400_000);
  const ctx = { db: o.db, owner, lang, t, projectId: o.projectId, domain, from: ymd(from), to: ymd(now), periodDays: o.periodDays };
  const ids = TYPE_SECTIONS[o.type] ?? [];
  const sections: ReportSection[] = [];
  for (const [i, id] of ids.entries()) {
    sections.push(await loadSection(id, ctx));
    await o.onProgress?.(5 + Math.round((75 * (i + 1)) / ids.length));
  }
  const title = t(reportTypeText(o.type));
  return { type: o.type, lang, t, title, domain, from: ctx.from, to: ctx.to, generatedAt: now.toISOString(), sections };
}

/** Every table of a section, charts' data tables included, as [title, head, rows]. */
function tablesOf(s: ReportSection, t: Translate): { title: string; head: string[]; rows: (string | number)[][] }[] {
  return s.blocks.flatMap((b) => {
    if (b.kind === "table") return [{ title: b.title, head: b.head, rows: b.rows }];
    if (b.kind === "chart") return [{ title: b.chart.alt, head: b.chart.table.head, rows: b.chart.table.rows }];
    if (b.kind === "metrics") return [{ title: s.title, head: [t(FIGURE), t(VALUE)], rows: b.items.map((i) => [i.label, i.value]) }];
    return [{ title: s.title, head: [t(NOTE)], rows: [[b.text]] }];
  });
}

/** Renders a document in a format. */
export async function renderFile(doc: ReportDocument, format: ReportFormat, brand?: Branding): Promise<Buffer> {
  if (format === "pdf") {
    const footerTemplate = `<div style="font-size:8px;width:100%;text-align:center;color:#6b7280"><span class="pageNumber"></span> / <span class="totalPages"></span></div>`;
    return printPdf({ html: renderReportHtml(doc, brand), footerTemplate });
  }
  if (format === "csv") {
    const lines: string[] = [];
    for (const s of doc.sections)
      for (const t of tablesOf(s, doc.t)) {
        lines.push(csvField(`${s.title}: ${t.title}`), t.head.map(csvField).join(","), ...t.rows.map((r) => r.map(csvField).join(",")), "");
      }
    return Buffer.from(`\ufeff${lines.join("\r\n")}`, "utf8");
  }
  // exceljs loads on the first spreadsheet (~35 MB a web process that writes none should not hold, issue 14).
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  book.creator = brand?.hideBrand ? brand.company : "Rankforge";
  const names = new Set<string>();
  for (const s of doc.sections) {
    let name = s.title.replace(/[\\/?*[\]:]/g, " ").slice(0, 28);
    while (names.has(name)) name = `${name.slice(0, 26)} ${names.size}`;
    names.add(name);
    const sheet = book.addWorksheet(name);
    for (const t of tablesOf(s, doc.t)) {
      sheet.addRow([t.title]).font = { bold: true };
      sheet.addRow(t.head).font = { bold: true };
      for (const r of t.rows) sheet.addRow(r.map((c) => (typeof c === "string" && /^[=+\-@]/.test(c) ? `'${c}` : c)));
      sheet.addRow([]);
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
