/**
 * CSV cells (RFC 4180) safe to open in a spreadsheet program: a cell that would run as a formula
 * is prefixed with an apostrophe (OWASP CSV injection). Pure; shared by every export.
 */

import type { CheckTexts, StoredMessage } from "./check-texts.server.ts";

/** A CSV cell value; null is an empty cell. */
export type Cell = string | number | boolean | null;

/** Neutralises a leading formula character. */
export function safeText(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** One CSV field (RFC 4180 quoting). */
export function csvField(v: Cell): string {
  if (v === null) return "";
  const s = typeof v === "string" ? safeText(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Column titles of the issues export. */
export const ISSUE_HEADER = ["Check", "Category", "Severity", "Title", "URL", "Message", "Evidence", "Link target"];

/** One occurrence of an issue as the issues export lists it. */
export interface IssueRow {
  check: string;
  category: string;
  severity: string;
  url: string;
  message?: StoredMessage | undefined;
  evidence?: StoredMessage | undefined;
  target?: string | null | undefined;
}

/** The cells of one issues-export row, in {@link ISSUE_HEADER} order, with texts rendered by `texts`. */
export function issueCells(texts: Pick<CheckTexts, "title" | "message" | "evidence">, row: IssueRow): Cell[] {
  return [
    row.check,
    row.category,
    row.severity,
    texts.title(row.check),
    row.url,
    texts.message(row.message),
    texts.evidence(row.evidence),
    row.target ?? "",
  ];
}
