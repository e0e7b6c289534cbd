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
import { loadCheckTexts } from "../audit/check-texts.server.ts";
import { translator } from "../i18n/texts.server.ts";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";

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
/** Texts of the charts (reports.json, group "charts"). */
export const CHART_TEXT_GROUP = "charts";
const C = {
  health: 53200,
  healthAlt: 53201,
  healthScore: 53202,
  trendAlt: 53203,
  auditDate: 53204,
  issues: 53208,
  severityAlt: 53209,
  severity: 53210,
  categoriesAlt: 53211,
  category: 53212,
  pages: 53213,
  statusAlt: 53214,
  status: 53215,
  depthAlt: 53216,
  depth: 53217,
} as const;
const SEVERITY_NAME: Record<string, number> = { error: 53205, warning: 53206, notice: 53207 };
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

/**
 * Builds every audit chart of a finished audit, its words in `lang` (issue 15; English by default).
 * `trend` lists finished audits oldest first.
 */
export async function auditCharts(o: {
  db: Database;
  auditId: number;
  healthScore: number;
  trend: { finishedAt: string; healthScore: number }[];
  lang?: string;
}): Promise<AuditCharts> {
  const lang = o.lang ?? DEFAULT_LANG;
  const [issues, dist, t] = await Promise.all([
    issueCounts(o.db, o.auditId, await loadCheckTexts(o.db, lang)),
    auditDistribution(o.db, o.auditId),
    translator(o.db, lang, [CHART_TEXT_GROUP]),
  ]);
  const bySeverity = SEVERITIES.map((s) => issues.filter((i) => i.severity === s).reduce((n, i) => n + i.urls, 0));
  const categories = [...new Set(issues.map((i) => i.category))];
  const perCategory = (s: string) =>
    categories.map((c) => issues.filter((i) => i.category === c && i.severity === s).reduce((n, i) => n + i.urls, 0));
  return {
    issues,
    charts: {
      health: gauge({ value: o.healthScore, label: t(C.health), alt: t(C.healthAlt, { score: o.healthScore }) }),
      trend:
        o.trend.length > 1
          ? lineChart({
              categories: o.trend.map((a) => a.finishedAt.slice(0, 10)),
              series: [{ name: t(C.healthScore), values: o.trend.map((a) => a.healthScore) }],
              alt: t(C.trendAlt, { count: o.trend.length, first: o.trend[0]!.healthScore, last: o.trend.at(-1)!.healthScore }),
              categoryLabel: t(C.auditDate),
              yMin: 0,
              yMax: 100,
              area: true,
            })
          : null,
      severity: barChart({
        categories: SEVERITIES.map((s) => t(SEVERITY_NAME[s]!)),
        series: [{ name: t(C.issues), values: bySeverity, colors: SEVERITIES.map((s) => SEVERITY_COLOR[s]!) }],
        alt: t(C.severityAlt, { errors: bySeverity[0]!, warnings: bySeverity[1]!, notices: bySeverity[2]! }),
        categoryLabel: t(C.severity),
        height: 220,
      }),
      categories: barChart({
        categories,
        series: SEVERITIES.map((s) => ({ name: t(SEVERITY_NAME[s]!), values: perCategory(s), color: SEVERITY_COLOR[s] })),
        alt: t(C.categoriesAlt, { count: categories.length }),
        categoryLabel: t(C.category),
        horizontal: true,
        stacked: true,
      }),
      status: barChart({
        categories: dist.status.map((s) => s.label),
        series: [{ name: t(C.pages), values: dist.status.map((s) => s.pages) }],
        alt: t(C.statusAlt, { list: dist.status.map((s) => `${s.label}: ${s.pages}`).join(", ") || "—" }),
        categoryLabel: t(C.status),
        height: 220,
      }),
      depth: barChart({
        categories: dist.depth.map((d) => d.label),
        series: [{ name: t(C.pages), values: dist.depth.map((d) => d.pages) }],
        alt: t(C.depthAlt, { list: dist.depth.map((d) => `${d.label}: ${d.pages}`).join(", ") || "—" }),
        categoryLabel: t(C.depth),
        height: 220,
      }),
    },
  };
}
