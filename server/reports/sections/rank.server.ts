/**
 * Report sections drawn from rank tracking (issue 10 tables; ids of docs/decisions/0010-reports.md):
 * "rankings" (visibility, distribution, keyword positions), "competitors" (visibility and positions
 * side by side) and "rank-moves" (keywords that moved between the first and the last check of the
 * period). Each says plainly when rank tracking is not set up or has no check in the period.
 */
import { barChart } from "../../charts/render.server.ts";
import { positionChange } from "../../rank/rankings.server.ts";
import { distribution, visibility } from "../../rank/visibility.ts";
import type { ReportSection, SectionContext, SectionSource } from "../model.ts";
import {
  averageByDay,
  engineLabels,
  firstAndLast,
  loadRankPeriod,
  visibilityByDay,
  visibilityChart,
  type RankPeriod,
} from "../rank-data.server.ts";

/** Keyword rows listed in a table at most (the rest is counted in a note). */
export const RANK_TABLE_ROWS = 100;

/** Moves listed each way in the rank-moves section. */
export const TOP_MOVES = 20;

/** Text ids of the rank sections (reports.json, groups "report" and "charts"). */
const T = {
  rankings: 53258,
  competitors: 53259,
  rankMoves: 53260,
  notSetUp: 53270,
  noCheck: 53271,
  moreRows: 53272,
  keywordsTracked: 53273,
  searchEngines: 53274,
  visibility: 53275,
  visibilityChange: 53276,
  points: 53277,
  averagePosition: 53278,
  inTop10: 53279,
  countOf: 53280,
  top3: 53281,
  notRanked: 53282,
  keywords: 53283,
  distributionAlt: 53284,
  positionsLabel: 53285,
  positionsTable: 53286,
  keyword: 53287,
  searchEngine: 53288,
  position: 53255,
  change: 53289,
  rankingUrl: 53290,
  checked: 53291,
  noCompetitor: 53292,
  competitorsAlt: 53293,
  site: 53294,
  sideBySide: 53295,
  from: 53296,
  to: 53297,
  entered: 53298,
  droppedOut: 53299,
  oneDay: 53300,
  movedUp: 53301,
  movedDown: 53302,
  kept: 53303,
  movesAlt: 53304,
  gains: 53305,
  losses: 53306,
} as const;

/** The period's rank data, loaded once per report (the rank sections of one report share it). */
const loaded = new WeakMap<SectionContext, Promise<RankPeriod>>();
const period = (ctx: SectionContext) => {
  let p = loaded.get(ctx);
  if (!p) loaded.set(ctx, (p = loadRankPeriod(ctx)));
  return p;
};

/** A section that only carries a note; `connected` false when rank tracking is not set up. */
const note = (ctx: SectionContext, id: string, title: number, text: string, connected: boolean): ReportSection => ({
  id,
  title: ctx.t(title),
  connected,
  blocks: [{ kind: "note", text }],
});

/** Null when the period has data; otherwise the note section saying what is missing. */
function missing(p: RankPeriod, ctx: SectionContext, id: string, title: number): ReportSection | null {
  if (p.engines.length === 0 || p.keywords.size === 0) return note(ctx, id, title, ctx.t(T.notSetUp), false);
  if (p.days.length === 0) return note(ctx, id, title, ctx.t(T.noCheck, { from: ctx.from, to: ctx.to }), true);
  return null;
}

const fmt = (n: number | null, unit = "") => (n === null ? "—" : `${n}${unit}`);
const signed = (n: number | null) => (n === null ? "—" : n > 0 ? `+${n}` : String(n));
const capped = (ctx: SectionContext, rows: unknown[]) =>
  rows.length > RANK_TABLE_ROWS ? [{ kind: "note" as const, text: ctx.t(T.moreRows, { count: rows.length - RANK_TABLE_ROWS }) }] : [];

async function rankings(ctx: SectionContext): Promise<ReportSection> {
  const p = await period(ctx);
  const none = missing(p, ctx, "rankings", T.rankings);
  if (none) return none;
  const vis = visibilityByDay(p).filter((v): v is number => v !== null);
  const avg = averageByDay(p).at(-1) ?? null;
  const pairs = firstAndLast(p);
  const latest = pairs.map((x) => x.last.position);
  const d = distribution(latest);
  const engineOf = engineLabels(p, ctx.t);
  const rows = pairs
    .map((x) => [
      p.keywords.get(x.keywordId) ?? "",
      engineOf.get(x.engineId) ?? "",
      fmt(x.last.position),
      signed(positionChange(x.first.position, x.last.position)),
      x.last.url ?? "—",
      x.last.day,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));
  const chart = visibilityChart(p, ctx.t);
  return {
    id: "rankings",
    title: ctx.t(T.rankings),
    connected: true,
    blocks: [
      {
        kind: "metrics",
        items: [
          { label: ctx.t(T.keywordsTracked), value: String(p.keywords.size) },
          { label: ctx.t(T.searchEngines), value: String(p.engines.length) },
          { label: ctx.t(T.visibility), value: fmt(vis.at(-1) ?? null, " %") },
          {
            label: ctx.t(T.visibilityChange),
            value: vis.length > 1 ? ctx.t(T.points, { value: signed(Math.round((vis.at(-1)! - vis[0]!) * 10) / 10) }) : "—",
          },
          { label: ctx.t(T.averagePosition), value: fmt(avg) },
          { label: ctx.t(T.inTop10), value: ctx.t(T.countOf, { count: d.top3 + d.top10, total: pairs.length }) },
        ],
      },
      ...(chart ? [{ kind: "chart" as const, chart }] : []),
      {
        kind: "chart",
        chart: barChart({
          categories: [ctx.t(T.top3), "4–10", "11–30", "31–100", ctx.t(T.notRanked)],
          series: [{ name: ctx.t(T.keywords), values: [d.top3, d.top10, d.top30, d.top100, d.none] }],
          alt: ctx.t(T.distributionAlt, { top3: d.top3, top10: d.top10, top30: d.top30, top100: d.top100, none: d.none }),
          categoryLabel: ctx.t(T.positionsLabel),
          height: 220,
        }),
      },
      {
        kind: "table",
        title: ctx.t(T.positionsTable),
        head: [ctx.t(T.keyword), ctx.t(T.searchEngine), ctx.t(T.position), ctx.t(T.change), ctx.t(T.rankingUrl), ctx.t(T.checked)],
        rows: rows.slice(0, RANK_TABLE_ROWS),
      },
      ...capped(ctx, rows),
    ],
  };
}

async function competitors(ctx: SectionContext): Promise<ReportSection> {
  const p = await period(ctx);
  const none = missing(p, ctx, "competitors", T.competitors);
  if (none) return none;
  if (p.competitors.length === 0) return note(ctx, "competitors", T.competitors, ctx.t(T.noCompetitor), true);
  const pairs = firstAndLast(p);
  const own = visibility(pairs.map((x) => x.last.position)) ?? 0;
  const theirs = p.competitors.map((c) => visibility(pairs.map((x) => x.last.competitors[c] ?? null)) ?? 0);
  const engineOf = engineLabels(p, ctx.t);
  const rows = pairs.map((x) => [
    p.keywords.get(x.keywordId) ?? "",
    engineOf.get(x.engineId) ?? "",
    fmt(x.last.position),
    ...p.competitors.map((c) => fmt(x.last.competitors[c] ?? null)),
  ]);
  return {
    id: "competitors",
    title: ctx.t(T.competitors),
    connected: true,
    blocks: [
      {
        kind: "chart",
        chart: barChart({
          categories: [ctx.domain, ...p.competitors],
          series: [{ name: ctx.t(T.visibility), values: [own, ...theirs] }],
          alt: ctx.t(T.competitorsAlt, {
            list: [`${ctx.domain} ${own} %`, ...p.competitors.map((c, i) => `${c} ${theirs[i]} %`)].join(", "),
          }),
          categoryLabel: ctx.t(T.site),
          unit: " %",
          horizontal: true,
        }),
      },
      {
        kind: "table",
        title: ctx.t(T.sideBySide),
        head: [ctx.t(T.keyword), ctx.t(T.searchEngine), ctx.domain, ...p.competitors],
        rows: rows.slice(0, RANK_TABLE_ROWS),
      },
      ...capped(ctx, rows),
    ],
  };
}

async function rankMoves(ctx: SectionContext): Promise<ReportSection> {
  const p = await period(ctx);
  const none = missing(p, ctx, "rank-moves", T.rankMoves);
  if (none) return none;
  const engineOf = engineLabels(p, ctx.t);
  const moves = firstAndLast(p)
    .filter((x) => x.first.day !== x.last.day)
    .map((x) => ({ x, change: moveOf(x.first.position, x.last.position) }));
  const up = moves.filter((m) => m.change > 0).sort((a, b) => b.change - a.change);
  const down = moves.filter((m) => m.change < 0).sort((a, b) => a.change - b.change);
  const kept = moves.length - up.length - down.length;
  const table = (title: string, list: typeof moves) => ({
    kind: "table" as const,
    title,
    head: [ctx.t(T.keyword), ctx.t(T.searchEngine), ctx.t(T.from), ctx.t(T.to), ctx.t(T.change)],
    rows: list
      .slice(0, TOP_MOVES)
      .map((m) => [
        p.keywords.get(m.x.keywordId) ?? "",
        engineOf.get(m.x.engineId) ?? "",
        `${fmt(m.x.first.position)} (${m.x.first.day})`,
        `${fmt(m.x.last.position)} (${m.x.last.day})`,
        m.x.first.position === null ? ctx.t(T.entered) : m.x.last.position === null ? ctx.t(T.droppedOut) : signed(m.change),
      ]),
  });
  if (moves.length === 0) return note(ctx, "rank-moves", T.rankMoves, ctx.t(T.oneDay, { from: ctx.from, to: ctx.to }), true);
  return {
    id: "rank-moves",
    title: ctx.t(T.rankMoves),
    connected: true,
    blocks: [
      {
        kind: "chart",
        chart: barChart({
          categories: [ctx.t(T.movedUp), ctx.t(T.movedDown), ctx.t(T.kept)],
          series: [{ name: ctx.t(T.keywords), values: [up.length, down.length, kept], colors: ["#15803d", "#b91c1c", "#64748b"] }],
          alt: ctx.t(T.movesAlt, { up: up.length, down: down.length, kept }),
          categoryLabel: ctx.t(T.change),
          height: 200,
        }),
      },
      table(ctx.t(T.gains, { count: TOP_MOVES }), up),
      table(ctx.t(T.losses, { count: TOP_MOVES }), down),
    ],
  };
}

/**
 * Places gained from `before` to `now` (positive = up). Entering the results counts as a gain
 * from just past the depth (101), dropping out as the loss to it; unranked both times is 0.
 */
export function moveOf(before: number | null, now: number | null): number {
  return (before ?? 101) - (now ?? 101);
}

/** The rank section sources. */
export const rankSections: SectionSource[] = [
  { id: "rankings", title: T.rankings, load: rankings },
  { id: "competitors", title: T.competitors, load: competitors },
  { id: "rank-moves", title: T.rankMoves, load: rankMoves },
];
