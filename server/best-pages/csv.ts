import type { BestPageRow } from "./list.server.ts";

/** CSV columns of the best pages export, in order (issue 12.3 "export"). */
export const BEST_PAGES_CSV_COLUMNS: (keyof BestPageRow)[] = [
  "url",
  "clicks",
  "impressions",
  "ctr",
  "position",
  "previousClicks",
  "clicksChange",
  "linkScore",
  "inlinks",
  "wordCount",
  "issues",
  "speed",
  "lcpMs",
];

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading =,+,-,@ is defused with an apostrophe (CSV injection). */
function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  let s = typeof v === "number" ? String(Math.round(v * 10_000) / 10_000) : String(v);
  if (typeof v === "string" && /^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The rows as CSV (header line first, CRLF line ends as RFC 4180). */
export function bestPagesCsv(rows: BestPageRow[]): string {
  return (
    [BEST_PAGES_CSV_COLUMNS.join(","), ...rows.map((r) => BEST_PAGES_CSV_COLUMNS.map((c) => cell(r[c])).join(","))].join("\r\n") + "\r\n"
  );
}
