/**
 * Where a crawl keeps its state (issue 14.1): the frontier, the fetch results, the sitemap
 * entries and the finished audit. Two implementations behind this one interface:
 * - `dbCrawlStore` (db-store.server.ts): PostgreSQL or PGlite, shared by any number of workers in
 *   any number of processes (claims with leases, resumable after a crash);
 * - `MemoryCrawlStore` (memory-store.server.ts): one worker in one process, no database at all,
 *   for one-shot CLI audits.
 * The crawl (crawl.server.ts) and its end (finalize-crawl.server.ts) only talk to this interface,
 * so both stores give the same report for the same site.
 */
import type { SiteAuditInput, SiteAuditResult, SitemapFile } from "../audit/model.ts";
import type { AuditLimit } from "../audit/limit.ts";
import type { AuditUrlKind, auditPages, auditResources } from "../db/schema.server.ts";
import type { RobotsRules } from "./robots.server.ts";

/** A frontier row handed to a worker. `key`: its breadth-first position (see audit_urls.order_key). */
export interface ClaimedUrl {
  id: number;
  url: string;
  kind: AuditUrlKind;
  depth: number | null;
  source: string;
  key: number[] | null;
}

/**
 * A URL to add to the frontier. `depth` null: known from the sitemap only. `key` is its
 * breadth-first position (the finder's key plus its discovery index); null for sitemap-only URLs.
 */
export interface NewUrl {
  url: string;
  kind: AuditUrlKind;
  depth: number | null;
  source: string;
  key?: number[] | null;
}

/** A link edge or resource use to store (see audit_links). */
export interface NewLink {
  toUrl: string;
  type: string;
  anchor: string;
  rel: string;
  internal: boolean;
}

/** The fetch result of a page URL as stored (see audit_pages). */
export type StoredPage = Omit<typeof auditPages.$inferInsert, "urlId" | "auditId">;
/** The fetch result of a resource or external link as stored (see audit_resources). */
export type StoredResource = Omit<typeof auditResources.$inferInsert, "urlId" | "auditId">;

/** The stored outcome of one claimed URL. */
export interface UrlResult {
  urlId: number;
  /** "blocked": disallowed by robots.txt, nothing fetched. */
  status: "done" | "blocked";
  page?: StoredPage;
  resource?: StoredResource;
  links: NewLink[];
  discovered: NewUrl[];
}

/** robots.txt as stored on the crawl (re-parsed by every worker). */
export interface StoredRobots {
  url: string;
  statusCode: number | null;
  state: RobotsRules["state"];
  body: string;
  sitemaps: string[];
}

/** A URL listed in a sitemap (normalised), with the sitemap that listed it. */
export interface SitemapEntry {
  url: string;
  sitemap: string;
  lastmod: string | null;
}

/** The crawl's own row: what workers read to decide what to do. */
export interface CrawlRow {
  startUrl: string;
  /** queued, starting, running, finishing, done, failed, cancelled. */
  status: string;
  /** "links" while following links, "sitemap" once sitemap-only URLs were queued. */
  phase: string;
  settings: unknown;
  /** Page rows handed out so far (the page limit counts these). */
  pagesClaimed: number;
  robots: unknown;
  error: string | null;
}

/** Frontier counts for the idle test. `liveClaims`: claims within their lease. */
export interface FrontierState {
  pending: number;
  pendingPages: number;
  liveClaims: number;
  /** Claimed rows whose lease ran out (their worker died): the next claim takes them over. */
  expiredClaims: boolean;
}

/** The state of one crawl, read and written by its workers. Every method is one atomic step. */
export interface CrawlStore {
  /** The crawl row, or null when it does not exist. */
  load(): Promise<CrawlRow | null>;
  /** queued (or a start older than `leaseMs`) → starting; returns the start URL when this caller won. */
  beginStart(leaseMs: number): Promise<string | null>;
  /** starting → running. */
  markRunning(): Promise<void>;
  /** Ends the crawl failed with `message` unless it already finished. */
  fail(message: string): Promise<void>;
  saveRobots(robots: StoredRobots): Promise<void>;
  /** Forgets sitemap entries of an earlier, interrupted start. */
  clearSitemapEntries(): Promise<void>;
  addSitemapEntries(entries: readonly SitemapEntry[]): Promise<void>;
  saveSitemapFiles(files: SitemapFile[]): Promise<void>;
  /**
   * Claims up to `limit` frontier rows for `workerId` (see claimBatch in store.server.ts for the
   * order: pages level by level in breadth-first key order, within the page limit, then the rest).
   */
  claim(workerId: string, limit: number, leaseMs: number): Promise<ClaimedUrl[]>;
  /** Renews the lease of the rows `workerId` holds. */
  renew(workerId: string): Promise<void>;
  /** Records results of rows still claimed by `workerId` and queues what they discovered; returns how many were kept. */
  save(workerId: string, results: readonly UrlResult[]): Promise<number>;
  frontier(leaseMs: number): Promise<FrontierState>;
  /**
   * links → sitemap phase: queues the in-scope sitemap URLs not reached by links (depth null).
   * @returns false when another worker switched first.
   */
  queueSitemapUrls(isInternal: (url: string) => boolean): Promise<boolean>;
  /** running (or a finish older than the finish lease) → finishing; true when this caller won. */
  beginFinish(): Promise<boolean>;
  /** Marks what is left in the frontier skipped; returns the number of page URLs left. */
  skipRemaining(): Promise<number>;
  /** The site audit's input model of the crawl. */
  snapshot(): Promise<SiteAuditInput>;
  /** Stores the audit's issues, page metrics, score and summary, and ends the crawl done. */
  saveAudit(result: SiteAuditResult, limit: AuditLimit): Promise<void>;
}
