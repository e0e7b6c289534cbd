/**
 * Rankings export (issue 10 point 6): the rankings table of one engine as CSV (UTF-8 with BOM,
 * formula cells neutralised, server/audit/export.server.ts) or XLSX. The rows are the screen's rows.
 */
import { csvField } from "../audit/export.server.ts";
import type { RankingsView } from "./rankings.server.ts";

/** A finished export file. */
export interface RankExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

type Cell = string | number | null;

/** Header and rows of the export. */
export function rankingRows(view: RankingsView): { header: string[]; rows: Cell[][] } {
  const header = [
    "Keyword",
    "Tags",
    "Position",
    "Change 1 day",
    "Change 7 days",
    "Change 30 days",
    "Best",
    "URL",
    "SERP features",
    "Own features",
    "Search volume",
    "Checked",
    "Error",
    ...view.competitors,
  ];
  const rows = view.keywords.map((k): Cell[] => [
    k.keyword,
    k.tags.join(" | "),
    k.position,
    k.change1,
    k.change7,
    k.change30,
    k.best,
    k.url,
    k.features.join(" | "),
    k.ownFeatures.join(" | "),
    k.searchVolume,
    k.checkedDay,
    k.error,
    ...view.competitors.map((c) => k.competitors[c] ?? null),
  ]);
  return { header, rows };
}

const safe = (v: Cell) => (typeof v === "string" && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** The export file of a rankings view (`domain` names the file). */
export async function exportRankings(view: RankingsView, domain: string, format: "csv" | "xlsx"): Promise<RankExportFile> {
  const { header, rows } = rankingRows(view);
  const engine = view.engine ? `${view.engine.engine}-${view.engine.country.toLowerCase()}-${view.engine.device}` : "none";
  const filename = `rankings-${domain.replace(/[^a-z0-9.-]/gi, "_")}-${engine}.${format}`;
  if (format === "csv") {
    const text = ["\uFEFF", header.map(csvField).join(","), "\r\n", ...rows.flatMap((r) => [r.map(csvField).join(","), "\r\n"])].join("");
    return { filename, contentType: "text/csv; charset=utf-8", body: Buffer.from(text, "utf8") };
  }
  // exceljs loads on the first spreadsheet (~35 MB a web process that writes none should not hold, issue 14).
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Rankings", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(header).font = { bold: true };
  for (const r of rows) sheet.addRow(r.map(safe));
  return {
    filename,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: Buffer.from(await book.xlsx.writeBuffer()),
  };
}
