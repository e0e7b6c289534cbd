/**
 * The rankings tab of a project (issue 10 point 6): per keyword in one engine its current position,
 * changes over 1, 7 and 30 days, best position, ranking URL, SERP features, search volume and last
 * error; the project's visibility and average position per day; the distribution of the latest
 * day; competitors side by side. One source for the screen, the exports and the projects list.
 */
import { clockNow } from "../clock.server.ts";
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { projects, rankChecks, rankCompetitors, rankKeywords } from "../db/schema.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Services } from "../services.server.ts";
import { addDays } from "./day.ts";
import { listEngines, type EngineView } from "./engines.server.ts";
import { averagePosition, distribution, visibility } from "./visibility.ts";

/** Days of history shown. */
export const HISTORY_DAYS = 90;

/** One keyword row of the rankings table. Changes are positive when the keyword moved up. */
export interface KeywordRanking {
  keywordId: number;
  keyword: string;
  tags: string[];
  targetUrl: string | null;
  position: number | null;
  /** Day of the latest check, null when never checked. */
  checkedDay: string | null;
  change1: number | null;
  change7: number | null;
  change30: number | null;
  best: number | null;
  url: string | null;
  features: string[];
  ownFeatures: string[];
  searchVolume: number | null;
  error: string | null;
  competitors: Record<string, number | null>;
  /** Position per day of `days` (null: not ranked or not checked). */
  history: (number | null)[];
}

/** The rankings of a project in one engine. */
export interface RankingsView {
  engines: EngineView[];
  engine: EngineView | null;
  competitors: string[];
  tags: string[];
  /** Days with a check, oldest first (the chart's x axis). */
  days: string[];
  keywords: KeywordRanking[];
  visibility: (number | null)[];
  averagePosition: (number | null)[];
  distribution: ReturnType<typeof distribution>;
  /** Latest visibility and its change from the previous checked day (percentage points). */
  currentVisibility: number | null;
  visibilityChange: number | null;
  /** Competitor → visibility on the latest day. */
  competitorVisibility: Record<string, number | null>;
}

/** Filters of the table. */
export interface RankingsFilter {
  engineId?: number | undefined;
  tag?: string | undefined;
  q?: string | undefined;
}

/** Position change from `before` to `now` (positive = moved up); null when either is unknown. */
export function positionChange(before: number | null | undefined, now: number | null): number | null {
  return before === null || before === undefined || now === null ? null : before - now;
}

/** The rankings tab. @throws AppError not_found (idp). */
export async function getRankings(opts: {
  services: Services;
  owner: Owner;
  projectId: number;
  filter?: RankingsFilter;
  today?: string;
}): Promise<RankingsView> {
  const { services, projectId } = opts;
  const engines = await listEngines({ services, owner: opts.owner, projectId });
  const filter = opts.filter ?? {};
  const engine = engines.find((e) => e.id === filter.engineId) ?? engines[0] ?? null;
  return buildRankings(services.db, projectId, engines, engine, filter, opts.today);
}

async function buildRankings(
  db: Database,
  projectId: number,
  engines: EngineView[],
  engine: EngineView | null,
  filter: RankingsFilter,
  today?: string,
): Promise<RankingsView> {
  const competitors = (
    await db.select().from(rankCompetitors).where(eq(rankCompetitors.projectId, projectId)).orderBy(asc(rankCompetitors.domain))
  ).map((c) => c.domain);
  const allKeywords = await db.select().from(rankKeywords).where(eq(rankKeywords.projectId, projectId)).orderBy(asc(rankKeywords.keyword));
  const tags = [...new Set(allKeywords.flatMap((k) => k.tags))].sort();
  const q = filter.q?.trim().toLowerCase();
  const keywords = allKeywords.filter((k) => (!filter.tag || k.tags.includes(filter.tag)) && (!q || k.keyword.includes(q)));
  const empty: RankingsView = {
    engines,
    engine,
    competitors,
    tags,
    days: [],
    keywords: [],
    visibility: [],
    averagePosition: [],
    distribution: distribution([]),
    currentVisibility: null,
    visibilityChange: null,
    competitorVisibility: {},
  };
  if (!engine) return { ...empty, keywords: keywords.map((k) => blankRow(k)) };
  const since = addDays(today ?? clockNow().toISOString().slice(0, 10), -HISTORY_DAYS);
  const checks = keywords.length
    ? await db
        .select()
        .from(rankChecks)
        .where(
          and(
            eq(rankChecks.engineId, engine.id),
            gte(rankChecks.day, since),
            inArray(
              rankChecks.keywordId,
              keywords.map((k) => k.id),
            ),
          ),
        )
        .orderBy(asc(rankChecks.day))
    : [];
  const done = checks.filter((c) => c.status !== "pending");
  const days = [...new Set(done.map((c) => c.day))].sort();
  const byKeyword = new Map<number, Map<string, (typeof done)[number]>>();
  for (const c of done) {
    let m = byKeyword.get(c.keywordId);
    if (!m) byKeyword.set(c.keywordId, (m = new Map()));
    m.set(c.day, c);
  }
  const rows: KeywordRanking[] = keywords.map((k) => {
    const m = byKeyword.get(k.id);
    if (!m) return blankRow(k, days.length);
    const ordered = [...m.values()];
    const last = ordered[ordered.length - 1]!;
    const lastOk = [...ordered].reverse().find((c) => c.status === "ok");
    const at = (n: number) => m.get(addDays(last.day, -n));
    const ranked = ordered.filter((c) => c.status === "ok" && c.position !== null).map((c) => c.position!);
    const position = last.status === "ok" ? last.position : null;
    return {
      keywordId: k.id,
      keyword: k.keyword,
      tags: k.tags,
      targetUrl: k.targetUrl,
      position,
      checkedDay: last.day,
      change1: positionChange(at(1)?.position, position),
      change7: positionChange(at(7)?.position, position),
      change30: positionChange(at(30)?.position, position),
      best: ranked.length ? Math.min(...ranked) : null,
      url: last.status === "ok" ? last.url : (lastOk?.url ?? null),
      features: last.features,
      ownFeatures: last.ownFeatures,
      searchVolume: last.searchVolume ?? lastOk?.searchVolume ?? null,
      error: last.status === "error" ? last.error : null,
      competitors: last.competitors,
      history: days.map((d) => m.get(d)?.position ?? null),
    };
  });
  // Per day over the keywords checked that day (errors left out: unknown, not unranked).
  const perDay = days.map((d) => done.filter((c) => c.day === d && c.status === "ok").map((c) => c.position));
  const vis = perDay.map((p) => visibility(p));
  const latest = perDay[perDay.length - 1] ?? [];
  const latestDay = days[days.length - 1];
  const latestChecks = done.filter((c) => c.day === latestDay && c.status === "ok");
  const competitorVisibility = Object.fromEntries(
    competitors.map((c) => [c, visibility(latestChecks.map((x) => x.competitors[c] ?? null))]),
  );
  const current = vis[vis.length - 1] ?? null;
  const previous = vis.length > 1 ? vis[vis.length - 2]! : null;
  return {
    ...empty,
    days,
    keywords: rows,
    visibility: vis,
    averagePosition: perDay.map((p) => averagePosition(p)),
    distribution: distribution(latest),
    currentVisibility: current,
    visibilityChange: current !== null && previous !== null ? Math.round((current - previous) * 10) / 10 : null,
    competitorVisibility,
  };
}

function blankRow(k: typeof rankKeywords.$inferSelect, days = 0): KeywordRanking {
  return {
    keywordId: k.id,
    keyword: k.keyword,
    tags: k.tags,
    targetUrl: k.targetUrl,
    position: null,
    checkedDay: null,
    change1: null,
    change7: null,
    change30: null,
    best: null,
    url: null,
    features: [],
    ownFeatures: [],
    searchVolume: null,
    error: null,
    competitors: {},
    history: Array.from({ length: days }, () => null),
  };
}

/**
 * Visibility of each of the owner's projects over all its engines and its change from the previous
 * checked day (issue 10 point 6: shown on the projects list). Projects without checks are absent.
 */
export async function projectsVisibility(opts: {
  db: Database;
  projectIds: number[];
}): Promise<Record<number, { visibility: number; change: number | null }>> {
  if (opts.projectIds.length === 0) return {};
  const rows = await opts.db
    .select({ projectId: rankChecks.projectId, day: rankChecks.day, position: rankChecks.position })
    .from(rankChecks)
    .innerJoin(projects, eq(projects.id, rankChecks.projectId))
    .where(and(inArray(rankChecks.projectId, opts.projectIds), eq(rankChecks.status, "ok")));
  const out: Record<number, { visibility: number; change: number | null }> = {};
  for (const id of opts.projectIds) {
    const mine = rows.filter((r) => r.projectId === id);
    const days = [...new Set(mine.map((r) => r.day))].sort();
    if (days.length === 0) continue;
    const at = (d: string) => visibility(mine.filter((r) => r.day === d).map((r) => r.position)) ?? 0;
    const cur = at(days[days.length - 1]!);
    const prev = days.length > 1 ? at(days[days.length - 2]!) : null;
    out[id] = { visibility: cur, change: prev === null ? null : Math.round((cur - prev) * 10) / 10 };
  }
  return out;
}
