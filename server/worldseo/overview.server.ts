import type { CheckTexts } from "../audit/check-texts.server.ts";
import type { TextRef } from "../../common/i18n/message.ts";
import { and, eq, lt, sql } from "drizzle-orm";
import { analyzePage } from "../analyzer/analyze.server.ts";
import type { AnalyzerReport, Severity } from "../analyzer/types.ts";
import { seoOverviewHits, seoOverviews } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { filterUrl } from "../project/filter-url.server.ts";
import type { Services } from "../services.server.ts";

/** How long an overview is served from the cache: one day, in ms (issue 4). */
export const OVERVIEW_TTL_MS = 24 * 60 * 60 * 1000;

/** Issues kept in an overview, most severe first. */
const TOP_ISSUES = 8;

/** The public SEO overview of a site (/worldwideseo/{url}): a compact summary of the home page report. */
export interface SeoOverview {
  host: string;
  url: string;
  finalUrl: string;
  statusCode: number;
  score: number;
  errors: number;
  warnings: number;
  notices: number;
  checksRun: number;
  title: string | null;
  metaDescription: string | null;
  /** Response time of the page, ms. */
  totalMs: number;
  /** Title, message and fix in English; `messageText` renders the message in another language (absent before issue 15). */
  topIssues: { check: string; severity: Severity; title: string; message: string; messageText?: TextRef; fix: string }[];
  /** ISO 8601. */
  analyzedAt: string;
}

const rank: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };

/** Summarises an analyzer report into an overview. */
export function toOverview(host: string, r: AnalyzerReport): SeoOverview {
  return {
    host,
    url: r.url,
    finalUrl: r.finalUrl,
    statusCode: r.statusCode,
    score: r.summary.score,
    errors: r.summary.errors,
    warnings: r.summary.warnings,
    notices: r.summary.notices,
    checksRun: r.summary.checksRun,
    title: r.page.title,
    metaDescription: r.page.metaDescription,
    totalMs: Math.round(r.timings.totalMs),
    topIssues: [...r.issues]
      .sort((a, b) => rank[a.severity] - rank[b.severity])
      .slice(0, TOP_ISSUES)
      .map((i) => ({ check: i.check, severity: i.severity, title: i.title, message: i.message, messageText: i.messageText, fix: i.fix })),
    analyzedAt: r.analyzedAt,
  };
}

/** The overview with its top issues' title, message and fix in `texts`' language (issue 15). */
export function localizeOverview(overview: SeoOverview, texts: CheckTexts): SeoOverview {
  return {
    ...overview,
    topIssues: overview.topIssues.map((i) => ({
      ...i,
      title: texts.title(i.check),
      fix: texts.fix(i.check),
      message: i.messageText ? texts.message(i.messageText) : i.message,
    })),
  };
}

/**
 * Counts one new analysis for `ip` in the current hour.
 * @throws AppError "rate_limited" once the hour's WORLDSEO_HOURLY_LIMIT is used up.
 */
async function takeToken(services: Services, ip: string): Promise<void> {
  const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const where = and(eq(seoOverviewHits.ip, ip), eq(seoOverviewHits.hour, hour));
  const [row] = await services.db.select({ count: seoOverviewHits.count }).from(seoOverviewHits).where(where).limit(1);
  if (row && row.count >= services.env.WORLDSEO_HOURLY_LIMIT) {
    throw new AppError("rate_limited", errorText(58144));
  }
  if (row)
    await services.db
      .update(seoOverviewHits)
      .set({ count: sql`${seoOverviewHits.count} + 1` })
      .where(where);
  else {
    // An address's first hit of the hour also clears every counter of past hours: the table stays small.
    await services.db.delete(seoOverviewHits).where(lt(seoOverviewHits.hour, hour));
    await services.db.insert(seoOverviewHits).values({ ip, hour, count: 1 });
  }
}

/** The error of an overview that failed, with the analyzer's reason when there is one (English: it quotes the fetch). */
function overviewFailure(reason: string | null): TextRef {
  return reason ? errorText(58189, { reason }) : errorText(58190);
}

/**
 * The public SEO overview of the site named by `raw` (a domain or URL, spec 5 rules): from the
 * cache when under a day old, else the analyzer runs on its home page (SSRF-guarded; an address
 * without a scheme is tried over HTTPS, then HTTP) and the
 * result is cached — new analyses are rate-limited per client IP.
 * @throws AppError "validation" for an invalid address, "rate_limited", or "unreachable" when
 *   the site cannot be analysed (also cached for a day).
 */
export async function getSeoOverview(services: Services, raw: string, ip: string): Promise<SeoOverview> {
  const allowLoopback = services.env.ALLOW_PRIVATE_NETWORKS;
  const { url } = filterUrl(raw, { allowLoopback });
  const home = new URL(url);
  const host = home.host.toLowerCase();
  const [cached] = await services.db.select().from(seoOverviews).where(eq(seoOverviews.host, host)).limit(1);
  if (cached && Date.now() - cached.createdAt.getTime() < OVERVIEW_TTL_MS) {
    if (!cached.report) throw new AppError("unreachable", overviewFailure(cached.error));
    return cached.report as SeoOverview;
  }
  await takeToken(services, ip);
  let overview: SeoOverview | null = null;
  let error: string | null = null;
  // An address typed without a scheme is tried over HTTPS first, then over plain HTTP.
  const schemes = /^[a-z]+:\/\//i.test(raw.trim()) ? [home.protocol] : ["https:", "http:"];
  for (const scheme of schemes) {
    try {
      overview = toOverview(host, await analyzePage(`${scheme}//${home.host}/`, { allowPrivate: allowLoopback, timeoutMs: 10_000 }));
      break;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
  }
  const row = {
    host,
    url: overview?.finalUrl ?? `${home.protocol}//${home.host}/`,
    report: overview,
    error: overview ? null : error,
    createdAt: new Date(),
  };
  await services.db
    .insert(seoOverviews)
    .values(row)
    .onConflictDoUpdate({ target: seoOverviews.host, set: { report: row.report, error, url: row.url, createdAt: row.createdAt } });
  if (!overview) throw new AppError("unreachable", overviewFailure(error));
  return overview;
}
