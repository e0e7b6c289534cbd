/**
 * Report sections drawn from the project's Search Console data (issue 10 point 4): clicks and
 * impressions over the period, and the best pages by clicks.
 */
import { lineChart } from "../../charts/render.server.ts";
import { dailyPerformance, pagePerformance, searchConsoleProperty } from "../../search-console/performance.server.ts";
import type { ReportSection, SectionContext, SectionSource } from "../model.ts";

/** Rows of the best-pages table. */
export const BEST_PAGES_ROWS = 50;

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Text ids of the Search Console sections (reports.json, groups "report" and "charts"). */
const T = {
  notConnected: 53250,
  traffic: 53251,
  bestPages: 53252,
  page: 53253,
  ctr: 53254,
  position: 53255,
  top: 53256,
  alt: 53257,
  clicks: 53218,
  impressions: 53219,
  date: 53220,
} as const;

async function notConnected(ctx: SectionContext, id: string, title: number): Promise<ReportSection | null> {
  const property = await searchConsoleProperty({ db: ctx.db, owner: ctx.owner, projectId: ctx.projectId });
  if (property) return null;
  return { id, title: ctx.t(title), connected: false, blocks: [{ kind: "note", text: ctx.t(T.notConnected) }] };
}

/** Clicks and impressions per day of the period, oldest first, with every day present. */
export async function dailySeries(ctx: Pick<SectionContext, "db" | "owner" | "projectId" | "from" | "to">) {
  const rows = await dailyPerformance({ ...ctx });
  const byDay = new Map(rows.map((r) => [r.key, r]));
  const days: string[] = [];
  for (let d = new Date(`${ctx.from}T00:00:00Z`); d.toISOString().slice(0, 10) <= ctx.to; d.setUTCDate(d.getUTCDate() + 1))
    days.push(d.toISOString().slice(0, 10));
  return days.map((day) => ({ day, clicks: byDay.get(day)?.clicks ?? 0, impressions: byDay.get(day)?.impressions ?? 0 }));
}

/** The Search Console section sources. */
export const searchConsoleSections: SectionSource[] = [
  {
    id: "search-console",
    title: T.traffic,
    async load(ctx) {
      const missing = await notConnected(ctx, "search-console", T.traffic);
      if (missing) return missing;
      const days = await dailySeries(ctx);
      const clicks = days.reduce((n, d) => n + d.clicks, 0);
      const impressions = days.reduce((n, d) => n + d.impressions, 0);
      return {
        id: "search-console",
        title: ctx.t(T.traffic),
        connected: true,
        blocks: [
          {
            kind: "metrics",
            items: [
              { label: ctx.t(T.clicks), value: String(clicks) },
              { label: ctx.t(T.impressions), value: String(impressions) },
              { label: ctx.t(T.ctr), value: impressions ? pct(clicks / impressions) : "—" },
            ],
          },
          {
            kind: "chart",
            chart: lineChart({
              categories: days.map((d) => d.day),
              series: [
                { name: ctx.t(T.clicks), values: days.map((d) => d.clicks) },
                { name: ctx.t(T.impressions), values: days.map((d) => d.impressions) },
              ],
              alt: ctx.t(T.alt, { from: ctx.from, to: ctx.to, clicks, impressions }),
              categoryLabel: ctx.t(T.date),
            }),
          },
        ],
      };
    },
  },
  {
    id: "best-pages",
    title: T.bestPages,
    async load(ctx) {
      const missing = await notConnected(ctx, "best-pages", T.bestPages);
      if (missing) return missing;
      const pages = await pagePerformance({ ...ctx, limit: BEST_PAGES_ROWS });
      return {
        id: "best-pages",
        title: ctx.t(T.bestPages),
        connected: true,
        blocks: [
          {
            kind: "table",
            title: ctx.t(T.top, { count: BEST_PAGES_ROWS }),
            head: [ctx.t(T.page), ctx.t(T.clicks), ctx.t(T.impressions), ctx.t(T.ctr), ctx.t(T.position)],
            rows: pages.map((p) => [p.key, p.clicks, p.impressions, pct(p.ctr), p.position.toFixed(1)]),
          },
        ],
      };
    },
  },
];
