/**
 * Exports of an audit (issue 3 "Screens and exports"): its pages or its issues as CSV (RFC 4180,
 * UTF-8 with BOM so spreadsheet programs pick the encoding) or XLSX (exceljs streaming writer).
 * Cells that a spreadsheet would run as a formula are prefixed with an apostrophe (OWASP CSV injection).
 */
import { PassThrough } from "node:stream";
import { asc, eq, gt, and } from "drizzle-orm";
import ExcelJS from "exceljs";
import { auditCatalogue } from "./run.ts";
import type { Database } from "../db/client.server.ts";
import { auditIssues } from "../db/schema.server.ts";
import { allPages } from "./pages.server.ts";

/** What to export. */
export type ExportKind = "pages" | "issues";
/** File format. */
export type ExportFormat = "csv" | "xlsx";

/** A finished export file. */
export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

type Cell = string | number | boolean | null;

const PAGE_HEADER = [
  "URL",
  "Status",
  "State",
  "Error",
  "Redirects to",
  "Title",
  "Meta description",
  "Canonical",
  "H1",
  "Words",
  "Content type",
  "Depth",
  "Inlinks",
  "Link score",
  "Indexable",
  "TTFB ms",
  "Size bytes",
];
const ISSUE_HEADER = ["Check", "Category", "Severity", "Title", "URL", "Message", "Evidence"];

/** Neutralises a leading formula character. */
function safeText(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** One CSV field (RFC 4180 quoting). */
export function csvField(v: Cell): string {
  if (v === null) return "";
  const s = typeof v === "string" ? safeText(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function* pageRows(db: Database, auditId: number): AsyncGenerator<Cell[]> {
  for await (const batch of allPages(db, auditId)) {
    for (const r of batch) {
      yield [
        r.url,
        r.statusCode,
        r.state,
        r.error,
        r.location,
        r.title,
        r.metaDescription,
        r.canonical,
        r.h1,
        r.wordCount,
        r.contentType,
        r.depth,
        r.inlinks,
        r.linkScore,
        r.indexable,
        r.ttfbMs === null ? null : Math.round(r.ttfbMs),
        r.bytes,
      ];
    }
  }
}

async function* issueRows(db: Database, auditId: number): AsyncGenerator<Cell[]> {
  const titles = new Map(auditCatalogue().map((c) => [c.id, c.title]));
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditIssues)
      .where(and(eq(auditIssues.auditId, auditId), gt(auditIssues.id, after)))
      .orderBy(asc(auditIssues.id))
      .limit(5000);
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.id);
    for (const r of rows) {
      const d = r.details as { message?: string; evidence?: string };
      yield [r.check, r.category, r.severity, titles.get(r.check) ?? r.check, r.url, d.message ?? "", d.evidence ?? ""];
    }
  }
}

/** Builds the export file of an audit. */
export async function exportAudit(db: Database, auditId: number, kind: ExportKind, format: ExportFormat): Promise<ExportFile> {
  const header = kind === "pages" ? PAGE_HEADER : ISSUE_HEADER;
  const rows = kind === "pages" ? pageRows(db, auditId) : issueRows(db, auditId);
  const filename = `audit-${auditId}-${kind}.${format}`;
  if (format === "csv") {
    const parts: string[] = ["\uFEFF", header.map(csvField).join(","), "\r\n"];
    for await (const row of rows) parts.push(row.map(csvField).join(","), "\r\n");
    return { filename, contentType: "text/csv; charset=utf-8", body: Buffer.from(parts.join(""), "utf8") };
  }
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = book.addWorksheet(kind === "pages" ? "Pages" : "Issues", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(header).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) sheet.addRow(row.map((v) => (typeof v === "string" ? safeText(v) : v))).commit();
  sheet.commit();
  await book.commit();
  return { filename, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body: Buffer.concat(chunks) };
}
