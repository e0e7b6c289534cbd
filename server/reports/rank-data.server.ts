/**
 * Rank tracking data of a period (issue 11 points 1 and 7, issue 10 tables): the project's engines,
 * keywords and competitors and every finished check between two days, with visibility per day
 * computed by the one visibility rule (server/rank/visibility.ts). Read by the rank report
 * sections, the dashboard panels and the project screen.
 */
import { and, asc, eq, gte, lte, ne } from "drizzle-orm";
import type { RenderedChart } from "../../common/chart.ts";
import { authorize } from "../access/rule.server.ts";
import { ENGINE_NAMES } from "../../common/rank/engine-names.ts";
import { lineChart } from "../charts/render.server.ts";
import { rankChecks, rankCompetitors, rankEngines, rankKeywords } from "../db/schema.server.ts";
import { averagePosition, visibility } from "../rank/visibility.ts";
import type { Translate } from "../i18n/texts.server.ts";
import type { SectionContext } from "./model.ts";

/** Text ids of the visibility chart (reports.json, group "charts"). */
const CHART_T = { alt: 53330, date: 53220, engine: 53333 } as const;

/** One finished check (status ok or error) of a keyword in an engine on a day. */
export interface PeriodCheck {
  keywordId: number;
  engineId: number;
  day: string;
  ok: boolean;
  /** Absolute position, null when not ranked within the depth (or on error). */
  position: number | null;
  url: string | null;
  competitors: Record<string, number | null>;
}

/** The rank data of a project over [from, to]. */
export interface RankPeriod {
  engines: PeriodEngine[];
  keywords: Map<number, string>;
  competitors: string[];
  /** Days with a finished check, oldest first. */
  days: string[];
  checks: PeriodCheck[];
}

/** A tracked search engine of the project: `engine` "google" | "bing" | "yandex", `device` "desktop" | "mobile", `location` "" or "City,Region,Country". */
export interface PeriodEngine {
  id: number;
  engine: string;
  country: string;
  location: string;
  device: string;
}

/**
 * "Google US desktop" or "Google DE Berlin mobile": an engine named in reports and charts, in `t`'s
 * language (issue 15.1: the device word is a text, reports.json 53333; engine names and country codes are names).
 */
export function engineLabel(e: Omit<PeriodEngine, "id">, t: Translate): string {
  const city = e.location.split(",")[0]!.trim();
  return t(CHART_T.engine, { engine: ENGINE_NAMES[e.engine] ?? e.engine, country: e.country, city: city || "none", device: e.device });
}

/** The label of each engine of the period by engine id ({@link engineLabel}). */
export function engineLabels(p: RankPeriod, t: Translate): Map<number, string> {
  return new Map(p.engines.map((e) => [e.id, engineLabel(e, t)]));
}

/**
 * Loads the period's rank data of the project, read for its holder.
 * @throws AppError not_found (idp) when the project is not the owner's.
 */
export async function loadRankPeriod(ctx: Pick<SectionContext, "db" | "owner" | "projectId" | "from" | "to">): Promise<RankPeriod> {
  const { db, projectId } = ctx;
  await authorize({ db, owner: ctx.owner, resource: "project", id: projectId, action: "read", field: "idp" });
  const [engines, keywords, competitors, checks] = await Promise.all([
    db.select().from(rankEngines).where(eq(rankEngines.projectId, projectId)).orderBy(asc(rankEngines.id)),
    db
      .select({ id: rankKeywords.id, keyword: rankKeywords.keyword })
      .from(rankKeywords)
      .where(eq(rankKeywords.projectId, projectId))
      .orderBy(asc(rankKeywords.keyword)),
    db
      .select({ domain: rankCompetitors.domain })
      .from(rankCompetitors)
      .where(eq(rankCompetitors.projectId, projectId))
      .orderBy(asc(rankCompetitors.domain)),
    db
      .select({
        keywordId: rankChecks.keywordId,
        engineId: rankChecks.engineId,
        day: rankChecks.day,
        status: rankChecks.status,
        position: rankChecks.position,
        url: rankChecks.url,
        competitors: rankChecks.competitors,
      })
      .from(rankChecks)
      .where(
        and(
          eq(rankChecks.projectId, projectId),
          gte(rankChecks.day, ctx.from),
          lte(rankChecks.day, ctx.to),
          ne(rankChecks.status, "pending"),
        ),
      )
      .orderBy(asc(rankChecks.day)),
  ]);
  return {
    engines: engines.map((e) => ({ id: e.id, engine: e.engine, country: e.country, location: e.location, device: e.device })),
    keywords: new Map(keywords.map((k) => [k.id, k.keyword])),
    competitors: competitors.map((c) => c.domain),
    days: [...new Set(checks.map((c) => c.day))].sort(),
    checks: checks.map((c) => ({
      keywordId: c.keywordId,
      engineId: c.engineId,
      day: c.day,
      ok: c.status === "ok",
      position: c.status === "ok" ? c.position : null,
      url: c.url,
      competitors: c.competitors,
    })),
  };
}

/** Positions of the successful checks of a day (optionally of one engine); errors are unknown, not unranked. */
export function positionsOn(p: RankPeriod, day: string, engineId?: number): (number | null)[] {
  return p.checks.filter((c) => c.day === day && c.ok && (engineId === undefined || c.engineId === engineId)).map((c) => c.position);
}

/** Visibility per day of the period over all engines (as the projects list shows it), null on a day without a successful check. */
export function visibilityByDay(p: RankPeriod): (number | null)[] {
  return p.days.map((d) => visibility(positionsOn(p, d)));
}

/** Average position per day of the period over all engines. */
export function averageByDay(p: RankPeriod): (number | null)[] {
  return p.days.map((d) => averagePosition(positionsOn(p, d)));
}

/** The latest and the first check in the period of each keyword × engine pair that was checked. */
export function firstAndLast(p: RankPeriod): { keywordId: number; engineId: number; first: PeriodCheck; last: PeriodCheck }[] {
  const pairs = new Map<string, { keywordId: number; engineId: number; first: PeriodCheck; last: PeriodCheck }>();
  for (const c of p.checks) {
    if (!c.ok) continue;
    const key = `${c.keywordId}:${c.engineId}`;
    const pair = pairs.get(key);
    if (pair) pair.last = c;
    else pairs.set(key, { keywordId: c.keywordId, engineId: c.engineId, first: c, last: c });
  }
  return [...pairs.values()];
}

/** Visibility over the period, one line per engine, its words from `t` (null when no day has a check). */
export function visibilityChart(p: RankPeriod, t: Translate, o: { height?: number } = {}): RenderedChart | null {
  if (p.days.length === 0) return null;
  const engines = p.engines.filter((e) => p.checks.some((c) => c.engineId === e.id && c.ok));
  if (engines.length === 0) return null;
  const series = engines.map((e) => ({ name: engineLabel(e, t), values: p.days.map((d) => visibility(positionsOn(p, d, e.id))) }));
  const latest = visibility(positionsOn(p, p.days.at(-1)!));
  return lineChart({
    categories: p.days,
    series,
    alt: t(CHART_T.alt, { from: p.days[0]!, to: p.days.at(-1)!, latest: latest ?? 0 }),
    categoryLabel: t(CHART_T.date),
    unit: " %",
    yMin: 0,
    area: series.length === 1,
    height: o.height ?? 240,
  });
}
