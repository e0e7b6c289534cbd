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

async function notConnected(ctx: SectionContext, id: string, title: string): Promise<ReportSection | null> {
  const property = await searchConsoleProperty({ db: ctx.db, owner: ctx.owner, projectId: ctx.projectId });
  if (property) return null;
  return {
    id,
    title,
    connected: false,
    blocks: [{ kind: "note", text: "Search Console is not connected to this project yet: connect it on the project screen." }],
  };
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
    title: "Search traffic",
    async load(ctx) {
      const missing = await notConnected(ctx, "search-console", "Search traffic");
      if (missing) return missing;
      const days = await dailySeries(ctx);
      const clicks = days.reduce((n, d) => n + d.clicks, 0);
      const impressions = days.reduce((n, d) => n + d.impressions, 0);
      return {
        id: "search-console",
        title: "Search traffic",
        connected: true,
        blocks: [
          {
            kind: "metrics",
            items: [
              { label: "Clicks", value: String(clicks) },
              { label: "Impressions", value: String(impressions) },
              { label: "CTR", value: impressions ? pct(clicks / impressions) : "—" },
            ],
          },
          {
            kind: "chart",
            chart: lineChart({
              categories: days.map((d) => d.day),
              series: [
                { name: "Clicks", values: days.map((d) => d.clicks) },
                { name: "Impressions", values: days.map((d) => d.impressions) },
              ],
              alt: `Search Console clicks and impressions per day from ${ctx.from} to ${ctx.to}: ${clicks} clicks, ${impressions} impressions.`,
              categoryLabel: "Date",
            }),
          },
        ],
      };
    },
  },
  {
    id: "best-pages",
    title: "Best pages",
    async load(ctx) {
      const missing = await notConnected(ctx, "best-pages", "Best pages");
      if (missing) return missing;
      const pages = await pagePerformance({ ...ctx, limit: BEST_PAGES_ROWS });
      return {
        id: "best-pages",
        title: "Best pages",
        connected: true,
        blocks: [
          {
            kind: "table",
            title: `Top ${BEST_PAGES_ROWS} pages by clicks`,
            head: ["Page", "Clicks", "Impressions", "CTR", "Position"],
            rows: pages.map((p) => [p.key, p.clicks, p.impressions, pct(p.ctr), p.position.toFixed(1)]),
          },
        ],
      };
    },
  },
];
