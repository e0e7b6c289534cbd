/**
 * Page speed data of a period (issue 11 points 1 and 7, issue 12 tables): the project's finished
 * speed tests between two days, each reduced to its median runs' scores and metrics, with the
 * latest test per URL and the charts the report sections, the dashboard and the project screen share.
 */
import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { RenderedChart } from "../../common/chart.ts";
import { authorize } from "../access/rule.server.ts";
import { barChart, lineChart } from "../charts/render.server.ts";
import { speedTests } from "../db/schema.server.ts";
import type { MetricId, SpeedResult } from "../speed/model.ts";
import type { Translate } from "../i18n/texts.server.ts";
import type { SectionContext } from "./model.ts";

/** Text ids of the speed charts (reports.json, group "charts"). */
const CHART_T = { mobile: 53314, desktop: 53315, scoresAlt: 53331, trendAlt: 53332, page: 53253, date: 53220 } as const;

/** One finished test: performance scores 0–100, LCP and TBT in ms, CLS unitless (null when not measured). */
export interface SpeedPoint {
  url: string;
  /** yyyy-mm-dd of the end of the test (UTC). */
  day: string;
  mobile: number | null;
  desktop: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

/** Pages drawn in the scores chart at most (the slowest first). */
export const SCORE_CHART_PAGES = 15;

const metric = (r: SpeedResult | null, id: MetricId) => {
  const v = r?.median.metrics.find((m) => m.id === id)?.value;
  return typeof v === "number" ? v : null;
};

/**
 * The period's finished tests of the project, oldest first, read for its holder.
 * @throws AppError not_found (idp) when the project is not the owner's.
 */
export async function loadSpeedPeriod(ctx: Pick<SectionContext, "db" | "owner" | "projectId" | "from" | "to">): Promise<SpeedPoint[]> {
  await authorize({ db: ctx.db, owner: ctx.owner, resource: "project", id: ctx.projectId, action: "read", field: "idp" });
  const end = new Date(Date.parse(`${ctx.to}T00:00:00Z`) + 86_400_000);
  const rows = await ctx.db
    .select({ url: speedTests.url, finishedAt: speedTests.finishedAt, mobile: speedTests.mobile, desktop: speedTests.desktop })
    .from(speedTests)
    .where(
      and(
        eq(speedTests.projectId, ctx.projectId),
        eq(speedTests.status, "done"),
        gte(speedTests.finishedAt, new Date(`${ctx.from}T00:00:00Z`)),
        lt(speedTests.finishedAt, end),
      ),
    )
    .orderBy(asc(speedTests.finishedAt), asc(speedTests.id));
  return rows.map((r) => {
    const mobile = (r.mobile as SpeedResult | null) ?? null;
    const desktop = (r.desktop as SpeedResult | null) ?? null;
    const main = mobile ?? desktop;
    return {
      url: r.url,
      day: r.finishedAt!.toISOString().slice(0, 10),
      mobile: mobile?.median.scores.performance ?? null,
      desktop: desktop?.median.scores.performance ?? null,
      lcpMs: metric(main, "lcp"),
      tbtMs: metric(main, "tbt"),
      cls: metric(main, "cls"),
    };
  });
}

/** The latest test of each URL, in URL order. */
export function latestPerUrl(points: SpeedPoint[]): SpeedPoint[] {
  const by = new Map<string, SpeedPoint>();
  for (const p of points) by.set(p.url, p);
  return [...by.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

/** Median of the known values, rounded; null when none is known. */
export function medianOf(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const m = Math.floor(xs.length / 2);
  return Math.round(xs.length % 2 ? xs[m]! : (xs[m - 1]! + xs[m]!) / 2);
}

/** A URL as a short chart label: its path and query ("/" for the home page). */
export function pageLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/** Latest performance score per page, mobile and desktop, the slowest pages first; null without a test. */
export function scoresChart(points: SpeedPoint[], t: Translate): RenderedChart | null {
  const pages = latestPerUrl(points)
    .sort((a, b) => (a.mobile ?? a.desktop ?? 101) - (b.mobile ?? b.desktop ?? 101))
    .slice(0, SCORE_CHART_PAGES);
  if (pages.length === 0) return null;
  const mobile = medianOf(pages.map((p) => p.mobile));
  const desktop = medianOf(pages.map((p) => p.desktop));
  return barChart({
    categories: pages.map((p) => pageLabel(p.url)),
    series: [
      { name: t(CHART_T.mobile), values: pages.map((p) => p.mobile ?? 0) },
      { name: t(CHART_T.desktop), values: pages.map((p) => p.desktop ?? 0) },
    ],
    alt: t(CHART_T.scoresAlt, { count: pages.length, mobile: mobile ?? "—", desktop: desktop ?? "—" }),
    categoryLabel: t(CHART_T.page),
    horizontal: true,
  });
}

/** Median performance score per day with a test, mobile and desktop; null with fewer than two days. */
export function scoreTrendChart(points: SpeedPoint[], t: Translate): RenderedChart | null {
  const days = [...new Set(points.map((p) => p.day))];
  if (days.length < 2) return null;
  const of = (day: string, key: "mobile" | "desktop") => medianOf(points.filter((p) => p.day === day).map((p) => p[key]));
  const mobile = days.map((d) => of(d, "mobile"));
  return lineChart({
    categories: days,
    series: [
      { name: t(CHART_T.mobile), values: mobile },
      { name: t(CHART_T.desktop), values: days.map((d) => of(d, "desktop")) },
    ],
    alt: t(CHART_T.trendAlt, { from: days[0]!, to: days.at(-1)!, first: mobile[0] ?? "—", last: mobile.at(-1) ?? "—" }),
    categoryLabel: t(CHART_T.date),
    yMin: 0,
    yMax: 100,
    height: 220,
  });
}
