/**
 * The audit's charts (issue 11 point 8): health gauge and trend, issues by severity and by category,
 * status codes and crawl depth. Used by the website-audit report, the project screen and the
 * Dedicated SEO Dashboard, so every screen shows the same figures from one query.
 */
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { RenderedChart } from "../../common/chart.ts";
import { barChart, gauge, lineChart } from "../charts/render.server.ts";
import type { Database } from "../db/client.server.ts";
import { auditPages, auditUrls } from "../db/schema.server.ts";
import { issueCounts, type IssueCount } from "../audit/history.server.ts";

/** The audit chart set; each chart carries its text alternative and data table. */
export interface AuditChartSet {
  health: RenderedChart;
  trend: RenderedChart | null;
  severity: RenderedChart;
  categories: RenderedChart;
  status: RenderedChart;
  depth: RenderedChart;
}

/** The charts and the issue counts they were drawn from. */
export interface AuditCharts {
  charts: AuditChartSet;
  issues: IssueCount[];
}

const SEVERITIES = ["error", "warning", "notice"] as const;
const SEVERITY_NAME: Record<string, string> = { error: "Errors", warning: "Warnings", notice: "Notices" };
const SEVERITY_COLOR: Record<string, string> = { error: "#b91c1c", warning: "#b45309", notice: "#1d4ed8" };

/** Pages per status class (2xx … 5xx, failed) and per click depth of one audit. */
export async function auditDistribution(db: Database, auditId: number) {
  const status = await db
    .select({ cls: sql<string>`coalesce((${auditPages.statusCode} / 100)::text || 'xx', 'failed')`, n: count() })
    .from(auditPages)
    .where(eq(auditPages.auditId, auditId))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const depth = await db
    .select({ depth: auditUrls.depth, n: count() })
    .from(auditUrls)
    .innerJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
    .where(and(eq(auditUrls.auditId, auditId), isNotNull(auditUrls.depth)))
    .groupBy(auditUrls.depth)
    .orderBy(auditUrls.depth);
  return {
    status: status.map((r) => ({ label: r.cls, pages: Number(r.n) })),
    depth: depth.map((r) => ({ label: String(r.depth), pages: Number(r.n) })),
  };
}

/** Builds every audit chart of a finished audit. `trend` lists finished audits oldest first. */
export async function auditCharts(o: {
  db: Database;
  auditId: number;
  healthScore: number;
  trend: { finishedAt: string; healthScore: number }[];
}): Promise<AuditCharts> {
  const [issues, dist] = await Promise.all([issueCounts(o.db, o.auditId), auditDistribution(o.db, o.auditId)]);
  const bySeverity = SEVERITIES.map((s) => issues.filter((i) => i.severity === s).reduce((n, i) => n + i.urls, 0));
  const categories = [...new Set(issues.map((i) => i.category))];
  const perCategory = (s: string) =>
    categories.map((c) => issues.filter((i) => i.category === c && i.severity === s).reduce((n, i) => n + i.urls, 0));
  return {
    issues,
    charts: {
      health: gauge({ value: o.healthScore, label: "Site health", alt: `Site health score ${o.healthScore} of 100.` }),
      trend:
        o.trend.length > 1
          ? lineChart({
              categories: o.trend.map((t) => t.finishedAt.slice(0, 10)),
              series: [{ name: "Health score", values: o.trend.map((t) => t.healthScore) }],
              alt: `Health score over the last ${o.trend.length} audits: from ${o.trend[0]!.healthScore} to ${o.trend.at(-1)!.healthScore}.`,
              categoryLabel: "Audit date",
              yMin: 0,
              yMax: 100,
              area: true,
            })
          : null,
      severity: barChart({
        categories: SEVERITIES.map((s) => SEVERITY_NAME[s]!),
        series: [{ name: "Issues", values: bySeverity, colors: SEVERITIES.map((s) => SEVERITY_COLOR[s]!) }],
        alt: `Issues by severity: ${bySeverity[0]} errors, ${bySeverity[1]} warnings, ${bySeverity[2]} notices.`,
        categoryLabel: "Severity",
        height: 220,
      }),
      categories: barChart({
        categories,
        series: SEVERITIES.map((s) => ({ name: SEVERITY_NAME[s]!, values: perCategory(s), color: SEVERITY_COLOR[s] })),
        alt: `Issues by category across ${categories.length} categories, split by severity.`,
        categoryLabel: "Category",
        horizontal: true,
        stacked: true,
      }),
      status: barChart({
        categories: dist.status.map((s) => s.label),
        series: [{ name: "Pages", values: dist.status.map((s) => s.pages) }],
        alt: `Pages by status code: ${dist.status.map((s) => `${s.pages} ${s.label}`).join(", ") || "none"}.`,
        categoryLabel: "Status",
        height: 220,
      }),
      depth: barChart({
        categories: dist.depth.map((d) => d.label),
        series: [{ name: "Pages", values: dist.depth.map((d) => d.pages) }],
        alt: `Pages by click depth from the start page: ${dist.depth.map((d) => `${d.pages} at depth ${d.label}`).join(", ") || "none"}.`,
        categoryLabel: "Click depth",
        height: 220,
      }),
    },
  };
}
