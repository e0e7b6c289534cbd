/**
 * Read side of a project's Search Console Performance data (issue 10 point 4: "other tools —
 * best pages, insights, reports — read this data from here"). Totals are sums of clicks and
 * impressions; CTR is clicks / impressions; position is the impression-weighted mean of the rows'
 * average positions, as Search Console itself aggregates. Dates are yyyy-mm-dd, inclusive.
 */
import { and, between, desc, eq, ne, or, sql } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { searchConsoleProperties, searchConsoleRows } from "../db/schema.server.ts";

/** Clicks, impressions, CTR (0–1) and average position of a page, a query or a day. */
export interface PerformanceRow {
  key: string;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** Input of the performance queries: who asks, for which project and period. */
export interface PerformanceOptions {
  db: Database;
  owner: Owner;
  projectId: number;
  from: string;
  to: string;
  limit?: number;
}

const r = searchConsoleRows;
const totals = {
  clicks: sql<number>`coalesce(sum(${r.clicks}), 0)::int`,
  impressions: sql<number>`coalesce(sum(${r.impressions}), 0)::int`,
  weighted: sql<number>`coalesce(sum(${r.position} * ${r.impressions}), 0)::float8`,
};

function toRow(x: { key: string; clicks: number; impressions: number; weighted: number }): PerformanceRow {
  const impressions = Number(x.impressions);
  return {
    key: x.key,
    clicks: Number(x.clicks),
    impressions,
    ctr: impressions > 0 ? Number(x.clicks) / impressions : 0,
    position: impressions > 0 ? Number(x.weighted) / impressions : 0,
  };
}

/**
 * Rows counted per day: API rows (query and page both set) and an export's daily totals (every
 * dimension ""); an export's per-query, per-page, per-device and per-country totals of the period
 * are left out so nothing counts twice.
 */
const ONE_TABLE_PER_DAY = or(
  and(ne(r.query, ""), ne(r.page, "")),
  and(eq(r.query, ""), eq(r.page, ""), eq(r.device, ""), eq(r.country, "")),
);

async function grouped(o: PerformanceOptions, dim: typeof r.page | typeof r.query | typeof r.date): Promise<PerformanceRow[]> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read" });
  const rows = await o.db
    .select({ key: sql<string>`${dim}::text`, ...totals })
    .from(r)
    .where(and(eq(r.projectId, o.projectId), between(r.date, o.from, o.to), dim === r.date ? ONE_TABLE_PER_DAY : ne(dim, "")))
    .groupBy(dim)
    .orderBy(dim === r.date ? dim : desc(totals.clicks))
    .limit(o.limit ?? 50_000);
  return rows.map(toRow);
}

/** Per page (landing URL), most clicks first. */
export const pagePerformance = (o: PerformanceOptions) => grouped(o, r.page);
/** Per search query, most clicks first. */
export const queryPerformance = (o: PerformanceOptions) => grouped(o, r.query);
/** Per day, oldest first. */
export const dailyPerformance = (o: PerformanceOptions) => grouped(o, r.date);

/** The project's Search Console property, or null when none is connected. */
export async function searchConsoleProperty(o: { db: Database; owner: Owner; projectId: number }) {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read" });
  const [row] = await o.db
    .select({
      siteUrl: searchConsoleProperties.siteUrl,
      source: searchConsoleProperties.source,
      accountEmail: searchConsoleProperties.accountEmail,
      lastImportAt: searchConsoleProperties.lastImportAt,
      lastError: searchConsoleProperties.lastError,
    })
    .from(searchConsoleProperties)
    .where(eq(searchConsoleProperties.projectId, o.projectId));
  return row ?? null;
}
