/**
 * Everything the site speed section of /page-speed shows for a project (issue 12.2): the table by
 * template, the trend with the run in progress, the schedule, the budget, and one trend chart per
 * metric (performance, LCP, TBT, CLS) with the budget drawn as a second line where one is set.
 */
import type { RenderedChart } from "../../common/chart.ts";
import { fill } from "../../common/i18n/message.ts";
import type { Owner } from "../access/owner.server.ts";
import { lineChart } from "../charts/render.server.ts";
import type { Services } from "../services.server.ts";
import { getBudget, type SpeedBudget } from "./budget.server.ts";
import { getSiteSpeedSchedule, type SiteSpeedScheduleView } from "./schedule.server.ts";
import { siteSpeedByTemplate, siteSpeedTrend, type TemplateRow, type TrendPoint } from "./site-speed.server.ts";

/** The site speed section's data. */
export interface SiteSpeedView {
  templates: TemplateRow[];
  trend: Awaited<ReturnType<typeof siteSpeedTrend>>;
  schedule: SiteSpeedScheduleView | null;
  budget: SpeedBudget;
  charts: TrendChart[];
}

/** One metric's trend chart and its heading (the metric's name). */
export interface TrendChart {
  title: string;
  chart: RenderedChart;
}

/** The chart texts in the reader's language; `alt` takes {metric} and an ICU plural {count} (runs). */
export interface TrendLabels {
  performance: string;
  lcp: string;
  tbt: string;
  cls: string;
  median: string;
  budget: string;
  run: string;
  alt: string;
}

/** The trend charts (pure): none before the first finished run. LCP in seconds, TBT in ms. */
export function trendCharts(points: TrendPoint[], budget: SpeedBudget, labels: TrendLabels, lang: string): TrendChart[] {
  if (points.length === 0) return [];
  const categories = points.map((p) => p.startedAt.slice(0, 16).replace("T", " "));
  const specs = [
    { name: labels.performance, values: points.map((p) => p.performance), limit: budget.minPerformance, unit: "", yMin: 0, yMax: 100 },
    {
      name: labels.lcp,
      values: points.map((p) => (p.lcpMs === null ? null : Number((p.lcpMs / 1000).toFixed(2)))),
      limit: budget.lcpMs === null ? null : budget.lcpMs / 1000,
      unit: " s",
    },
    { name: labels.tbt, values: points.map((p) => p.tbtMs), limit: budget.tbtMs, unit: " ms" },
    { name: labels.cls, values: points.map((p) => p.cls), limit: budget.cls, unit: "" },
  ];
  return specs.map((s) => ({
    title: s.name,
    chart: lineChart({
      categories,
      series: [
        { name: labels.median, values: s.values },
        ...(s.limit === null ? [] : [{ name: labels.budget, values: points.map(() => s.limit), color: "#64748b" }]),
      ],
      alt: fill(labels.alt, { metric: s.name, count: points.length }, lang),
      categoryLabel: labels.run,
      unit: s.unit,
      yMin: "yMin" in s ? s.yMin : 0,
      yMax: "yMax" in s ? s.yMax : undefined,
      height: 220,
      width: 560,
    }),
  }));
}

/** The section's data for a project the owner may read. @throws AppError "not_found" (field "idp"). */
export async function siteSpeedData(o: {
  services: Services;
  owner: Owner;
  projectId: number;
  lang: string;
  labels: TrendLabels;
}): Promise<SiteSpeedView> {
  const { services, owner, projectId } = o;
  const db = services.db;
  const [templates, trend, schedule, budget] = await Promise.all([
    siteSpeedByTemplate({ db, owner, projectId }),
    siteSpeedTrend({ db, owner, projectId }),
    getSiteSpeedSchedule({ services, owner, projectId }),
    getBudget({ db, owner, projectId }),
  ]);
  return { templates, trend, schedule, budget, charts: trendCharts(trend.points, budget, o.labels, o.lang) };
}
