/**
 * Checks every keyword × engine of a project for one day (issue 10 points 3 and 5): each pair is
 * claimed by inserting its (keyword, engine, day) row first, so a pair is checked at most once a
 * day whatever runs it (the daily schedule, "check now", a redelivered job). With a provider
 * configured the SERP is read page by page at the provider's allowed rate (one limiter per process);
 * without one, Google positions come from Search Console data. Alerts are evaluated afterwards.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import {
  projects,
  rankChecks,
  rankCompetitors,
  rankEngines,
  rankKeywords,
  rankSettings,
  searchConsoleProperties,
} from "../db/schema.server.ts";
import { clockNow } from "../clock.server.ts";
import { importSearchAnalytics } from "../search-console/oauth.server.ts";
import type { Services } from "../services.server.ts";
import { evaluateAlerts } from "./alerts.server.ts";
import { checkKeyword, fetchTransport, type KeywordCheckResult, type Transport } from "./check-keyword.server.ts";
import { TASKS_PER_POST, createDataForSeoQueue, taskPageSource } from "./providers/dataforseo-tasks.server.ts";
import { addDays, localDay } from "./day.ts";
import { normalizeDomain } from "./match.ts";
import { LIVE_CHECK_SETTINGS, liveProvider } from "./providers/index.server.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server.ts";
import { searchConsolePosition } from "./search-console-ranks.server.ts";

/** Provider name recorded for positions taken from Search Console. */
export const SEARCH_CONSOLE_PROVIDER = "search-console";

/** A claimed row still pending after this long belongs to a dead worker and may be claimed again, in ms. */
const STALE_CLAIM_MS = 30 * 60_000;

const limiters = new Map<string, RateLimiter>();
/** The process-wide limiter of a provider at `perMinute` (the scheduler and "check now" share it). */
export function providerLimiter(id: string, perMinute: number): RateLimiter {
  const key = `${id}@${perMinute}`;
  let l = limiters.get(key);
  if (!l) limiters.set(key, (l = createRateLimiter({ perMinute })));
  return l;
}

/** Input of {@link checkProject}. */
export interface CheckProjectOptions {
  services: Services;
  projectId: number;
  /** The instant the check runs (its day is taken in the project's time zone). Default: the product's clock. */
  now?: Date;
  /** Only these keywords (e.g. just added). */
  keywordIds?: number[];
  transport?: Transport;
  /** Pairs checked at once (the limiter still caps the provider rate). Default 8. */
  concurrency?: number;
  /** Called after each pair is checked and stored (the bench samples the rate with it). */
  onChecked?: () => void;
}

/** What a run did: pairs checked, already checked today (skipped), failed. */
export interface CheckProjectSummary {
  day: string;
  checked: number;
  skipped: number;
  errors: number;
  provider: string;
}

/** Runs the project's checks for its current day. Safe to call repeatedly (idempotent per day). */
export async function checkProject(opts: CheckProjectOptions): Promise<CheckProjectSummary> {
  const { services } = opts;
  const db = services.db;
  const [project] = await db.select().from(projects).where(eq(projects.id, opts.projectId));
  if (!project) return { day: "", checked: 0, skipped: 0, errors: 0, provider: "" };
  const [settings] = await db.select().from(rankSettings).where(eq(rankSettings.projectId, project.id));
  const day = localDay(opts.now ?? clockNow(), settings?.timeZone ?? "UTC");
  const engines = await db.select().from(rankEngines).where(eq(rankEngines.projectId, project.id));
  const keywords = await db
    .select()
    .from(rankKeywords)
    .where(and(eq(rankKeywords.projectId, project.id), opts.keywordIds ? inArray(rankKeywords.id, opts.keywordIds) : undefined));
  const competitors = (await db.select().from(rankCompetitors).where(eq(rankCompetitors.projectId, project.id))).map((c) => c.domain);
  const live = liveProvider(services.env);
  const providerName = live?.provider.id ?? SEARCH_CONSOLE_PROVIDER;
  const domain = normalizeDomain(project.domain) || project.domain;
  // Claims left by a dead worker are released.
  await db
    .delete(rankChecks)
    .where(
      and(
        eq(rankChecks.projectId, project.id),
        eq(rankChecks.status, "pending"),
        lt(rankChecks.checkedAt, new Date(Date.now() - STALE_CLAIM_MS)),
      ),
    );

  await dailySearchConsoleImport(services, project.id, day);
  const pairs = keywords.flatMap((k) => engines.map((e) => ({ k, e })));
  const summary: CheckProjectSummary = { day, checked: 0, skipped: 0, errors: 0, provider: providerName };
  const limiter = live ? providerLimiter(live.provider.id, services.env.RANK_RATE_PER_MINUTE) : undefined;
  // DataForSEO's queued flow: the run's tasks are posted in batches and collected as they finish.
  const queue =
    live?.provider.id === "dataforseo" && services.env.DATAFORSEO_MODE === "task"
      ? createDataForSeoQueue({
          config: live.config,
          transport: opts.transport ?? fetchTransport,
          limiter,
          pollMs: services.env.DATAFORSEO_POLL_MS,
          timeoutMs: services.env.DATAFORSEO_TASK_TIMEOUT_MS,
        })
      : null;

  const runPair = async ({ k, e }: (typeof pairs)[number]) => {
    const [claim] = await db
      .insert(rankChecks)
      .values({ projectId: project.id, keywordId: k.id, engineId: e.id, day, status: "pending", provider: providerName })
      .onConflictDoNothing()
      .returning({ id: rankChecks.id });
    if (!claim) {
      summary.skipped++;
      return;
    }
    let result: KeywordCheckResult;
    if (live && live.provider.engines.includes(e.engine)) {
      const query = {
        keyword: k.keyword,
        engine: e.engine,
        country: e.country,
        language: e.language,
        location: e.location,
        locationCode: e.locationCode,
        device: e.device,
      };
      result = await checkKeyword({
        provider: live.provider,
        config: live.config,
        query,
        pageSource: queue ? taskPageSource(queue, query, services.env.RANK_DEPTH, domain) : undefined,
        domain,
        targetUrl: k.targetUrl,
        competitors,
        depth: services.env.RANK_DEPTH,
        limiter,
        transport: opts.transport,
        maxRetries: services.env.RANK_MAX_RETRIES,
        backoffMs: services.env.RANK_BACKOFF_MS,
      });
    } else {
      result = await embeddedCheck(services, { projectId: project.id, keyword: k.keyword, engine: e, live: !!live, day });
    }
    await db
      .update(rankChecks)
      .set({
        status: result.error ? "error" : "ok",
        position: result.position,
        url: result.url,
        features: result.features,
        ownFeatures: result.ownFeatures,
        competitors: result.competitors,
        searchVolume: result.searchVolume,
        pages: result.pages,
        pagesFailed: result.pagesFailed,
        providerCalls: result.calls,
        error: result.error,
        checkedAt: new Date(),
      })
      .where(eq(rankChecks.id, claim.id));
    summary.checked++;
    if (result.error) summary.errors++;
    opts.onChecked?.();
  };

  // Queued tasks wait minutes, not seconds: enough pairs at once to fill task_post calls.
  const concurrency = Math.max(1, opts.concurrency ?? 8, queue ? TASKS_PER_POST : 1);
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, pairs.length) }, async () => {
        while (next < pairs.length) await runPair(pairs[next++]!);
      }),
    );
  } finally {
    queue?.close();
  }
  if (summary.checked > 0) await evaluateAlerts({ services, projectId: project.id, day });
  return summary;
}

/** A check without a live provider for the engine: Search Console data for Google, else an error naming the setting. */
async function embeddedCheck(
  services: Services,
  o: { projectId: number; keyword: string; engine: typeof rankEngines.$inferSelect; live: boolean; day: string },
): Promise<KeywordCheckResult> {
  const empty: KeywordCheckResult = {
    position: null,
    url: null,
    features: [],
    ownFeatures: [],
    competitors: {},
    searchVolume: null,
    pages: 0,
    pagesFailed: 0,
    calls: 0,
    error: null,
  };
  if (o.engine.engine !== "google") {
    const how = o.live ? "the configured provider does not support this engine" : `set ${Object.values(LIVE_CHECK_SETTINGS).join(", or ")}`;
    return { ...empty, error: `No live check for ${o.engine.engine}: ${how}.` };
  }
  const gsc = await searchConsolePosition({
    db: services.db,
    projectId: o.projectId,
    keyword: o.keyword,
    device: o.engine.device,
    country: o.engine.country,
    day: o.day,
  });
  return { ...empty, position: gsc.position, url: gsc.url };
}

/** A connected Search Console property is imported once a day before the checks (the last 5 days: recent data is revised). */
async function dailySearchConsoleImport(services: Services, projectId: number, day: string): Promise<void> {
  const [p] = await services.db.select().from(searchConsoleProperties).where(eq(searchConsoleProperties.projectId, projectId));
  if (p?.source !== "oauth" || !p.siteUrl || (p.lastImportAt && Date.now() - p.lastImportAt.getTime() < 20 * 3_600_000)) return;
  try {
    await importSearchAnalytics({ services, projectId, from: addDays(day, -5), to: day });
  } catch (err) {
    services.log.warn({ projectId, err: err instanceof Error ? err.message : String(err) }, "Search Console import failed");
  }
}

/** Count of pairs checked on `day` for a project (tests, the bench). */
export async function checksOn(services: Services, projectId: number, day: string): Promise<number> {
  const [row] = await services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(rankChecks)
    .where(and(eq(rankChecks.projectId, projectId), eq(rankChecks.day, day)));
  return row?.n ?? 0;
}
