/**
 * Audit state (issue 3 "Crawler"): the audit, its frontier (every URL with status, depth and the
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

/** Lifecycle of an audit: queued → starting → running → finishing → done, or failed / cancelled. */
export type AuditStatus = "queued" | "starting" | "running" | "finishing" | "done" | "failed" | "cancelled";

/** Frontier phase: following links, then the sitemap-only URLs, then the audit. */
export type AuditPhase = "links" | "sitemap";

/** Frontier row status. `skipped`: left when max pages was reached or the audit was cancelled. */
export type AuditUrlStatus = "pending" | "claimed" | "done" | "blocked" | "skipped";

/** What a frontier URL is: an internal page, a sub-resource, or an external link target. */
export type AuditUrlKind = "page" | "resource" | "external";

/** One audit of a site. `settings` is a CrawlSettings (server/audit/settings.server.ts). */
export const audits = pgTable(
  "audits",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    visitorId: uuid("visitor_id").references(() => visitors.id, { onDelete: "set null" }),
    startUrl: text("start_url").notNull(),
    settings: jsonb("settings").notNull(),
    status: text("status").$type<AuditStatus>().notNull().default("queued"),
    phase: text("phase").$type<AuditPhase>().notNull().default("links"),
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
  (t) => [index("audits_project_idx").on(t.projectId, t.id), index("audits_visitor_idx").on(t.visitorId, t.id)],
);

/** The frontier and seen set: one row per URL of an audit, fetched at most once. */
export const auditUrls = pgTable(
  "audit_urls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    auditId: integer("audit_id")
      .notNull()
      .references(() => audits.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    kind: text("kind").$type<AuditUrlKind>().notNull(),
    status: text("status").$type<AuditUrlStatus>().notNull().default("pending"),
    /** Clicks from the start URL; null for URLs known only from the sitemap. */
    depth: integer("depth"),
    /** How it was found: start, link, redirect, canonical, hreflang, meta-refresh, sitemap, resource. */
    source: text("source").notNull(),
    /**
     * Breadth-first position (issue 16.2): the start URL is [], a URL found as the i-th discovery of
     * a page with key k gets k || i (the smallest such key wins). Its length is the hop level; pages
     * are claimed level by level in key order, so a page limit cuts the same URLs every time.
     * Null for sitemap-only URLs (claimed last, in sitemap order).
     */
    orderKey: integer("order_key").array(),
    claimedBy: text("claimed_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("audit_urls_url_idx").on(t.auditId, t.url), index("audit_urls_frontier_idx").on(t.auditId, t.status, t.depth, t.id)],
);

/** The fetch result of a page URL (internal HTML or not, redirects included: one row per hop). */
export const auditPages = pgTable(
  "audit_pages",
  {
    urlId: bigint("url_id", { mode: "number" })
      .primaryKey()
      .references(() => auditUrls.id, { onDelete: "cascade" }),
    auditId: integer("audit_id").notNull(),
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
  (t) => [index("audit_pages_audit_idx").on(t.auditId, t.urlId)],
);

/** The fetch result of a sub-resource or an external link target. */
export const auditResources = pgTable(
  "audit_resources",
  {
    urlId: bigint("url_id", { mode: "number" })
      .primaryKey()
      .references(() => auditUrls.id, { onDelete: "cascade" }),
    auditId: integer("audit_id").notNull(),
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
  (t) => [index("audit_resources_audit_idx").on(t.auditId, t.urlId)],
);

/** Link edges from crawled pages (anchors, canonical, hreflang, meta refresh) and resource uses. */
export const auditLinks = pgTable(
  "audit_links",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    auditId: integer("audit_id").notNull(),
    fromUrlId: bigint("from_url_id", { mode: "number" })
      .notNull()
      .references(() => auditUrls.id, { onDelete: "cascade" }),
    toUrl: text("to_url").notNull(),
    /** AuditLinkType, or "resource" for a sub-resource use (then `rel` holds its kind). */
    type: text("type").notNull(),
    anchor: text("anchor").notNull().default(""),
    rel: text("rel").notNull().default(""),
    internal: boolean("internal").notNull(),
  },
  (t) => [index("audit_links_from_idx").on(t.auditId, t.fromUrlId), index("audit_links_to_idx").on(t.auditId, t.toUrl)],
);

/** URLs listed in the audit's sitemaps. */
export const auditSitemapEntries = pgTable(
  "audit_sitemap_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    auditId: integer("audit_id")
      .notNull()
      .references(() => audits.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    sitemap: text("sitemap").notNull(),
    lastmod: text("lastmod"),
  },
  (t) => [index("audit_sitemap_entries_idx").on(t.auditId, t.url)],
);

/** One occurrence of an issue of a finished audit: check × URL, with the evidence in `details`. */
export const auditIssues = pgTable(
  "audit_issues",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    auditId: integer("audit_id")
      .notNull()
      .references(() => audits.id, { onDelete: "cascade" }),
    check: text("check").notNull(),
    category: text("category").notNull(),
    severity: text("severity").notNull(),
    url: text("url").notNull(),
    /** { message, evidence? }. */
    details: jsonb("details").notNull(),
  },
  (t) => [index("audit_issues_audit_idx").on(t.auditId, t.check), index("audit_issues_url_idx").on(t.auditId, t.url)],
);

/** Scheduled repeat audits of a project (pg-boss schedule key `audit-schedule:<projectId>`). */
export const auditSchedules = pgTable("audit_schedules", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  /** daily | weekly | monthly. */
  frequency: text("frequency").notNull(),
  /** CrawlSettings used for each run. */
  settings: jsonb("settings").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Link-graph metrics of each page of a finished audit (PageMetrics of the audit). */
export const auditPageMetrics = pgTable(
  "audit_page_metrics",
  {
    auditId: integer("audit_id")
      .notNull()
      .references(() => audits.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    inlinks: integer("inlinks").notNull(),
    outlinks: integer("outlinks").notNull(),
    /** Internal PageRank scaled 0-100. */
    linkScore: smallint("link_score").notNull(),
    indexable: boolean("indexable").notNull(),
  },
  (t) => [primaryKey({ columns: [t.auditId, t.url] })],
);
