/**
 * Reads a crawl from the database into the site audit's input model (server/audit/model.ts).
 * Each frontier URL was fetched once, one hop at a time; here redirect hops are joined back into
 * chains: a page that redirects gets its hops, its final URL and the final status (its facts stay
 * on the target's own page record).
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
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
import type { Database } from "../db/client.server.ts";
import { auditLinks, auditPages, auditResources, auditSitemapEntries, auditUrls } from "../db/schema.server.ts";
import { crawlSettingsSchema } from "../audit/settings.server.ts";
import type { StoredRobots } from "./setup.server.ts";
import { loadAudit } from "./store.server.ts";

/** Redirects followed in a chain before it is reported as too long (as browsers do). */
export const MAX_CHAIN = 10;

interface Hop {
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

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * Builds the audit input of a crawl.
 * @throws Error when the crawl does not exist.
 */
export async function readSnapshot(db: Database, auditId: number): Promise<SiteAuditInput> {
  const audit = await loadAudit(db, auditId);
  if (!audit) throw new Error(`No crawl ${auditId}`);
  const settings = crawlSettingsSchema.parse(audit.settings);

  const hops = new Map<string, Hop>();
  const hopRows = rowsOf<{ url: string; status_code: number | null; location: string | null; error: string | null }>(
    await db.execute(sql`
      SELECT url, status_code, location, error FROM audit_pages WHERE audit_id = ${auditId}
      UNION ALL SELECT url, status_code, location, error FROM audit_resources WHERE audit_id = ${auditId}`),
  );
  for (const r of hopRows) hops.set(r.url, { statusCode: r.status_code, location: r.location, error: r.error });

  const inSitemap = new Set(
    (
      await db.selectDistinct({ url: auditSitemapEntries.url }).from(auditSitemapEntries).where(eq(auditSitemapEntries.auditId, auditId))
    ).map((r) => r.url),
  );

  const rows = await db
    .select({ id: auditUrls.id, url: auditUrls.url, status: auditUrls.status, depth: auditUrls.depth, page: auditPages })
    .from(auditUrls)
    .leftJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
    .where(and(eq(auditUrls.auditId, auditId), eq(auditUrls.kind, "page"), inArray(auditUrls.status, ["done", "blocked"])))
    .orderBy(auditUrls.id);
  const urlById = new Map<number, string>();
  const pages: AuditPage[] = rows.map((r) => {
    urlById.set(Number(r.id), r.url);
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
  const linkRows = await db
    .select({
      from: auditLinks.fromUrlId,
      to: auditLinks.toUrl,
      type: auditLinks.type,
      anchor: auditLinks.anchor,
      rel: auditLinks.rel,
      internal: auditLinks.internal,
    })
    .from(auditLinks)
    .where(eq(auditLinks.auditId, auditId))
    .orderBy(auditLinks.id);
  for (const l of linkRows) {
    const from = urlById.get(Number(l.from));
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

  const resourceRows = await db
    .select({
      url: auditResources.url,
      kind: auditResources.kind,
      statusCode: auditResources.statusCode,
      error: auditResources.error,
      bytes: auditResources.bytes,
      contentType: auditResources.contentType,
      location: auditResources.location,
      source: auditUrls.source,
    })
    .from(auditResources)
    .innerJoin(auditUrls, eq(auditUrls.id, auditResources.urlId))
    .where(and(eq(auditResources.auditId, auditId), ne(auditUrls.source, "redirect")))
    .orderBy(auditResources.urlId);
  const resources: AuditResource[] = resourceRows.map((r) => {
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

  const robots = audit.robots as StoredRobots | null;
  const sitemapEntries = (
    await db
      .select({ url: auditSitemapEntries.url, sitemap: auditSitemapEntries.sitemap, lastmod: auditSitemapEntries.lastmod })
      .from(auditSitemapEntries)
      .where(eq(auditSitemapEntries.auditId, auditId))
      .orderBy(auditSitemapEntries.id)
  ).map((e) => ({ url: e.url, sitemap: e.sitemap, ...(e.lastmod ? { lastmod: e.lastmod } : {}) }));
  return {
    origin: new URL(audit.startUrl).origin,
    startUrl: audit.startUrl,
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
    sitemaps: (audit.sitemaps as SitemapFile[] | null) ?? [],
    sitemapEntries,
  };
}
