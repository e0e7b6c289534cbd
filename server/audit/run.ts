/**
 * The site audit (issue 3): page-level findings gathered from every page plus the site-wide
 * checks computed over the whole audit, grouped into issues, with the health score and summary.
 * Pure: same input, same output.
 */
import type { TextRef } from "../../common/i18n/message.ts";
import { ALL_CHECKS } from "../analyzer/checks/index.ts";
import { REDIRECT_RULES } from "../analyzer/checks/redirect-rules.ts";
import { SITE_CHECKS } from "./checks/index.ts";
import { buildSiteContext } from "./context.ts";
import { healthScore } from "./health.ts";
import type { IssueOccurrence, PageMetrics, Severity, SiteAuditInput, SiteAuditResult, SiteIssue } from "./model.ts";

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };

/** A catalogue entry of the audit: a page-level or site-wide check without its code; title/why/fix are check texts. */
export interface AuditCatalogueEntry {
  id: string;
  category: string;
  severity: Severity;
  title: TextRef;
  why: TextRef;
  fix: TextRef;
  /** "page": runs on each response (also in /analyzer); "site": computed over the whole audit. */
  scope: "page" | "site";
}

/** Every check of the site audit, page-level first, in report order. */
export function auditCatalogue(): AuditCatalogueEntry[] {
  return [
    ...ALL_CHECKS.map(({ id, category, severity, title, why, fix }) => ({
      id,
      category,
      severity,
      title,
      why,
      fix,
      scope: "page" as const,
    })),
    ...SITE_CHECKS.map(({ id, category, severity, title, why, fix }) => ({
      id,
      category,
      severity,
      title,
      why,
      fix,
      scope: "site" as const,
    })),
  ];
}

/** Runs the site audit over an audit. */
export function runSiteAudit(input: SiteAuditInput): SiteAuditResult {
  const catalogue = new Map(auditCatalogue().map((c) => [c.id, c]));
  const found = new Map<string, IssueOccurrence[]>();
  const add = (check: string, o: IssueOccurrence) => {
    const list = found.get(check);
    if (list) list.push(o);
    else found.set(check, [o]);
  };
  for (const page of input.pages) {
    for (const f of page.findings) add(f.check, { url: page.url, message: f.message, ...(f.evidence ? { evidence: f.evidence } : {}) });
    // A crawler that fetches one hop per request joins the chains only in the snapshot: judge them here.
    if (page.redirects.length === 0) continue;
    for (const [id, rule] of Object.entries(REDIRECT_RULES)) {
      if (page.findings.some((f) => f.check === id)) continue;
      const f = rule(page.redirects, page.finalUrl);
      if (f) add(id, { url: page.url, ...f });
    }
  }
  const ctx = buildSiteContext(input);
  for (const check of SITE_CHECKS) for (const o of check.run(ctx)) add(check.id, o);

  const issues: SiteIssue[] = [];
  for (const [id, occurrences] of found) {
    const c = catalogue.get(id);
    if (!c) continue;
    issues.push({ check: id, category: c.category, severity: c.severity, title: c.title, why: c.why, fix: c.fix, occurrences });
  }
  issues.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      b.occurrences.length - a.occurrences.length ||
      a.check.localeCompare(b.check),
  );

  const score = healthScore(input.pages, issues);
  const issuesBySeverity: Record<Severity, number> = { error: 0, warning: 0, notice: 0 };
  const checksFailedBySeverity: Record<Severity, number> = { error: 0, warning: 0, notice: 0 };
  for (const i of issues) {
    issuesBySeverity[i.severity] += i.occurrences.length;
    checksFailedBySeverity[i.severity]++;
  }
  const pages: PageMetrics[] = input.pages.map((p) => {
    return {
      url: p.url,
      inlinks: new Set(ctx.inlinksOf(p).map((l) => l.from)).size,
      outlinks: (ctx.outlinks.get(p.url) ?? []).length,
      linkScore: ctx.linkScore.get(p.url) ?? 0,
      indexable: ctx.isIndexable(p),
    };
  });
  return {
    issues,
    healthScore: score,
    summary: {
      pagesCrawled: input.pages.filter((p) => !p.robotsBlocked).length,
      indexablePages: pages.filter((p) => p.indexable).length,
      issuesBySeverity,
      checksFailedBySeverity,
      checksRun: catalogue.size,
      healthScore: score,
    },
    pages,
  };
}
