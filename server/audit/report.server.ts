/**
 * Read side of a crawl's audit for the /website-checker screens (issue 3): who may see a crawl,
 * its overview (health, summary, issues counted per check, change since the previous crawl), the
 * URLs affected by one check, and everything known about one page.
 */
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { crawlIssues, crawlLinks, crawlPageMetrics, crawlPages, crawlResources, crawlUrls, crawls, projects } from "../db/schema.server.ts";
import { AppError } from "../errors.server.ts";
import type { CrawlComparison } from "./compare.ts";
import { type CrawlRef, type IssueCount, compareStoredCrawls, issueCounts, toRef } from "./history.server.ts";
import type { AuditHeaders, AuditPageFacts, PageFinding, RenderDiff, Severity } from "./model.ts";
import { auditCatalogue } from "./run.ts";

/** Rows of lists (affected URLs, links) returned per request. */
export const PAGE_SIZE = 100;

/** A crawl the visitor may see, with its settings. */
export interface CrawlView extends CrawlRef {
  projectId: number | null;
  settings: Record<string, unknown>;
  error: string | null;
}

/** Overview of a crawl's audit. */
export interface CrawlOverview {
  crawl: CrawlView;
  issues: IssueCount[];
  comparison: CrawlComparison | null;
}

/** One affected URL of a check. */
export interface IssueUrl {
  url: string;
  message: string;
  evidence?: string;
}

/** A check with a page of its affected URLs. */
export interface IssueDetail {
  check: string;
  category: string;
  severity: Severity;
  title: string;
  why: string;
  fix: string;
  total: number;
  offset: number;
  /** Page size of `urls`. */
  limit: number;
  urls: IssueUrl[];
}

/** A link to or from a page. */
export interface PageLink {
  url: string;
  anchor: string;
  rel: string;
  type: string;
}

/** Everything known about one crawled URL (a page, or a sub-resource / external link target). */
export interface PageDetail {
  url: string;
  statusCode: number | null;
  error: string | null;
  location: string | null;
  contentType: string | null;
  timings: { ttfbMs: number; totalMs: number } | null;
  bytes: { wire: number | null; body: number };
  headers: AuditHeaders;
  depth: number | null;
  facts: AuditPageFacts | null;
  findings: PageFinding[];
  render: RenderDiff | null;
  metrics: { inlinks: number; outlinks: number; linkScore: number; indexable: boolean } | null;
  issues: { check: string; severity: Severity; title: string; message: string; evidence?: string }[];
  /** The first PAGE_SIZE links to the page, and how many there are. */
  incoming: PageLink[];
  incomingTotal: number;
  outgoing: PageLink[];
}

const SEVERITY_RANK: Record<string, number> = { error: 0, warning: 1, notice: 2 };

/**
 * Loads a crawl if `visitorId` started it or owns its project.
 * @throws AppError "not_found" otherwise.
 */
export async function getCrawlForVisitor(db: Database, visitorId: string | null, crawlId: number): Promise<CrawlView> {
  const [row] = await db
    .select({ crawl: crawls, owner: projects.visitorId })
    .from(crawls)
    .leftJoin(projects, eq(projects.id, crawls.projectId))
    .where(eq(crawls.id, crawlId));
  if (!row || !visitorId || (row.crawl.visitorId !== visitorId && row.owner !== visitorId))
    throw new AppError("not_found", "Crawl not found.", "crawl");
  const c = row.crawl;
  return { ...toRef(c), projectId: c.projectId, settings: (c.settings as Record<string, unknown>) ?? {}, error: c.error };
}

/** The finished crawl before `crawl` of the same project (or the same start URL and visitor without a project). */
async function previousCrawl(db: Database, crawl: CrawlView, visitorId: string): Promise<CrawlRef | null> {
  const owner =
    crawl.projectId !== null
      ? eq(crawls.projectId, crawl.projectId)
      : and(eq(crawls.startUrl, crawl.startUrl), eq(crawls.visitorId, visitorId));
  const [row] = await db
    .select()
    .from(crawls)
    .where(and(owner, eq(crawls.status, "done"), lt(crawls.id, crawl.id)))
    .orderBy(desc(crawls.id))
    .limit(1);
  return row ? toRef(row) : null;
}

/** The overview of a crawl the visitor may see. @throws AppError "not_found". */
export async function getCrawlOverview(db: Database, visitorId: string | null, crawlId: number): Promise<CrawlOverview> {
  const crawl = await getCrawlForVisitor(db, visitorId, crawlId);
  if (crawl.status !== "done") return { crawl, issues: [], comparison: null };
  const previous = await previousCrawl(db, crawl, visitorId!);
  return {
    crawl,
    issues: await issueCounts(db, crawl.id),
    comparison: previous ? await compareStoredCrawls(db, previous, crawl) : null,
  };
}

/** A page of the URLs affected by `check`. @throws AppError "not_found" for an unknown check or crawl. */
export async function getIssueDetail(
  db: Database,
  visitorId: string | null,
  crawlId: number,
  check: string,
  offset = 0,
): Promise<IssueDetail> {
  await getCrawlForVisitor(db, visitorId, crawlId);
  const entry = auditCatalogue().find((c) => c.id === check);
  if (!entry) throw new AppError("not_found", "Unknown check.", "check");
  const where = and(eq(crawlIssues.crawlId, crawlId), eq(crawlIssues.check, check));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(crawlIssues)
    .where(where);
  const rows = await db
    .select({ url: crawlIssues.url, details: crawlIssues.details })
    .from(crawlIssues)
    .where(where)
    .orderBy(asc(crawlIssues.id))
    .offset(offset)
    .limit(PAGE_SIZE);
  return {
    check,
    category: entry.category,
    severity: entry.severity,
    title: entry.title,
    why: entry.why,
    fix: entry.fix,
    total: Number(total),
    offset,
    limit: PAGE_SIZE,
    urls: rows.map((r) => ({ url: r.url, ...(r.details as { message: string; evidence?: string }) })),
  };
}

/** Everything known about `url` in a crawl. @throws AppError "not_found". */
export async function getPageDetail(db: Database, visitorId: string | null, crawlId: number, url: string): Promise<PageDetail> {
  await getCrawlForVisitor(db, visitorId, crawlId);
  const [row] = await db
    .select({ urlId: crawlUrls.id, depth: crawlUrls.depth, page: crawlPages })
    .from(crawlUrls)
    .leftJoin(crawlPages, eq(crawlPages.urlId, crawlUrls.id))
    .where(and(eq(crawlUrls.crawlId, crawlId), eq(crawlUrls.url, url)));
  if (!row) throw new AppError("not_found", "This URL is not part of the crawl.", "url");
  const [metrics] = await db
    .select({
      inlinks: crawlPageMetrics.inlinks,
      outlinks: crawlPageMetrics.outlinks,
      linkScore: crawlPageMetrics.linkScore,
      indexable: crawlPageMetrics.indexable,
    })
    .from(crawlPageMetrics)
    .where(and(eq(crawlPageMetrics.crawlId, crawlId), eq(crawlPageMetrics.url, url)));
  const catalogue = new Map(auditCatalogue().map((c) => [c.id, c]));
  const issueRows = await db
    .select({ check: crawlIssues.check, severity: crawlIssues.severity, details: crawlIssues.details })
    .from(crawlIssues)
    .where(and(eq(crawlIssues.crawlId, crawlId), eq(crawlIssues.url, url)));
  const toHere = and(eq(crawlLinks.crawlId, crawlId), eq(crawlLinks.toUrl, url), inArray(crawlLinks.type, ["anchor", "area", "svg"]));
  const incoming = await db
    .select({ url: crawlUrls.url, anchor: crawlLinks.anchor, rel: crawlLinks.rel, type: crawlLinks.type })
    .from(crawlLinks)
    .innerJoin(crawlUrls, eq(crawlUrls.id, crawlLinks.fromUrlId))
    .where(toHere)
    .orderBy(asc(crawlLinks.id))
    .limit(PAGE_SIZE);
  const [{ incomingTotal } = { incomingTotal: 0 }] = await db
    .select({ incomingTotal: sql<number>`count(*)::int` })
    .from(crawlLinks)
    .where(toHere);
  const outgoing = await db
    .select({ url: crawlLinks.toUrl, anchor: crawlLinks.anchor, rel: crawlLinks.rel, type: crawlLinks.type })
    .from(crawlLinks)
    .where(and(eq(crawlLinks.crawlId, crawlId), eq(crawlLinks.fromUrlId, row.urlId)))
    .orderBy(asc(crawlLinks.id))
    .limit(PAGE_SIZE * 3);
  const p = row.page;
  // A sub-resource or external link target has its result in crawl_resources instead.
  const [r] = p ? [] : await db.select().from(crawlResources).where(eq(crawlResources.urlId, row.urlId));
  return {
    url,
    statusCode: p?.statusCode ?? r?.statusCode ?? null,
    error: p?.error ?? r?.error ?? null,
    location: p?.location ?? r?.location ?? null,
    contentType: p?.contentType ?? r?.contentType ?? null,
    timings: (p?.timings as PageDetail["timings"]) ?? null,
    bytes: { wire: p?.bytesWire ?? null, body: p?.bytesBody ?? r?.bytes ?? 0 },
    headers: (p?.headers as AuditHeaders) ?? {},
    depth: row.depth,
    facts: (p?.facts as AuditPageFacts | null) ?? null,
    findings: (p?.findings as PageFinding[]) ?? [],
    render: (p?.render as RenderDiff | null) ?? null,
    metrics: metrics ?? null,
    issues: issueRows
      .map((r) => ({
        check: r.check,
        severity: r.severity as Severity,
        title: catalogue.get(r.check)?.title ?? r.check,
        ...(r.details as { message: string; evidence?: string }),
      }))
      .sort((a, b) => SEVERITY_RANK[a.severity]! - SEVERITY_RANK[b.severity]!),
    incoming,
    incomingTotal: Number(incomingTotal),
    outgoing,
  };
}

/** The visitor's most recent crawls (started by them or on their projects), newest first. */
export async function listCrawls(db: Database, visitorId: string | null, limit = 10): Promise<CrawlRef[]> {
  if (!visitorId) return [];
  const rows = await db
    .select({ crawl: crawls })
    .from(crawls)
    .leftJoin(projects, eq(projects.id, crawls.projectId))
    .where(or(eq(crawls.visitorId, visitorId), eq(projects.visitorId, visitorId)))
    .orderBy(desc(crawls.id))
    .limit(limit);
  return rows.map(({ crawl }) => toRef(crawl));
}
