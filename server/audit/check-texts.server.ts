/**
 * Check texts in the reader's language (issue 15): titles, explanations, fixes and messages of the
 * audit's checks come from content/texts/<lang>/checks.json, English per text when a translation is
 * missing (spec 2 fallback). Reports, issue detail, comparisons and exports render through this.
 */
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import { type TextRef, renderText } from "../../common/i18n/message.ts";
import { CHECK_TEXT_GROUP, ENGLISH_CHECK_TEXTS } from "../analyzer/checks/texts.ts";
import type { AnalyzerReport } from "../analyzer/types.ts";
import type { Database } from "../db/client.server.ts";
import { type AuditCatalogueEntry, auditCatalogue } from "./run.ts";

/** A message as stored in audit_issues.details: a check text, or an English string from before issue 15. */
export type StoredMessage = TextRef | string;

/** Renders check texts in one language. */
export interface CheckTexts {
  lang: string;
  /** Title of check `check` (its id when the check no longer exists). */
  title(check: string): string;
  why(check: string): string;
  fix(check: string): string;
  /** A stored message; an English string stored before issue 15 is shown as it is. */
  message(message: StoredMessage | undefined): string;
  /** Stored evidence: a value (shown as it is) or a check text around one (issue 15.1). */
  evidence(evidence: StoredMessage | undefined): string;
}

let catalogue: Map<string, AuditCatalogueEntry> | null = null;

/** Check texts rendered from `texts` (id → text, English merged in) in `lang`. */
export function checkTextsFrom(texts: Readonly<Record<number, string>>, lang: string): CheckTexts {
  catalogue ??= new Map(auditCatalogue().map((c) => [c.id, c]));
  const part = (key: "title" | "why" | "fix") => (check: string) => {
    const entry = catalogue!.get(check);
    return entry ? renderText(entry[key], texts, lang) : key === "title" ? check : "";
  };
  const stored = (m: StoredMessage | undefined) => (m === undefined ? "" : typeof m === "string" ? m : renderText(m, texts, lang));
  return { lang, title: part("title"), why: part("why"), fix: part("fix"), message: stored, evidence: stored };
}

/** The check texts in English. */
export const englishCheckTexts = (): CheckTexts => checkTextsFrom(ENGLISH_CHECK_TEXTS, DEFAULT_LANG);

/** Loads the check texts of `lang` (a spec language code) from the texts table. */
export async function loadCheckTexts(db: Database, lang: string): Promise<CheckTexts> {
  if (lang === DEFAULT_LANG) return englishCheckTexts();
  // Loaded here, not at the top: the CLI audit renders English only and starts no database layer (issue 14.1).
  const { loadTexts } = await import("../i18n/texts.server.ts");
  return checkTextsFrom(await loadTexts(db, lang, { groups: [CHECK_TEXT_GROUP] }), lang);
}

/**
 * The analyzer's report with its issues' title, why, fix and message in `texts`' language. A report
 * stored before issue 15 has no `messageText`: its English message is kept.
 */
export function localizeAnalyzerReport(report: AnalyzerReport, texts: CheckTexts): AnalyzerReport {
  if (texts.lang === DEFAULT_LANG) return report;
  return {
    ...report,
    issues: report.issues.map((i) => ({
      ...i,
      title: texts.title(i.check),
      why: texts.why(i.check),
      fix: texts.fix(i.check),
      message: i.messageText ? texts.message(i.messageText) : i.message,
    })),
  };
}
