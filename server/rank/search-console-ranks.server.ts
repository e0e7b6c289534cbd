/**
 * The embedded default without a SERP provider key (issue 10 point 8): a keyword's Google position
 * from the project's Search Console data (imported or connected), i.e. the impression-weighted
 * average position of that query on the latest day with data up to the check's day, for the
 * engine's device and country, and the page with the most impressions as the ranking URL.
 */
import { and, desc, eq, lte, sql } from "drizzle-orm";
import { searchConsoleRows } from "../db/schema.server.ts";
import type { Database } from "../db/client.server.ts";
import type { RankDevice } from "../db/schema/rank.server.ts";
import { alpha3 } from "./locations.server.ts";

/** Position (rounded average, null when the query had no impressions) and URL of a keyword in Search Console. */
export async function searchConsolePosition(opts: {
  db: Database;
  projectId: number;
  keyword: string;
  device: RankDevice;
  country: string;
  day: string;
}): Promise<{ position: number | null; url: string | null; dataDay: string | null }> {
  const r = searchConsoleRows;
  const base = and(
    eq(r.projectId, opts.projectId),
    eq(r.query, opts.keyword),
    lte(r.date, opts.day),
    sql`${r.device} in (${opts.device.toUpperCase()}, '')`,
    sql`${r.country} in (${alpha3(opts.country)}, '')`,
  );
  const [latest] = await opts.db.select({ date: r.date }).from(r).where(base).orderBy(desc(r.date)).limit(1);
  if (!latest) return { position: null, url: null, dataDay: null };
  const rows = await opts.db
    .select({ page: r.page, impressions: r.impressions, position: r.position })
    .from(r)
    .where(and(base, eq(r.date, latest.date)));
  const impressions = rows.reduce((s, x) => s + x.impressions, 0);
  if (impressions === 0) return { position: null, url: null, dataDay: latest.date };
  const avg = rows.reduce((s, x) => s + x.position * x.impressions, 0) / impressions;
  const top = rows.filter((x) => x.page !== "").sort((a, b) => b.impressions - a.impressions)[0];
  return { position: Math.max(1, Math.round(avg)), url: top?.page ?? null, dataDay: latest.date };
}
