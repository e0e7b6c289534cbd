/**
 * Crawl state (issue 3 "Crawler"): the crawl, its frontier (every URL with status, depth and the
 * worker that claimed it), results per page and per resource, link edges, sitemap entries and
 * the issues of the finished audit. Workers claim frontier rows with FOR UPDATE SKIP LOCKED.
 */
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { projects, visitors } from "./core.server.ts";

/** Lifecycle of a crawl: queued → starting → running → finishing → done, or failed / cancelled. */
export type CrawlStatus = "queued" | "starting" | "running" | "finishing" | "done" | "failed" | "cancelled";

/** Frontier phase: following links, then the sitemap-only URLs, then the audit. */
export type CrawlPhase = "links" | "sitemap";

/** Frontier row status. `skipped`: left when max pages was reached or the crawl was cancelled. */
export type CrawlUrlStatus = "pending" | "claimed" | "done" | "blocked" | "skipped";

/** What a frontier URL is: an internal page, a sub-resource, or an external link target. */
export type CrawlUrlKind = "page" | "resource" | "external";

/** One crawl of a site. `settings` is a CrawlSettings (server/crawler/settings.server.ts). */
export const crawls = pgTable(
  "crawls",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    visitorId: uuid("visitor_id").references(() => visitors.id, { onDelete: "set null" }),
    startUrl: text("start_url").notNull(),
    settings: jsonb("settings").notNull(),
    status: text("status").$type<CrawlStatus>().notNull().default("queued"),
    phase: text("phase").$type<CrawlPhase>().notNull().default("links"),
    /** Page URLs handed to workers so far (bounded by settings.maxPages). */
    pagesClaimed: integer("pages_claimed").notNull().default(0),
    /** robots.txt of the start origin as found (RobotsTxtInfo plus its body). */
    robots: jsonb("robots"),
    /** Sitemap files read (SitemapFile[]). */
    sitemaps: jsonb("sitemaps"),
    healthScore: smallint("health_score"),
    /** SiteAuditSummary of the finished audit. */
    summary: jsonb("summary"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("crawls_project_idx").on(t.projectId, t.id), index("crawls_visitor_idx").on(t.visitorId, t.id)],
);

/** The frontier and seen set: one row per URL of a crawl, fetched at most once. */
export const crawlUrls = pgTable(
  "crawl_urls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    crawlId: integer("crawl_id")
      .notNull()
      .references(() => crawls.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    kind: text("kind").$type<CrawlUrlKind>().notNull(),
    status: text("status").$type<CrawlUrlStatus>().notNull().default("pending"),
    /** Clicks from the start URL; null for URLs known only from the sitemap. */
    depth: integer("depth"),
    /** How it was found: start, link, redirect, canonical, hreflang, meta-refresh, sitemap, resource. */
    source: text("source").notNull(),
    claimedBy: text("claimed_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("crawl_urls_url_idx").on(t.crawlId, t.url), index("crawl_urls_frontier_idx").on(t.crawlId, t.status, t.depth, t.id)],
);

/** The fetch result of a page URL (internal HTML or not, redirects included: one row per hop). */
export const crawlPages = pgTable(
  "crawl_pages",
  {
    urlId: bigint("url_id", { mode: "number" })
      .primaryKey()
      .references(() => crawlUrls.id, { onDelete: "cascade" }),
    crawlId: integer("crawl_id").notNull(),
    url: text("url").notNull(),
    /** Null when the fetch failed (see `error`). */
    statusCode: smallint("status_code"),
    error: text("error"),
    /** Normalised Location of a 3xx. */
    location: text("location"),
    contentType: text("content_type"),
    /** { ttfbMs, totalMs } of the response. */
    timings: jsonb("timings"),
    bytesWire: integer("bytes_wire"),
    bytesBody: integer("bytes_body").notNull().default(0),
    /** AuditHeaders (the headers the checks read). */
    headers: jsonb("headers").notNull(),
    /** AuditPageFacts of an HTML 2xx page. */
    facts: jsonb("facts"),
    /** PageFinding[] of the page-level checks. */
    findings: jsonb("findings").notNull(),
    /** RenderDiff when rendering was on. */
    render: jsonb("render"),
    attempts: smallint("attempts").notNull().default(1),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("crawl_pages_crawl_idx").on(t.crawlId, t.urlId)],
);

/** The fetch result of a sub-resource or an external link target. */
export const crawlResources = pgTable(
  "crawl_resources",
  {
    urlId: bigint("url_id", { mode: "number" })
      .primaryKey()
      .references(() => crawlUrls.id, { onDelete: "cascade" }),
    crawlId: integer("crawl_id").notNull(),
    url: text("url").notNull(),
    /** AuditResourceKind. */
    kind: text("kind").notNull(),
    statusCode: smallint("status_code"),
    error: text("error"),
    location: text("location"),
    contentType: text("content_type"),
    bytes: integer("bytes"),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("crawl_resources_crawl_idx").on(t.crawlId, t.urlId)],
);

/** Link edges from crawled pages (anchors, canonical, hreflang, meta refresh) and resource uses. */
export const crawlLinks = pgTable(
  "crawl_links",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    crawlId: integer("crawl_id").notNull(),
    fromUrlId: bigint("from_url_id", { mode: "number" })
      .notNull()
      .references(() => crawlUrls.id, { onDelete: "cascade" }),
    toUrl: text("to_url").notNull(),
    /** AuditLinkType, or "resource" for a sub-resource use (then `rel` holds its kind). */
    type: text("type").notNull(),
    anchor: text("anchor").notNull().default(""),
    rel: text("rel").notNull().default(""),
    internal: boolean("internal").notNull(),
  },
  (t) => [index("crawl_links_from_idx").on(t.crawlId, t.fromUrlId), index("crawl_links_to_idx").on(t.crawlId, t.toUrl)],
);

/** URLs listed in the crawl's sitemaps. */
export const crawlSitemapEntries = pgTable(
  "crawl_sitemap_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    crawlId: integer("crawl_id")
      .notNull()
      .references(() => crawls.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    sitemap: text("sitemap").notNull(),
    lastmod: text("lastmod"),
  },
  (t) => [index("crawl_sitemap_entries_idx").on(t.crawlId, t.url)],
);

/** One occurrence of an issue of a finished crawl: check × URL, with the evidence in `details`. */
export const crawlIssues = pgTable(
  "crawl_issues",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    crawlId: integer("crawl_id")
      .notNull()
      .references(() => crawls.id, { onDelete: "cascade" }),
    check: text("check").notNull(),
    category: text("category").notNull(),
    severity: text("severity").notNull(),
    url: text("url").notNull(),
    /** { message, evidence? }. */
    details: jsonb("details").notNull(),
  },
  (t) => [index("crawl_issues_crawl_idx").on(t.crawlId, t.check), index("crawl_issues_url_idx").on(t.crawlId, t.url)],
);

/** Scheduled re-crawls of a project (pg-boss schedule key `crawl-schedule:<projectId>`). */
export const crawlSchedules = pgTable("crawl_schedules", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  /** daily | weekly | monthly. */
  frequency: text("frequency").notNull(),
  /** CrawlSettings used for each run. */
  settings: jsonb("settings").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Link-graph metrics of each page of a finished crawl (PageMetrics of the audit). */
export const crawlPageMetrics = pgTable(
  "crawl_page_metrics",
  {
    crawlId: integer("crawl_id")
      .notNull()
      .references(() => crawls.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    inlinks: integer("inlinks").notNull(),
    outlinks: integer("outlinks").notNull(),
    /** Internal PageRank scaled 0-100. */
    linkScore: smallint("link_score").notNull(),
    indexable: boolean("indexable").notNull(),
  },
  (t) => [primaryKey({ columns: [t.crawlId, t.url] })],
);
