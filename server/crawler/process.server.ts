/**
 * Handles one claimed frontier URL (issue 3 "Crawler"): robots.txt decides whether a page is
 * fetched; a 3xx is recorded as one hop and its Location queued; an HTML page is parsed once
 * (server/audit/extract.ts) and its links, canonical, hreflang, meta refresh and sub-resources
 * are queued as the settings allow; resources and external links are only requested.
 */
import type { AuditResourceKind } from "../audit/model.ts";
import type { PageExtractor } from "./extract-pool.server.ts";
import type { CrawlFetcher, FetchOutcome } from "./fetcher.server.ts";
import type { HostLimiter } from "./host-limiter.server.ts";
import type { RobotsRules } from "./robots.server.ts";
import type { CrawlSettings } from "../audit/settings.server.ts";
import type { ClaimedUrl, NewLink, NewUrl, UrlResult } from "./crawl-store.ts";
import type { ScopeVerdict } from "./url.server.ts";
import type { PageRenderer } from "./render.server.ts";

/** Largest sub-resource body read, in bytes (its size is still known from Content-Length). */
const MAX_RESOURCE_BYTES = 20 * 1024 * 1024;
/** Largest body read of an external link target (only its status matters). */
const MAX_EXTERNAL_BYTES = 64 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const FOLLOWED_TYPES = new Set(["anchor", "area", "svg", "canonical", "hreflang", "meta-refresh"]);

/** What processing needs besides the URL. */
export interface ProcessContext {
  settings: CrawlSettings;
  fetcher: CrawlFetcher;
  limiter: HostLimiter;
  scope: (url: string) => ScopeVerdict;
  /** The crawler's normalisation of an absolute URL. */
  normalize: (u: URL) => string;
  /** robots.txt rules of an internal origin (cached per worker). */
  robotsFor: (origin: string) => Promise<RobotsRules>;
  renderer: PageRenderer | null;
  /** Parses pages and runs the page-level checks (in worker threads once the crawl is large enough). */
  extractor: PageExtractor;
}

const hostOf = (url: string) => new URL(url).host;

/** The reason shown for a URL the SSRF guard refused: never the address a name resolved to (issue 9.9). */
export const BLOCKED_MESSAGE = "This address is private or reserved: audits only reach public sites.";

function fetchError(outcome: Extract<FetchOutcome, { kind: "error" }>): string {
  return outcome.code === "blocked" ? `blocked: ${BLOCKED_MESSAGE}` : `${outcome.code}: ${outcome.message}`;
}

/** Resolves a Location header against the URL and normalises it; null when unusable. */
function locationOf(ctx: ProcessContext, url: string, location: string | undefined): string | null {
  if (!location) return null;
  const u = URL.parse(location, url);
  return u && (u.protocol === "http:" || u.protocol === "https:") ? ctx.normalize(u) : null;
}

/** The frontier kind of a redirect target: internal pages stay pages, everything else is only requested. */
function redirectTarget(ctx: ProcessContext, item: ClaimedUrl, target: string): NewUrl {
  const kind = item.kind === "page" && ctx.scope(target) === "internal" ? "page" : item.kind === "page" ? "external" : item.kind;
  return { url: target, kind, depth: item.depth, source: item.kind === "resource" ? item.source : "redirect" };
}

async function processPage(ctx: ProcessContext, item: ClaimedUrl): Promise<UrlResult> {
  const { settings } = ctx;
  if (settings.respectRobots) {
    const robots = await ctx.robotsFor(new URL(item.url).origin);
    if (!robots.isAllowed(item.url)) return { urlId: item.id, status: "blocked", links: [], discovered: [] };
  }
  const outcome = await ctx.limiter.run(hostOf(item.url), () => ctx.fetcher.fetch(item.url));
  if (outcome.kind === "error") {
    return {
      urlId: item.id,
      status: "done",
      page: { url: item.url, statusCode: null, error: fetchError(outcome), headers: {}, findings: [], attempts: outcome.attempts },
      links: [],
      discovered: [],
    };
  }
  const res = outcome.response;
  const timings = { ttfbMs: Math.round(res.timings.ttfbMs * 10) / 10, totalMs: Math.round(res.timings.totalMs * 10) / 10 };
  const wire = Number(res.headers["content-length"]);
  const base = {
    url: item.url,
    statusCode: res.statusCode,
    contentType: res.headers["content-type"] ?? null,
    timings,
    bytesWire: Number.isFinite(wire) && res.headers["content-length"] !== undefined ? wire : null,
    bytesBody: res.body.length,
    attempts: outcome.attempts,
  };
  const location = REDIRECTS.has(res.statusCode) ? locationOf(ctx, item.url, res.headers.location) : null;
  const extracted = await ctx.extractor.extract(location ? Buffer.alloc(0) : res.body, {
    url: item.url,
    statusCode: res.statusCode,
    headers: res.headers,
    timings: res.timings,
    truncated: res.truncated,
  });
  if (location) {
    return {
      urlId: item.id,
      status: "done",
      page: { ...base, location, headers: extracted.headers, findings: extracted.findings },
      links: [],
      discovered: [redirectTarget(ctx, item, location)],
    };
  }
  const links: NewLink[] = extracted.links.map((l) => ({ toUrl: l.to, type: l.type, anchor: l.anchor, rel: l.rel, internal: l.internal }));
  const discovered: NewUrl[] = [];
  const followLinks = item.depth !== null && (settings.maxDepth === null || item.depth < settings.maxDepth);
  for (const l of extracted.links) {
    if (!FOLLOWED_TYPES.has(l.type) || !/^https?:/.test(l.to)) continue;
    const nofollow = /(?:^|\s)nofollow(?:\s|$)/.test(l.rel);
    const verdict = ctx.scope(l.to);
    if (verdict === "internal") {
      if (followLinks && (!nofollow || settings.followNofollow))
        discovered.push({
          url: l.to,
          kind: "page",
          depth: item.depth! + 1,
          source: l.type === "anchor" || l.type === "svg" || l.type === "area" ? "link" : l.type,
        });
    } else if (verdict === "external" && settings.checkExternal && l.type !== "canonical" && l.type !== "hreflang") {
      discovered.push({ url: l.to, kind: "external", depth: (item.depth ?? 0) + 1, source: "link" });
    }
  }
  for (const r of extracted.resources) {
    links.push({ toUrl: r.url, type: "resource", anchor: "", rel: r.kind, internal: ctx.scope(r.url) !== "external" });
    if (settings.checkResources)
      discovered.push({ url: r.url, kind: "resource", depth: (item.depth ?? 0) + 1, source: `resource:${r.kind}` });
  }
  const render = ctx.renderer && extracted.facts ? await ctx.renderer.diff(item.url, res.body, extracted) : null;
  // With rendering on, links that exist only in the rendered DOM are crawled too (as Google would).
  if (render && followLinks) {
    for (const url of render.linksOnlyRendered) {
      if (ctx.scope(url) === "internal") discovered.push({ url, kind: "page", depth: item.depth! + 1, source: "rendered-link" });
    }
  }
  return {
    urlId: item.id,
    status: "done",
    page: { ...base, headers: extracted.headers, facts: extracted.facts, findings: extracted.findings, ...(render ? { render } : {}) },
    links,
    discovered,
  };
}

async function processRequestOnly(ctx: ProcessContext, item: ClaimedUrl): Promise<UrlResult> {
  const kind: AuditResourceKind =
    item.kind === "external" ? "external-link" : ((item.source.split(":")[1] ?? "other") as AuditResourceKind);
  const host = hostOf(item.url);
  let outcome: FetchOutcome;
  if (item.kind === "external") {
    outcome = await ctx.limiter.run(host, () => ctx.fetcher.fetch(item.url, { method: "HEAD" }));
    // Many servers refuse or mishandle HEAD: ask again with GET before calling the link broken.
    const refused = outcome.kind === "error" ? outcome.code === "network" : outcome.response.statusCode >= 400;
    if (refused) {
      outcome = await ctx.limiter.run(host, () => ctx.fetcher.fetch(item.url, { maxBytes: MAX_EXTERNAL_BYTES }));
    }
  } else {
    outcome = await ctx.limiter.run(host, () => ctx.fetcher.fetch(item.url, { maxBytes: MAX_RESOURCE_BYTES }));
  }
  if (outcome.kind === "error") {
    return { urlId: item.id, status: "done", resource: { url: item.url, kind, error: fetchError(outcome) }, links: [], discovered: [] };
  }
  const res = outcome.response;
  const length = Number(res.headers["content-length"]);
  const location = REDIRECTS.has(res.statusCode) ? locationOf(ctx, item.url, res.headers.location) : null;
  return {
    urlId: item.id,
    status: "done",
    resource: {
      url: item.url,
      kind,
      statusCode: res.statusCode,
      location,
      contentType: res.headers["content-type"] ?? null,
      bytes: res.truncated || item.kind === "external" ? (Number.isFinite(length) ? length : null) : res.body.length,
    },
    links: [],
    discovered: location ? [redirectTarget(ctx, item, location)] : [],
  };
}

/**
 * Processes one claimed URL into the result to store. Never throws for network failures. Each
 * discovered URL gets the breadth-first key of this URL plus its index in discovery order (issue 16.2).
 */
export async function processUrl(ctx: ProcessContext, item: ClaimedUrl): Promise<UrlResult> {
  const result = await (item.kind === "page" ? processPage(ctx, item) : processRequestOnly(ctx, item));
  result.discovered = result.discovered.map((u, i) => ({ ...u, key: item.key ? [...item.key, i] : null }));
  return result;
}
