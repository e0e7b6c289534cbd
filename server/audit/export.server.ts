/**
 * Exports of an audit (issue 3 "Screens and exports"): its pages or its issues as CSV (RFC 4180,
 * UTF-8 with BOM so spreadsheet programs pick the encoding) or XLSX (exceljs streaming writer).
 * Cells that a spreadsheet would run as a formula are prefixed with an apostrophe (OWASP CSV injection).
 */
import { PassThrough } from "node:stream";
import { asc, eq, gt, and } from "drizzle-orm";
import { type CheckTexts, type StoredMessage, englishCheckTexts, loadCheckTexts } from "./check-texts.server.ts";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import { type TextMap, englishTextFiles, loadTexts } from "../i18n/texts.server.ts";
import type { Database } from "../db/client.server.ts";
import { auditIssues } from "../db/schema.server.ts";
import { allPages } from "./pages.server.ts";
import { type Cell, csvField, issueCells, safeText } from "./csv.ts";
import { issueTarget } from "./report.server.ts";

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

export { csvField } from "./csv.ts";

/** Text ids of the column headings (audit-ui.json, group "audit-export") and of the sheet names. */
const PAGE_HEADER = [22950, 22951, 22952, 22953, 22954, 22955, 22956, 22957, 22958, 22959, 22960, 22961, 22962, 22963, 22964, 22965, 22966];
const ISSUE_HEADER_IDS = [22967, 22968, 22969, 22955, 22950, 22970, 22971, 22974];
const SHEET = { pages: 22972, issues: 22973 } as const;
const EXPORT_TEXT_GROUP = "audit-export";

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

async function* issueRows(db: Database, auditId: number, texts: CheckTexts, check?: string): AsyncGenerator<Cell[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: auditIssues.id,
        check: auditIssues.check,
        category: auditIssues.category,
        severity: auditIssues.severity,
        url: auditIssues.url,
        details: auditIssues.details,
        target: issueTarget,
      })
      .from(auditIssues)
      .where(and(eq(auditIssues.auditId, auditId), check ? eq(auditIssues.check, check) : undefined, gt(auditIssues.id, after)))
      .orderBy(asc(auditIssues.id))
      .limit(5000);
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.id);
    for (const r of rows) {
      const d = r.details as { message?: StoredMessage; evidence?: StoredMessage };
      yield issueCells(texts, { ...r, message: d.message, evidence: d.evidence });
    }
  }
}

/**
 * Builds the export file of an audit in `lang` (a spec language code): headings, check titles and
 * messages are texts in that language (English per missing text; English texts come from the files,
 * so a database without seeded texts, as the CLI's, still exports in English). `check` limits an
 * issues export to that one check (issue 16 point 6, file audit-N-issues-<check>.csv).
 */
export async function exportAudit(
  db: Database,
  auditId: number,
  kind: ExportKind,
  format: ExportFormat,
  options: { lang?: string; check?: string } = {},
): Promise<ExportFile> {
  const lang = options.lang ?? DEFAULT_LANG;
  const english = lang === DEFAULT_LANG;
  const [checks, own] = await Promise.all([
    english ? englishCheckTexts() : loadCheckTexts(db, lang),
    english ? ({} as TextMap) : loadTexts(db, lang, { groups: [EXPORT_TEXT_GROUP] }),
  ]);
  const t = (id: number) => own[id] ?? englishTextFiles()[id] ?? "";
  const header = (kind === "pages" ? PAGE_HEADER : ISSUE_HEADER_IDS).map(t);
  const one = kind === "issues" ? options.check : undefined;
  const rows = kind === "pages" ? pageRows(db, auditId) : issueRows(db, auditId, checks, one);
  const filename = `audit-${auditId}-${kind}${one ? `-${one}` : ""}.${format}`;
  if (format === "csv") {
    const parts: string[] = ["\uFEFF", header.map(csvField).join(","), "\r\n"];
    for await (const row of rows) parts.push(row.map(csvField).join(","), "\r\n");
    return { filename, contentType: "text/csv; charset=utf-8", body: Buffer.from(parts.join(""), "utf8") };
  }
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  // exceljs loads on the first spreadsheet (~35 MB a web process that writes none should not hold, issue 14).
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = book.addWorksheet(t(SHEET[kind]), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(header).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) sheet.addRow(row.map((v) => (typeof v === "string" ? safeText(v) : v))).commit();
  sheet.commit();
  await book.commit();
  return { filename, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body: Buffer.concat(chunks) };
}
