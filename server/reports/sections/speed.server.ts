/**
 * Report sections drawn from page speed tests (issue 12 tables; ids of docs/decisions/0010-reports.md):
 * "page-speed" (latest scores and metrics per page, score trend) and "speed-moves" (pages whose
 * score changed between their first and their last test of the period). Each says plainly when
 * no test exists.
 */
import { barChart } from "../../charts/render.server.ts";
import type { ReportSection, SectionContext, SectionSource } from "../model.ts";
import { latestPerUrl, loadSpeedPeriod, medianOf, scoresChart, scoreTrendChart, type SpeedPoint } from "../speed-data.server.ts";

/** Pages listed in a table at most. */
export const SPEED_TABLE_ROWS = 100;

/** Text ids of the speed sections (reports.json, groups "report" and "charts"). */
const T = {
  pageSpeed: 53261,
  speedMoves: 53262,
  noTests: 53307,
  pagesTested: 53308,
  medianMobile: 53309,
  medianDesktop: 53310,
  medianLcp: 53311,
  fastPages: 53312,
  latestTable: 53313,
  page: 53253,
  mobile: 53314,
  desktop: 53315,
  lcpMs: 53316,
  tbtMs: 53317,
  cls: 53318,
  tested: 53319,
  noTwice: 53320,
  faster: 53321,
  slower: 53322,
  unchanged: 53249,
  pages: 53213,
  movesAlt: 53323,
  change: 53289,
  movesTable: 53324,
  scoreBefore: 53325,
  scoreAfter: 53326,
  lcpBefore: 53327,
  lcpAfter: 53328,
} as const;

/** The period's tests, loaded once per report (the speed sections of one report share them). */
const loaded = new WeakMap<SectionContext, Promise<SpeedPoint[]>>();
const period = (ctx: SectionContext) => {
  let p = loaded.get(ctx);
  if (!p) loaded.set(ctx, (p = loadSpeedPeriod(ctx)));
  return p;
};

const noTests = (id: string, title: number, ctx: SectionContext): ReportSection => ({
  id,
  title: ctx.t(title),
  connected: true,
  blocks: [{ kind: "note", text: ctx.t(T.noTests, { from: ctx.from, to: ctx.to }) }],
});

const fmt = (n: number | null, unit = "") => (n === null ? "—" : `${n}${unit}`);
const ms = (n: number | null) => (n === null ? null : Math.round(n));
const signed = (n: number | null) => (n === null ? "—" : n > 0 ? `+${n}` : String(n));

async function pageSpeed(ctx: SectionContext): Promise<ReportSection> {
  const points = await period(ctx);
  if (points.length === 0) return noTests("page-speed", T.pageSpeed, ctx);
  const pages = latestPerUrl(points);
  const scores = scoresChart(points, ctx.t)!;
  const trend = scoreTrendChart(points, ctx.t);
  return {
    id: "page-speed",
    title: ctx.t(T.pageSpeed),
    connected: true,
    blocks: [
      {
        kind: "metrics",
        items: [
          { label: ctx.t(T.pagesTested), value: String(pages.length) },
          { label: ctx.t(T.medianMobile), value: fmt(medianOf(pages.map((p) => p.mobile)), " / 100") },
          { label: ctx.t(T.medianDesktop), value: fmt(medianOf(pages.map((p) => p.desktop)), " / 100") },
          { label: ctx.t(T.medianLcp), value: fmt(medianOf(pages.map((p) => p.lcpMs)), " ms") },
          { label: ctx.t(T.fastPages), value: String(pages.filter((p) => (p.mobile ?? 0) >= 90).length) },
        ],
      },
      { kind: "chart", chart: scores },
      ...(trend ? [{ kind: "chart" as const, chart: trend }] : []),
      {
        kind: "table",
        title: ctx.t(T.latestTable),
        head: [T.page, T.mobile, T.desktop, T.lcpMs, T.tbtMs, T.cls, T.tested].map((id) => ctx.t(id)),
        rows: pages
          .slice(0, SPEED_TABLE_ROWS)
          .map((p) => [
            p.url,
            fmt(p.mobile),
            fmt(p.desktop),
            fmt(ms(p.lcpMs)),
            fmt(ms(p.tbtMs)),
            p.cls === null ? "—" : p.cls.toFixed(3),
            p.day,
          ]),
      },
    ],
  };
}

async function speedMoves(ctx: SectionContext): Promise<ReportSection> {
  const points = await period(ctx);
  if (points.length === 0) return noTests("speed-moves", T.speedMoves, ctx);
  const first = new Map<string, SpeedPoint>();
  const last = new Map<string, SpeedPoint>();
  const tests = new Map<string, number>();
  for (const p of points) {
    if (!first.has(p.url)) first.set(p.url, p);
    last.set(p.url, p);
    tests.set(p.url, (tests.get(p.url) ?? 0) + 1);
  }
  const moves = [...last.values()]
    .filter((p) => tests.get(p.url)! > 1 && p.mobile !== null && first.get(p.url)!.mobile !== null)
    .map((p) => ({ last: p, first: first.get(p.url)!, change: p.mobile! - first.get(p.url)!.mobile! }))
    .sort((a, b) => a.change - b.change);
  if (moves.length === 0)
    return {
      id: "speed-moves",
      title: ctx.t(T.speedMoves),
      connected: true,
      blocks: [{ kind: "note", text: ctx.t(T.noTwice, { from: ctx.from, to: ctx.to }) }],
    };
  const faster = moves.filter((m) => m.change > 0).length;
  const slower = moves.filter((m) => m.change < 0).length;
  const unchanged = moves.length - faster - slower;
  return {
    id: "speed-moves",
    title: ctx.t(T.speedMoves),
    connected: true,
    blocks: [
      {
        kind: "chart",
        chart: barChart({
          categories: [ctx.t(T.faster), ctx.t(T.slower), ctx.t(T.unchanged)],
          series: [{ name: ctx.t(T.pages), values: [faster, slower, unchanged], colors: ["#15803d", "#b91c1c", "#64748b"] }],
          alt: ctx.t(T.movesAlt, { faster, slower, unchanged }),
          categoryLabel: ctx.t(T.change),
          height: 200,
        }),
      },
      {
        kind: "table",
        title: ctx.t(T.movesTable),
        head: [T.page, T.scoreBefore, T.scoreAfter, T.change, T.lcpBefore, T.lcpAfter].map((id) => ctx.t(id)),
        rows: moves
          .slice(0, SPEED_TABLE_ROWS)
          .map((m) => [
            m.last.url,
            `${m.first.mobile} (${m.first.day})`,
            `${m.last.mobile} (${m.last.day})`,
            signed(m.change),
            fmt(ms(m.first.lcpMs)),
            fmt(ms(m.last.lcpMs)),
          ]),
      },
    ],
  };
}

/** The page speed section sources. */
export const speedSections: SectionSource[] = [
  { id: "page-speed", title: T.pageSpeed, load: pageSpeed },
  { id: "speed-moves", title: T.speedMoves, load: speedMoves },
];
