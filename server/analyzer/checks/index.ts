/**
 * The check registry, the catalogue, and the runner with its score.
 *
 * Score: 100 minus a penalty per distinct check that fired (error 10, warning 3, notice 1),
 * however many times it fired, floored at 0. A page with two errors and three notices scores 77.
 */
import type { TextRef } from "../../../common/i18n/message.ts";
import type { AnalyzerIssue, Severity } from "../types.ts";
import { englishText } from "./texts.ts";
import { canonicalChecks } from "./canonical.ts";
import { contentChecks } from "./content.ts";
import { hreflangChecks } from "./hreflang.ts";
import { httpChecks } from "./http.ts";
import { imageChecks } from "./images.ts";
import { indexabilityChecks } from "./indexability.ts";
import { linkChecks } from "./links.ts";
import { mobileSecurityChecks } from "./mobile-security.ts";
import { performanceUrlChecks } from "./performance-urls.ts";
import { structuredDataChecks } from "./structured-data.ts";
import { titleChecks } from "./titles.ts";
import { headerChecks } from "./headers.ts";
import { pageQualityChecks } from "./page-quality.ts";
import { socialChecks } from "./social.ts";
import { urlShapeChecks } from "./url-shape.ts";
import type { Check, CheckCategory, CheckContext, Finding } from "./types.ts";

/** Every check, in report order. */
export const ALL_CHECKS: readonly Check[] = [
  ...httpChecks,
  ...indexabilityChecks,
  ...titleChecks,
  ...contentChecks,
  ...linkChecks,
  ...imageChecks,
  ...canonicalChecks,
  ...hreflangChecks,
  ...structuredDataChecks,
  ...mobileSecurityChecks,
  ...performanceUrlChecks,
  ...headerChecks,
  ...pageQualityChecks,
  ...socialChecks,
  ...urlShapeChecks,
];

/** Score penalty per distinct failed check, by severity. */
export const SEVERITY_PENALTY: Record<Severity, number> = { error: 10, warning: 3, notice: 1 };

/** A catalogue entry: a check without its code; title/why/fix are check texts. */
export interface CatalogueEntry {
  id: string;
  category: CheckCategory;
  severity: Severity;
  title: TextRef;
  why: TextRef;
  fix: TextRef;
}

/** The list of every check the analyzer runs (for docs, the UI and `npm run audit -- --list-checks`). */
export function checkCatalogue(): CatalogueEntry[] {
  return ALL_CHECKS.map(({ id, category, severity, title, why, fix }) => ({ id, category, severity, title, why, fix }));
}

/** 100 minus {@link SEVERITY_PENALTY} per distinct check among `issues`, floored at 0. */
export function scoreIssues(issues: readonly Pick<AnalyzerIssue, "check" | "severity">[]): number {
  const seen = new Map<string, Severity>();
  for (const i of issues) seen.set(i.check, i.severity);
  let score = 100;
  for (const severity of seen.values()) score -= SEVERITY_PENALTY[severity];
  return Math.max(0, score);
}

/** Result of {@link runChecks}. */
export interface CheckRun {
  issues: AnalyzerIssue[];
  checksRun: number;
}

/** Findings of {@link runCheckFindings}, each with the check that made it; texts not rendered. */
export interface CheckFindings {
  findings: { check: Check; finding: Finding }[];
  checksRun: number;
}

/**
 * Runs the checks that apply (html-scoped ones only on 2xx HTML responses, final-scoped ones not
 * on redirects) and returns their findings as they are: the crawler keeps the text references and
 * renders them later in the reader's language (issue 14.1: no English rendered per page).
 */
export function runCheckFindings(ctx: CheckContext, checks: readonly Check[] = ALL_CHECKS): CheckFindings {
  const htmlApplies = ctx.isHtml && ctx.statusCode >= 200 && ctx.statusCode < 300;
  const finalApplies = ctx.statusCode < 300 || ctx.statusCode >= 400;
  const findings: CheckFindings["findings"] = [];
  let checksRun = 0;
  for (const check of checks) {
    if (check.scope === "html" && !htmlApplies) continue;
    if (check.scope === "final" && !finalApplies) continue;
    checksRun++;
    const result = check.run(ctx);
    if (!result) continue;
    for (const finding of Array.isArray(result) ? result : [result]) findings.push({ check, finding });
  }
  return { findings, checksRun };
}

/** Runs the checks that apply (see {@link runCheckFindings}) and turns their findings into issues, in English. */
export function runChecks(ctx: CheckContext, checks: readonly Check[] = ALL_CHECKS): CheckRun {
  const { findings, checksRun } = runCheckFindings(ctx, checks);
  const issues = findings.map(({ check, finding: f }): AnalyzerIssue => ({
    check: check.id,
    category: check.category,
    severity: check.severity,
    title: englishText(check.title),
    message: englishText(f.message),
    messageText: f.message,
    why: englishText(check.why),
    fix: englishText(check.fix),
    url: ctx.url,
    ...(f.evidence !== undefined && f.evidence !== "" ? { evidence: f.evidence } : {}),
  }));
  return { issues, checksRun };
}
