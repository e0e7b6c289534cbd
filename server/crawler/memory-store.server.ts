/**
 * The crawl store in memory (issue 14.1): one worker in one process, no database, for one-shot
 * CLI audits. It follows the database store's rules exactly (claim order, page limit, the
 * smaller breadth-first key winning for a pending URL, ids given in URL order per batch, rows
 * read back in id order), so both stores give the same report for the same site; what it drops
 * is only what a single worker does not need: leases and locks. Of a page's facts it keeps only
 * what the site audit reads ({@link siteCheckFacts}): page-level checks ran at extraction.
 */
import type { SiteAuditInput, SiteAuditResult, SitemapFile } from "../audit/model.ts";
import type { AuditLimit } from "../audit/limit.ts";
import { type CrawlSettings, crawlSettingsSchema } from "../audit/settings.server.ts";
import type { AuditUrlKind, AuditUrlStatus } from "../db/schema.server.ts";
import type { ClaimedUrl, CrawlRow, CrawlStore, NewUrl, SitemapEntry, StoredRobots, UrlResult } from "./crawl-store.ts";
import { compareKeys, dedupeUrls } from "./frontier.ts";
import { type Hop, type PageRecord, buildSnapshot, interner, siteCheckFacts } from "./snapshot-build.ts";

interface UrlRow {
  id: number;
  url: string;
  kind: AuditUrlKind;
  status: AuditUrlStatus;
  depth: number | null;
  source: string;
  key: number[] | null;
}

interface LinkRow {
  from: number;
  to: string;
  type: string;
  anchor: string;
  rel: string;
  internal: boolean;
}

type ResourceRow = Hop & { url: string; kind: string; bytes: number | null; contentType: string | null };

/** Frontier order within a kind: breadth-first key (null last), then id. */
const byKey = (a: UrlRow, b: UrlRow) => compareKeys(a.key, b.key) || a.id - b.id;

/**
 * Pending rows of one claim group in frontier order, sorted only when rows were added since the
 * last claim (a level's keys are final when its claims start, so that is about once per level).
 * A row whose key moved it to another group stays here as a stale entry and is skipped.
 */
class PendingQueue {
  private rows: UrlRow[] = [];
  private sorted = true;
  /** Live pending rows of the group. */
  size = 0;

  private readonly belongs: (r: UrlRow) => boolean;

  /** `belongs`: whether a row (its key may have changed) is still of this group. */
  constructor(belongs: (r: UrlRow) => boolean) {
    this.belongs = belongs;
  }

  push(r: UrlRow): void {
    this.rows.push(r);
    this.sorted = false;
    this.size++;
  }

  /** Forgets every row. */
  clear(): void {
    this.rows = [];
    this.size = 0;
  }

  /** A live row's key changed within the group: its place may have too. */
  reorder(): void {
    this.sorted = false;
  }

  /** Takes up to `n` live rows in frontier order and marks them claimed. */
  take(n: number): UrlRow[] {
    if (n <= 0 || this.size === 0) return [];
    if (!this.sorted) {
      this.rows = [...new Set(this.rows.filter((r) => r.status === "pending" && this.belongs(r)))].sort(byKey);
      this.sorted = true;
    }
    const out: UrlRow[] = [];
    let i = 0;
    for (; i < this.rows.length && out.length < n; i++) {
      const r = this.rows[i]!;
      if (r.status !== "pending" || !this.belongs(r)) continue;
      r.status = "claimed";
      out.push(r);
    }
    this.rows = this.rows.slice(i);
    this.size -= out.length;
    return out;
  }
}

/** Claim group of a page row: its breadth-first level, null for sitemap-only pages. */
const levelOf = (r: UrlRow) => (r.key === null ? null : r.key.length);

/** A crawl held in this process's memory. Read the audit's result with {@link MemoryCrawlStore.result}. */
export class MemoryCrawlStore implements CrawlStore {
  private row: CrawlRow & { sitemaps: SitemapFile[] | null; healthScore: number | null };
  private readonly settings: CrawlSettings;
  private readonly urls = new Map<string, UrlRow>();
  /** Pending page rows by level (null: sitemap-only), and the pending rows of other kinds. */
  private readonly levels = new Map<number | null, PendingQueue>();
  private readonly others = new PendingQueue(() => true);
  /** Claimed page rows per breadth-first level (cardinality of the key). */
  private readonly claimedLevels = new Map<number, number>();
  /** Rows handed out and not yet recorded, by id. */
  private readonly claimed = new Map<number, UrlRow>();
  private nextId = 1;
  private readonly pages = new Map<number, PageRecord>();
  private readonly resources = new Map<number, ResourceRow>();
  private readonly links: LinkRow[] = [];
  /** One instance per distinct anchor text and link target outside the frontier. */
  private readonly intern = interner();
  private sitemapEntries: SitemapEntry[] = [];
  private audit: SiteAuditResult | null = null;

  /** A queued crawl of `startUrl` (validated settings), its start URL in the frontier. */
  constructor(startUrl: string, settings: CrawlSettings) {
    this.settings = crawlSettingsSchema.parse(settings);
    this.row = {
      startUrl,
      status: "queued",
      phase: "links",
      settings: this.settings,
      pagesClaimed: 0,
      robots: null,
      error: null,
      sitemaps: null,
      healthScore: null,
    };
    this.enqueue([{ url: startUrl, kind: "page", depth: 0, source: "start", key: [] }]);
  }

  /** The finished audit: its result, limit and health score; null before the audit ran. */
  result(): { audit: SiteAuditResult; status: string; error: string | null } | null {
    return this.audit ? { audit: this.audit, status: this.row.status, error: this.row.error } : null;
  }

  load() {
    return Promise.resolve({ ...this.row });
  }

  beginStart() {
    if (this.row.status !== "queued") return Promise.resolve(null);
    this.row.status = "starting";
    return Promise.resolve(this.row.startUrl);
  }

  markRunning() {
    if (this.row.status === "starting") this.row.status = "running";
    return Promise.resolve();
  }

  fail(message: string) {
    if (!["done", "failed", "cancelled"].includes(this.row.status)) Object.assign(this.row, { status: "failed", error: message });
    return Promise.resolve();
  }

  saveRobots(robots: StoredRobots) {
    this.row.robots = robots;
    return Promise.resolve();
  }

  clearSitemapEntries() {
    this.sitemapEntries = [];
    return Promise.resolve();
  }

  addSitemapEntries(entries: readonly SitemapEntry[]) {
    this.sitemapEntries.push(...entries);
    return Promise.resolve();
  }

  saveSitemapFiles(files: SitemapFile[]) {
    this.row.sitemaps = files;
    return Promise.resolve();
  }

  claim(_workerId: string, limit: number): Promise<ClaimedUrl[]> {
    if (this.row.status !== "running") return Promise.resolve([]);
    const room = Math.max(0, this.settings.maxPages - this.row.pagesClaimed);
    // Pages of the lowest breadth-first level still pending or being fetched (sitemap-only pages last).
    let lowest: number | null = null;
    for (const [level, n] of this.claimedLevels) if (n > 0 && (lowest === null || level < lowest)) lowest = level;
    for (const [level, q] of this.levels) if (level !== null && q.size > 0 && (lowest === null || level < lowest)) lowest = level;
    const pages = this.levels.get(lowest)?.take(Math.min(limit, room)) ?? [];
    const others = this.others.take(limit - pages.length);
    this.row.pagesClaimed += pages.length;
    for (const r of [...pages, ...others]) this.claimed.set(r.id, r);
    for (const r of pages) if (r.key !== null) this.claimedLevels.set(r.key.length, (this.claimedLevels.get(r.key.length) ?? 0) + 1);
    return Promise.resolve([...pages, ...others].map(({ id, url, kind, depth, source, key }) => ({ id, url, kind, depth, source, key })));
  }

  /** Queues a pending row in its claim group. */
  private queue(r: UrlRow): void {
    if (r.kind !== "page") return this.others.push(r);
    const level = levelOf(r);
    let q = this.levels.get(level);
    if (!q) this.levels.set(level, (q = new PendingQueue((x) => levelOf(x) === level)));
    q.push(r);
  }

  renew() {
    return Promise.resolve();
  }

  save(_workerId: string, results: readonly UrlResult[]): Promise<number> {
    const kept = results.filter((r) => this.claimed.has(r.urlId));
    for (const r of kept) {
      const row = this.claimed.get(r.urlId)!;
      this.claimed.delete(r.urlId);
      row.status = r.status;
      if (row.kind === "page" && row.key !== null) this.claimedLevels.set(row.key.length, this.claimedLevels.get(row.key.length)! - 1);
      if (r.page && !this.pages.has(r.urlId)) {
        const p = r.page;
        this.pages.set(r.urlId, {
          statusCode: p.statusCode ?? null,
          error: p.error ?? null,
          location: p.location ?? null,
          contentType: p.contentType ?? null,
          timings: p.timings ?? null,
          bytesWire: p.bytesWire ?? null,
          bytesBody: p.bytesBody ?? 0,
          headers: p.headers,
          // Only what the site audit reads (page-level checks already ran): the rest is garbage now.
          facts: siteCheckFacts(p.facts ?? null),
          findings: p.findings,
          render: p.render ?? null,
        });
      }
      if (r.resource && !this.resources.has(r.urlId)) {
        const x = r.resource;
        this.resources.set(r.urlId, {
          url: x.url,
          kind: x.kind,
          statusCode: x.statusCode ?? null,
          error: x.error ?? null,
          location: x.location ?? null,
          contentType: x.contentType ?? null,
          bytes: x.bytes ?? null,
        });
      }
    }
    this.enqueue(kept.flatMap((r) => r.discovered));
    // After the enqueue, so that a link target in the frontier shares its row's URL string.
    for (const r of kept)
      for (const l of r.links)
        this.links.push({
          from: r.urlId,
          to: this.urls.get(l.toUrl)?.url ?? this.intern(l.toUrl),
          type: this.intern(l.type),
          anchor: this.intern(l.anchor),
          rel: l.rel,
          internal: l.internal,
        });
    return Promise.resolve(kept.length);
  }

  /** Adds URLs with the database store's rule: a pending URL of the same kind takes a smaller key (and depth). */
  private enqueue(urls: readonly NewUrl[]): void {
    for (const u of dedupeUrls(urls)) {
      const known = this.urls.get(u.url);
      const key = u.key ?? null;
      if (!known) {
        const row: UrlRow = { id: this.nextId++, url: u.url, kind: u.kind, status: "pending", depth: u.depth, source: u.source, key };
        this.urls.set(u.url, row);
        this.queue(row);
      } else if (
        known.status === "pending" &&
        known.kind === u.kind &&
        key !== null &&
        (known.key === null || compareKeys(key, known.key) < 0)
      ) {
        const from = known.kind === "page" ? this.levels.get(levelOf(known))! : this.others;
        const moves = known.kind === "page" && levelOf(known) !== key.length;
        known.key = key;
        if (moves) {
          from.size--;
          this.queue(known);
        } else from.reorder();
        known.depth = known.depth === null ? u.depth : u.depth === null ? known.depth : Math.min(known.depth, u.depth);
        known.source = u.source;
      }
    }
  }

  frontier() {
    let pendingPages = 0;
    for (const q of this.levels.values()) pendingPages += q.size;
    return Promise.resolve({
      pending: pendingPages + this.others.size,
      pendingPages,
      liveClaims: this.claimed.size,
      expiredClaims: false,
    });
  }

  queueSitemapUrls(isInternal: (url: string) => boolean): Promise<boolean> {
    if (this.row.phase !== "links") return Promise.resolve(false);
    this.row.phase = "sitemap";
    for (const e of this.sitemapEntries) {
      if (!isInternal(e.url) || this.urls.has(e.url)) continue;
      const row: UrlRow = { id: this.nextId++, url: e.url, kind: "page", status: "pending", depth: null, source: "sitemap", key: null };
      this.urls.set(e.url, row);
      this.queue(row);
    }
    return Promise.resolve(true);
  }

  beginFinish() {
    if (this.row.status !== "running") return Promise.resolve(false);
    this.row.status = "finishing";
    return Promise.resolve(true);
  }

  skipRemaining() {
    let pages = 0;
    for (const r of this.urls.values()) {
      if (r.status !== "pending" && r.status !== "claimed") continue;
      r.status = "skipped";
      if (r.kind === "page") pages++;
    }
    this.levels.clear();
    this.others.clear();
    this.claimed.clear();
    return Promise.resolve(pages);
  }

  /** Rows of the crawl in id order (the Map keeps insertion order, and ids grow with it). */
  private rows(): UrlRow[] {
    return [...this.urls.values()];
  }

  snapshot(): Promise<SiteAuditInput> {
    const hops = new Map<string, Hop>();
    const rows = this.rows();
    for (const r of rows) {
      const p = this.pages.get(r.id);
      if (p) hops.set(r.url, { statusCode: p.statusCode, location: p.location, error: p.error });
    }
    for (const [, x] of this.resources) hops.set(x.url, { statusCode: x.statusCode, location: x.location, error: x.error });
    return Promise.resolve(
      buildSnapshot({
        startUrl: this.row.startUrl,
        settings: this.settings,
        robots: this.row.robots as StoredRobots | null,
        sitemaps: this.row.sitemaps,
        hops,
        pages: rows
          .filter((r) => r.kind === "page" && (r.status === "done" || r.status === "blocked"))
          .map((r) => ({ id: r.id, url: r.url, status: r.status, depth: r.depth, page: this.pages.get(r.id) ?? null })),
        links: this.links,
        resources: rows.filter((r) => this.resources.has(r.id) && r.source !== "redirect").map((r) => this.resources.get(r.id)!),
        sitemapEntries: this.sitemapEntries,
      }),
    );
  }

  saveAudit(result: SiteAuditResult, limit: AuditLimit) {
    this.audit = result;
    Object.assign(this.row, {
      status: "done",
      healthScore: result.healthScore,
      summary: { ...result.summary, pages: result.pages.length, limit },
    });
    return Promise.resolve();
  }

  /**
   * The crawled page URLs (done or blocked) in id order with the stored fetch of each (null when blocked;
   * facts limited to SITE_CHECK_FACT_FIELDS). For reports built without a database.
   */
  crawledPages(): { url: string; depth: number | null; status: AuditUrlStatus; page: PageRecord | null }[] {
    return this.rows()
      .filter((r) => r.kind === "page" && (r.status === "done" || r.status === "blocked"))
      .map((r) => ({ url: r.url, depth: r.depth, status: r.status, page: this.pages.get(r.id) ?? null }));
  }
}
