/**
 * Everything the rankings tab shows (issue 10 points 2, 6, 8): the rankings of the chosen engine,
 * its charts (positions per keyword, visibility, average position, distribution, competitors), the
 * settings, the live-check status naming the setting that enables it, and Search Console keyword
 * suggestions (queries with impressions that are not tracked yet).
 */
import { clockNow } from "../clock.server.ts";
import type { RenderedChart } from "../../common/chart.ts";
import type { Owner } from "../access/owner.server.ts";
import { barChart, lineChart } from "../charts/render.server.ts";
import { listSites } from "../search-console/oauth.server.ts";
import { queryPerformance, searchConsoleProperty } from "../search-console/performance.server.ts";
import type { Services } from "../services.server.ts";
import { addDays } from "./day.ts";
import { LIVE_CHECK_SETTINGS, liveProvider } from "./providers/index.server.ts";
import { getRankings, type RankingsFilter, type RankingsView } from "./rankings.server.ts";
import { getRankSettings, type RankSettingsView } from "./schedule.server.ts";

/** Keywords drawn in the positions chart at most. */
export const CHART_KEYWORDS = 8;

/** The rankings tab's data. */
export interface RankingsScreen {
  view: RankingsView;
  settings: RankSettingsView;
  live: { provider: string } | null;
  /** The settings that enable live checks (shown when `live` is null). */
  liveSettings: string;
  charts: {
    positions: RenderedChart | null;
    visibility: RenderedChart | null;
    average: RenderedChart | null;
    distribution: RenderedChart | null;
    competitors: RenderedChart | null;
  };
  searchConsole: { siteUrl: string; source: string; lastImportAt: string | null; lastError: string | null } | null;
  suggestions: { query: string; impressions: number; position: number }[];
  /** Whether Google OAuth is configured (GSC_CLIENT_ID and GSC_CLIENT_SECRET), and the properties to choose from once connected. */
  oauth: { configured: boolean; sites: string[] };
}

/** Loads the tab. `keywordId` picks the keyword of the positions chart (default: the best ranked ones). @throws AppError not_found (idp). */
export async function rankingsScreen(opts: {
  services: Services;
  owner: Owner;
  projectId: number;
  filter: RankingsFilter;
  keywordId?: number | undefined;
}): Promise<RankingsScreen> {
  const { services, owner, projectId } = opts;
  const [view, settings, sc] = await Promise.all([
    getRankings({ services, owner, projectId, filter: opts.filter }),
    getRankSettings({ services, owner, projectId }),
    searchConsoleProperty({ db: services.db, owner, projectId }),
  ]);
  const live = liveProvider(services.env);
  const days = view.days;
  const picked = opts.keywordId ? view.keywords.filter((k) => k.keywordId === opts.keywordId) : [];
  const drawn = picked.length
    ? picked
    : [...view.keywords]
        .filter((k) => k.history.some((p) => p !== null))
        .sort((a, b) => (a.position ?? 999) - (b.position ?? 999))
        .slice(0, CHART_KEYWORDS);
  const charts: RankingsScreen["charts"] = { positions: null, visibility: null, average: null, distribution: null, competitors: null };
  if (days.length > 0) {
    if (drawn.length)
      charts.positions = lineChart({
        categories: days,
        series: drawn.map((k) => ({ name: k.keyword, values: k.history })),
        alt: `Positions over time of ${drawn.map((k) => k.keyword).join(", ")}`,
        categoryLabel: "Date",
        inverse: true,
        yMin: 1,
      });
    charts.visibility = lineChart({
      categories: days,
      series: [{ name: "Visibility", values: view.visibility }],
      alt: "Visibility over time",
      categoryLabel: "Date",
      unit: " %",
      yMin: 0,
      area: true,
      height: 220,
    });
    charts.average = lineChart({
      categories: days,
      series: [{ name: "Average position", values: view.averagePosition }],
      alt: "Average position over time",
      categoryLabel: "Date",
      inverse: true,
      yMin: 1,
      height: 220,
    });
    const d = view.distribution;
    charts.distribution = barChart({
      categories: ["Top 3", "4–10", "11–30", "31–100", "Not ranked"],
      series: [{ name: "Keywords", values: [d.top3, d.top10, d.top30, d.top100, d.none] }],
      alt: "Keywords by position on the latest day",
      categoryLabel: "Positions",
      height: 220,
    });
    if (view.competitors.length)
      charts.competitors = barChart({
        categories: ["Your site", ...view.competitors],
        series: [
          { name: "Visibility", values: [view.currentVisibility ?? 0, ...view.competitors.map((c) => view.competitorVisibility[c] ?? 0)] },
        ],
        alt: "Visibility of your site and competitors on the latest day",
        categoryLabel: "Site",
        unit: " %",
        horizontal: true,
      });
  }
  let suggestions: RankingsScreen["suggestions"] = [];
  if (sc) {
    const today = clockNow().toISOString().slice(0, 10);
    const tracked = new Set(view.keywords.map((k) => k.keyword));
    const rows = await queryPerformance({ db: services.db, owner, projectId, from: addDays(today, -120), to: today, limit: 200 });
    suggestions = rows
      .filter((r) => !tracked.has(r.key))
      .sort((a, b) => b.impressions - a.impressions)
      .slice(0, 20)
      .map((r) => ({ query: r.key, impressions: r.impressions, position: Math.round(r.position * 10) / 10 }));
  }
  const configured = !!(services.env.GSC_CLIENT_ID && services.env.GSC_CLIENT_SECRET);
  let sites: string[] = [];
  if (configured && sc?.source === "oauth" && !sc.siteUrl)
    sites = (await listSites({ services, owner, projectId }).catch(() => [])).map((x) => x.siteUrl);
  return {
    oauth: { configured, sites },
    view,
    settings,
    live: live ? { provider: live.provider.name } : null,
    liveSettings: Object.values(LIVE_CHECK_SETTINGS).join(", or "),
    charts,
    searchConsole: sc
      ? { siteUrl: sc.siteUrl, source: sc.source, lastImportAt: sc.lastImportAt?.toISOString() ?? null, lastError: sc.lastError }
      : null,
    suggestions,
  };
}
