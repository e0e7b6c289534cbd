/**
 * Joins a crawl's stored rows into the site audit's input model (server/audit/model.ts), whichever
 * store they come from. Each frontier URL was fetched once, one hop at a time; here redirect hops
 * are joined back into chains: a page that redirects gets its hops, its final URL and the final
 * status (its facts stay on the target's own page record). Pure.
 */
import type {
  AuditHeaders,
  AuditLink,
  AuditLinkType,
  AuditPage,
  AuditPageFacts,
  AuditResource,
  AuditResourceKind,
  PageFinding,
  RedirectHop,
  RenderDiff,
  SiteAuditInput,
  SitemapFile,
} from "../audit/model.ts";
import { SITE_CHECK_FACT_FIELDS } from "../audit/model.ts";
import type { CrawlSettings } from "../audit/settings.server.ts";
import type { SitemapEntry, StoredRobots } from "./crawl-store.ts";

/** Redirects followed in a chain before it is reported as too long (as browsers do). */
export const MAX_CHAIN = 10;

/** One fetched hop: its status (null: failed), its normalised Location, its error. */
export interface Hop {
  statusCode: number | null;
  location: string | null;
  error: string | null;
}

/** Follows `url` through the recorded hops. */
export function followChain(
  url: string,
  hops: Map<string, Hop>,
): { redirects: RedirectHop[]; finalUrl: string; statusCode: number | null; error: string | null } {
  const redirects: RedirectHop[] = [];
  const seen = new Set<string>([url]);
  let current = url;
  for (;;) {
    const hop = hops.get(current);
    if (!hop)
      return {
        redirects,
        finalUrl: current,
        statusCode: null,
        error: redirects.length > 0 ? "redirect target not crawled" : "not fetched",
      };
    if (hop.location === null || hop.statusCode === null)
      return { redirects, finalUrl: current, statusCode: hop.statusCode, error: hop.error };
    redirects.push({ url: current, statusCode: hop.statusCode, location: hop.location });
    if (seen.has(hop.location)) return { redirects, finalUrl: hop.location, statusCode: null, error: "redirect loop" };
    if (redirects.length >= MAX_CHAIN) return { redirects, finalUrl: hop.location, statusCode: null, error: "too many redirects" };
    seen.add(hop.location);
    current = hop.location;
  }
}

/**
 * The facts the site audit reads (issue 14.1, "load only the facts each check needs"): the
 * {@link SITE_CHECK_FACT_FIELDS} of stored page facts, or null. Page-level checks ran when the page
 * was extracted, so the crawl keeps and the snapshot loads only these.
 */
export function siteCheckFacts(facts: unknown): AuditPageFacts | null {
  if (facts === null || typeof facts !== "object") return null;
  const all = facts as Record<string, unknown>;
  const lean: Record<string, unknown> = {};
  for (const k of SITE_CHECK_FACT_FIELDS) lean[k] = all[k];
  return lean as unknown as AuditPageFacts;
}

/**
 * Interns strings (issue 14.1): equal strings read from different rows (link targets, anchors)
 * become one instance. Returns the intern function; the table lives as long as it does.
 */
export function interner(): (s: string) => string {
  const table = new Map<string, string>();
  return (s) => {
    const known = table.get(s);
    if (known !== undefined) return known;
    table.set(s, s);
    return s;
  };
}

/** A stored page fetch (audit_pages), every column present. */
export interface PageRecord extends Hop {
  contentType: string | null;
  timings: unknown;
  bytesWire: number | null;
  bytesBody: number;
  headers: unknown;
  facts: unknown;
  findings: unknown;
  render: unknown;
}

/** The stored rows of a crawl, each list in its store's insertion order. */
export interface SnapshotParts {
  startUrl: string;
  settings: CrawlSettings;
  robots: StoredRobots | null;
  sitemaps: SitemapFile[] | null;
  /** Every fetched page and resource hop by URL. */
  hops: Map<string, Hop>;
  /** Page URLs done or blocked, in frontier id order, with their fetch (null when blocked). */
  pages: { id: number; url: string; status: string; depth: number | null; page: PageRecord | null }[];
  /** Link edges in recording order; `from` is the frontier id of the page. */
  links: Iterable<{ from: number; to: string; type: string; anchor: string; rel: string; internal: boolean }>;
  /** Resource and external-link fetches not reached by a redirect, in frontier id order. */
  resources: (Hop & { url: string; kind: string; bytes: number | null; contentType: string | null })[];
  sitemapEntries: SitemapEntry[];
}

/** Builds the audit input of a crawl from its stored rows. */
export function buildSnapshot(parts: SnapshotParts): SiteAuditInput {
  const { hops, settings } = parts;
  const inSitemap = new Set(parts.sitemapEntries.map((e) => e.url));
  const urlById = new Map<number, string>();
  const pages: AuditPage[] = parts.pages.map((r) => {
    urlById.set(r.id, r.url);
    const p = r.page;
    const base = { url: r.url, depth: r.depth, inSitemap: inSitemap.has(r.url) };
    if (r.status === "blocked" || !p) {
      return {
        ...base,
        finalUrl: r.url,
        statusCode: null,
        redirects: [],
        contentType: null,
        timings: null,
        bytes: { wire: null, body: 0 },
        headers: {},
        robotsBlocked: r.status === "blocked",
        facts: null,
        findings: [],
      };
    }
    const chain = p.location ? followChain(r.url, hops) : null;
    const error = chain ? chain.error : p.error;
    return {
      ...base,
      finalUrl: chain?.finalUrl ?? r.url,
      statusCode: chain ? chain.statusCode : p.statusCode,
      ...(error ? { fetchError: error } : {}),
      redirects: chain?.redirects ?? [],
      contentType: p.contentType,
      timings: (p.timings as { ttfbMs: number; totalMs: number } | null) ?? null,
      bytes: { wire: p.bytesWire, body: p.bytesBody },
      headers: p.headers as AuditHeaders,
      robotsBlocked: false,
      facts: (p.facts as AuditPageFacts | null) ?? null,
      findings: p.findings as PageFinding[],
      ...(p.render ? { render: p.render as RenderDiff } : {}),
    };
  });

  const links: AuditLink[] = [];
  const usedBy = new Map<string, string[]>();
  for (const l of parts.links) {
    const from = urlById.get(l.from);
    if (!from) continue;
    if (l.type === "resource" || (!l.internal && (l.type === "anchor" || l.type === "svg" || l.type === "area"))) {
      const list = usedBy.get(l.to);
      if (list) {
        if (list.at(-1) !== from) list.push(from);
      } else usedBy.set(l.to, [from]);
    }
    if (l.type !== "resource")
      links.push({ from, to: l.to, anchor: l.anchor, rel: l.rel, type: l.type as AuditLinkType, internal: l.internal });
  }

  const resources: AuditResource[] = parts.resources.map((r) => {
    const chain = r.location ? followChain(r.url, hops) : null;
    return {
      url: r.url,
      kind: r.kind as AuditResourceKind,
      statusCode: chain ? chain.statusCode : r.statusCode,
      ...(r.error || chain?.error ? { error: (chain?.error ?? r.error)! } : {}),
      bytes: r.bytes,
      contentType: r.contentType,
      ...(chain ? { redirectedTo: chain.finalUrl } : {}),
      usedBy: usedBy.get(r.url) ?? [],
    };
  });

  const robots = parts.robots;
  return {
    origin: new URL(parts.startUrl).origin,
    startUrl: parts.startUrl,
    settings: {
      maxDepth: settings.maxDepth,
      rendered: settings.render,
      externalLinksChecked: settings.checkExternal,
      resourcesChecked: settings.checkResources,
    },
    pages,
    links,
    resources,
    robotsTxt: robots ? { url: robots.url, statusCode: robots.statusCode, sitemaps: robots.sitemaps } : null,
    sitemaps: parts.sitemaps ?? [],
    sitemapEntries: parts.sitemapEntries.map((e) => ({ url: e.url, sitemap: e.sitemap, ...(e.lastmod ? { lastmod: e.lastmod } : {}) })),
  };
}
