/**
 * The crawled pages of an audit as a paged, filterable list (issue 3 /api/audits pages), and the
 * same rows streamed in keyset order for exports.
 */
import { type SQL, and, asc, desc, eq, gt, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { auditPageMetrics, auditPages, auditUrls } from "../db/schema.server.ts";

/** A LIKE pattern matching `text` anywhere, its wildcards (\\, %, _) taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Status filter of the page list. */
export type PageStatusFilter = "all" | "2xx" | "3xx" | "4xx" | "5xx" | "error" | "blocked";

/** Query of {@link listPages}. */
export interface PageQuery {
  offset: number;
  /** Rows per page, at most 500. */
  limit: number;
  status: PageStatusFilter;
  /** Substring of the URL (case-insensitive). */
  q?: string | undefined;
  indexable?: boolean | undefined;
  sort: "url" | "depth" | "inlinks" | "status" | "ttfb" | "size";
  order: "asc" | "desc";
}

/** One row of the page list; times in ms, sizes in bytes. */
export interface PageRow {
  url: string;
  statusCode: number | null;
  /** "blocked" for robots.txt-blocked URLs, else "done". */
  state: string;
  error: string | null;
  location: string | null;
  title: string | null;
  metaDescription: string | null;
  canonical: string | null;
  h1: string | null;
  wordCount: number | null;
  contentType: string | null;
  depth: number | null;
  inlinks: number | null;
  linkScore: number | null;
  indexable: boolean | null;
  ttfbMs: number | null;
  bytes: number | null;
}

const title = sql<string | null>`${auditPages.facts}->>'title'`;
const columns = {
  id: auditUrls.id,
  url: auditUrls.url,
  statusCode: auditPages.statusCode,
  state: auditUrls.status,
  error: auditPages.error,
  location: auditPages.location,
  title,
  metaDescription: sql<string | null>`${auditPages.facts}->>'metaDescription'`,
  canonical: sql<string | null>`${auditPages.facts}->>'canonical'`,
  h1: sql<string | null>`${auditPages.facts}->'h1'->>0`,
  wordCount: sql<number | null>`(${auditPages.facts}->>'wordCount')::int`,
  contentType: auditPages.contentType,
  depth: auditUrls.depth,
  inlinks: auditPageMetrics.inlinks,
  linkScore: auditPageMetrics.linkScore,
  indexable: auditPageMetrics.indexable,
  ttfbMs: sql<number | null>`(${auditPages.timings}->>'ttfbMs')::float`,
  bytes: auditPages.bytesBody,
};

function where(auditId: number, q: Pick<PageQuery, "status" | "q" | "indexable">): SQL {
  const parts: (SQL | undefined)[] = [
    eq(auditUrls.auditId, auditId),
    eq(auditUrls.kind, "page"),
    inArray(auditUrls.status, ["done", "blocked"]),
  ];
  const range = (lo: number) => sql`${auditPages.statusCode} >= ${lo} AND ${auditPages.statusCode} < ${lo + 100}`;
  if (q.status === "2xx") parts.push(range(200));
  if (q.status === "3xx") parts.push(range(300));
  if (q.status === "4xx") parts.push(range(400));
  if (q.status === "5xx") parts.push(range(500));
  if (q.status === "error") parts.push(and(eq(auditUrls.status, "done"), isNull(auditPages.statusCode)));
  if (q.status === "blocked") parts.push(eq(auditUrls.status, "blocked"));
  if (q.q) parts.push(ilike(auditUrls.url, containsPattern(q.q)));
  if (q.indexable !== undefined) parts.push(eq(auditPageMetrics.indexable, q.indexable));
  return and(...parts)!;
}

const SORT = {
  url: auditUrls.url,
  depth: auditUrls.depth,
  inlinks: auditPageMetrics.inlinks,
  status: auditPages.statusCode,
  ttfb: sql`(${auditPages.timings}->>'ttfbMs')::float`,
  size: auditPages.bytesBody,
};

const toRow = ({ id: _id, ...r }: { id: number } & PageRow): PageRow => r;

/** A page of the audit's pages with the total matching the filters. */
export async function listPages(db: Database, auditId: number, q: PageQuery): Promise<{ total: number; rows: PageRow[] }> {
  const base = () =>
    db
      .select(columns)
      .from(auditUrls)
      .leftJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
      .leftJoin(auditPageMetrics, and(eq(auditPageMetrics.auditId, auditUrls.auditId), eq(auditPageMetrics.url, auditUrls.url)));
  const filter = where(auditId, q);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditUrls)
    .leftJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
    .leftJoin(auditPageMetrics, and(eq(auditPageMetrics.auditId, auditUrls.auditId), eq(auditPageMetrics.url, auditUrls.url)))
    .where(filter);
  const dir = q.order === "desc" ? desc : asc;
  const rows = await base()
    .where(filter)
    .orderBy(sql`${dir(SORT[q.sort])} NULLS LAST`, asc(auditUrls.id))
    .limit(Math.min(q.limit, 500))
    .offset(q.offset);
  return { total: count?.n ?? 0, rows: rows.map(toRow) };
}

/** Every page row of an audit, in batches (memory stays bounded on large audits). */
export async function* allPages(db: Database, auditId: number, batch = 2000): AsyncGenerator<PageRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(auditUrls)
      .leftJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
      .leftJoin(auditPageMetrics, and(eq(auditPageMetrics.auditId, auditUrls.auditId), eq(auditPageMetrics.url, auditUrls.url)))
      .where(and(where(auditId, { status: "all" }), gt(auditUrls.id, after)))
      .orderBy(asc(auditUrls.id))
      .limit(batch);
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.id);
    yield rows.map(toRow);
  }
}
