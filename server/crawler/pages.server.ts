/**
 * The crawled pages of a crawl as a paged, filterable list (issue 3 /api/crawl pages), and the
 * same rows streamed in keyset order for exports.
 */
import { type SQL, and, asc, desc, eq, gt, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { crawlPageMetrics, crawlPages, crawlUrls } from "../db/schema.server.ts";

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

const title = sql<string | null>`${crawlPages.facts}->>'title'`;
const columns = {
  id: crawlUrls.id,
  url: crawlUrls.url,
  statusCode: crawlPages.statusCode,
  state: crawlUrls.status,
  error: crawlPages.error,
  location: crawlPages.location,
  title,
  metaDescription: sql<string | null>`${crawlPages.facts}->>'metaDescription'`,
  canonical: sql<string | null>`${crawlPages.facts}->>'canonical'`,
  h1: sql<string | null>`${crawlPages.facts}->'h1'->>0`,
  wordCount: sql<number | null>`(${crawlPages.facts}->>'wordCount')::int`,
  contentType: crawlPages.contentType,
  depth: crawlUrls.depth,
  inlinks: crawlPageMetrics.inlinks,
  linkScore: crawlPageMetrics.linkScore,
  indexable: crawlPageMetrics.indexable,
  ttfbMs: sql<number | null>`(${crawlPages.timings}->>'ttfbMs')::float`,
  bytes: crawlPages.bytesBody,
};

function where(crawlId: number, q: Pick<PageQuery, "status" | "q" | "indexable">): SQL {
  const parts: (SQL | undefined)[] = [
    eq(crawlUrls.crawlId, crawlId),
    eq(crawlUrls.kind, "page"),
    inArray(crawlUrls.status, ["done", "blocked"]),
  ];
  const range = (lo: number) => sql`${crawlPages.statusCode} >= ${lo} AND ${crawlPages.statusCode} < ${lo + 100}`;
  if (q.status === "2xx") parts.push(range(200));
  if (q.status === "3xx") parts.push(range(300));
  if (q.status === "4xx") parts.push(range(400));
  if (q.status === "5xx") parts.push(range(500));
  if (q.status === "error") parts.push(and(eq(crawlUrls.status, "done"), isNull(crawlPages.statusCode)));
  if (q.status === "blocked") parts.push(eq(crawlUrls.status, "blocked"));
  if (q.q) parts.push(ilike(crawlUrls.url, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (q.indexable !== undefined) parts.push(eq(crawlPageMetrics.indexable, q.indexable));
  return and(...parts)!;
}

const SORT = {
  url: crawlUrls.url,
  depth: crawlUrls.depth,
  inlinks: crawlPageMetrics.inlinks,
  status: crawlPages.statusCode,
  ttfb: sql`(${crawlPages.timings}->>'ttfbMs')::float`,
  size: crawlPages.bytesBody,
};

const toRow = ({ id: _id, ...r }: { id: number } & PageRow): PageRow => r;

/** A page of the crawl's pages with the total matching the filters. */
export async function listPages(db: Database, crawlId: number, q: PageQuery): Promise<{ total: number; rows: PageRow[] }> {
  const base = () =>
    db
      .select(columns)
      .from(crawlUrls)
      .leftJoin(crawlPages, eq(crawlPages.urlId, crawlUrls.id))
      .leftJoin(crawlPageMetrics, and(eq(crawlPageMetrics.crawlId, crawlUrls.crawlId), eq(crawlPageMetrics.url, crawlUrls.url)));
  const filter = where(crawlId, q);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(crawlUrls)
    .leftJoin(crawlPages, eq(crawlPages.urlId, crawlUrls.id))
    .leftJoin(crawlPageMetrics, and(eq(crawlPageMetrics.crawlId, crawlUrls.crawlId), eq(crawlPageMetrics.url, crawlUrls.url)))
    .where(filter);
  const dir = q.order === "desc" ? desc : asc;
  const rows = await base()
    .where(filter)
    .orderBy(sql`${dir(SORT[q.sort])} NULLS LAST`, asc(crawlUrls.id))
    .limit(Math.min(q.limit, 500))
    .offset(q.offset);
  return { total: count?.n ?? 0, rows: rows.map(toRow) };
}

/** Every page row of a crawl, in batches (memory stays bounded on large crawls). */
export async function* allPages(db: Database, crawlId: number, batch = 2000): AsyncGenerator<PageRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(crawlUrls)
      .leftJoin(crawlPages, eq(crawlPages.urlId, crawlUrls.id))
      .leftJoin(crawlPageMetrics, and(eq(crawlPageMetrics.crawlId, crawlUrls.crawlId), eq(crawlPageMetrics.url, crawlUrls.url)))
      .where(and(where(crawlId, { status: "all" }), gt(crawlUrls.id, after)))
      .orderBy(asc(crawlUrls.id))
      .limit(batch);
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.id);
    yield rows.map(toRow);
  }
}
