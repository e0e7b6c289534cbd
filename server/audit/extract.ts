/**
 * Per-response extraction for the crawler (issue 3): one analyzer parse of a fetched page gives the
 * lean facts of the site audit model, the page-level check findings, the outgoing link edges and
 * the sub-resource references. Pure: no network, no database.
 */
import { createHash } from "node:crypto";
import { runCheckFindings } from "../analyzer/checks/index.ts";
import type { CheckContext } from "../analyzer/checks/types.ts";
import { type ResponseMeta, buildContext } from "../analyzer/page-facts.server.ts";
import type { AuditHeaders, AuditLink, AuditLinkType, AuditPageFacts, PageFinding, ResourceRef } from "./model.ts";
import { simhash } from "./simhash.ts";

/** Result of {@link extractAuditPage}. */
export interface ExtractedPage {
  /** Facts of an HTML 2xx response; null otherwise. */
  facts: AuditPageFacts | null;
  findings: PageFinding[];
  /** Outgoing links (anchors, SVG/area links, canonical, hreflang, meta refresh); empty unless HTML 2xx. */
  links: AuditLink[];
  /** Sub-resources referenced (de-duplicated). */
  resources: ResourceRef[];
  headers: AuditHeaders;
  contentType: string | null;
}

/** How the crawler wants URLs written and scoped. */
export interface ExtractOptions {
  /** Normalises an absolute http(s) URL the crawler's way; default: drop the fragment. */
  normalize?: (u: URL) => string;
  /** Same-site test for link edges; default: same host ignoring a leading "www.". */
  isInternal?: (u: URL) => boolean;
}

const KEPT_HEADERS: readonly (keyof AuditHeaders)[] = [
  "x-robots-tag",
  "link",
  "content-encoding",
  "cache-control",
  "expires",
  "etag",
  "last-modified",
  "strict-transport-security",
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "content-type",
];

const JS_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

const KIND_BY_TAG: Record<string, ResourceRef["kind"]> = {
  img: "image",
  input: "image",
  script: "script",
  link: "stylesheet",
  iframe: "iframe",
  video: "media",
  audio: "media",
  source: "media",
  track: "media",
};

const defaultNormalize = (u: URL): string => {
  const c = new URL(u.href);
  c.hash = "";
  return c.href;
};

/** Picks the headers the audit reads (lower-case names). */
export function keepHeaders(headers: Record<string, string>): AuditHeaders {
  const out: AuditHeaders = {};
  for (const name of KEPT_HEADERS) if (headers[name] !== undefined) out[name] = headers[name];
  return out;
}

/** Head scripts that block rendering and head stylesheets for screens (absolute URLs). */
function renderBlocking(ctx: CheckContext): string[] {
  const scripts = ctx.doc.scripts.filter((s) => s.inHead && s.src && !s.async && !s.defer && s.type !== "module" && JS_TYPES.has(s.type));
  const styles = ctx.doc.linkTags.filter(
    (l) =>
      l.inHead &&
      l.href &&
      l.rel.includes("stylesheet") &&
      !l.rel.includes("alternate") &&
      (l.media ?? "all").trim().toLowerCase() !== "print",
  );
  return [...scripts.map((s) => s.src!), ...styles.map((l) => l.href!)].map((h) => ctx.resolve(h.trim())?.href ?? h);
}

function metaRefreshTarget(ctx: CheckContext): string | null {
  const meta = ctx.doc.metas.find((m) => m.httpEquiv === "refresh");
  if (!meta?.content) return null;
  const m = /url\s*=\s*['"]?([^'"]+)/i.exec(meta.content);
  return m ? (ctx.resolve(m[1]!.trim())?.href ?? null) : null;
}

function factsOf(ctx: CheckContext): AuditPageFacts {
  const { doc, page } = ctx;
  const text = doc.text;
  return {
    title: page.title,
    titleCount: doc.titles.length,
    metaDescription: page.metaDescription,
    metaDescriptionCount: doc.metas.filter((m) => m.name === "description").length,
    canonicals: [
      ...ctx.canonicals.html.map((c) => ({ ...c, source: "html" as const })),
      ...ctx.canonicals.header.map((c) => ({ ...c, source: "header" as const })),
    ],
    canonical: page.canonical,
    h1: page.h1,
    headings: page.headings,
    lang: page.lang,
    robots: page.robots,
    hreflang: ctx.hreflang.map((h) => ({ lang: h.lang, href: h.href, resolved: h.resolved, source: h.source })),
    viewport: page.viewport,
    images: doc.images.map((i) => ({
      src: i.src === null ? "" : (ctx.resolve(i.src.trim())?.href ?? i.src),
      alt: i.alt,
      width: i.width,
      height: i.height,
    })),
    structuredData: {
      types: page.structuredData.types,
      jsonLdBlocks: page.structuredData.jsonLdBlocks,
      jsonLdErrors: ctx.jsonLd.errors,
      entities: ctx.jsonLd.entities.map((e) => ({ types: e.types, node: e.node })),
      microdata: page.structuredData.microdata,
      rdfa: page.structuredData.rdfa,
    },
    openGraph: page.openGraph,
    twitter: page.twitter,
    textHash: createHash("sha1").update(text.toLowerCase()).digest("hex"),
    simhash: simhash(text),
    wordCount: page.wordCount,
    textChars: text.length,
    domElements: doc.elementCount,
    forms: doc.forms,
    mixedContent:
      ctx.pageUrl.protocol === "https:"
        ? doc.subresources.map((r) => ctx.resolve(r.url)).flatMap((u) => (u?.protocol === "http:" ? [u.href] : []))
        : [],
    renderBlocking: renderBlocking(ctx),
    metaRefresh: metaRefreshTarget(ctx),
  };
}

function linksOf(ctx: CheckContext, normalize: (u: URL) => string, isInternal: (u: URL) => boolean, from: string): AuditLink[] {
  const out: AuditLink[] = [];
  const add = (href: string, base: string, type: AuditLinkType, anchor: string, rel: string) => {
    const u = URL.parse(href, base);
    const web = u !== null && (u.protocol === "http:" || u.protocol === "https:");
    out.push({ from, to: web ? normalize(u) : (u?.href ?? href), anchor, rel, type, internal: web && isInternal(u) });
  };
  for (const a of ctx.doc.anchors) {
    // Fragment-only links point to the page itself: not edges of the site graph.
    if (a.href.startsWith("#")) continue;
    add(a.href, ctx.baseUrl, a.inSvg ? "svg" : a.isArea ? "area" : "anchor", a.text, a.rel);
  }
  for (const c of ctx.canonicals.html) if (c.inHead && c.href) add(c.href, ctx.baseUrl, "canonical", "", "canonical");
  for (const c of ctx.canonicals.header) add(c.href, ctx.url, "canonical", "", "canonical");
  for (const h of ctx.hreflang) if (h.href) add(h.href, h.source === "html" ? ctx.baseUrl : ctx.url, "hreflang", h.lang, "alternate");
  const refresh = metaRefreshTarget(ctx);
  if (refresh) add(refresh, ctx.url, "meta-refresh", "", "");
  return out;
}

function resourcesOf(ctx: CheckContext, normalize: (u: URL) => string): ResourceRef[] {
  const seen = new Map<string, ResourceRef>();
  for (const r of ctx.doc.subresources) {
    const u = ctx.resolve(r.url);
    if (!u || (u.protocol !== "http:" && u.protocol !== "https:")) continue;
    const url = normalize(u);
    if (!seen.has(url)) seen.set(url, { url, kind: KIND_BY_TAG[r.tag] ?? "other" });
  }
  return [...seen.values()];
}

/**
 * Parses one fetched response and runs the page-level checks on it.
 * `meta.url` is the final URL (after redirects), `meta.requestedUrl` the URL asked for.
 * @throws TypeError when `meta.url` is not an absolute URL.
 */
export function extractAuditPage(body: Buffer | string, meta: ResponseMeta, opts: ExtractOptions = {}): ExtractedPage {
  const ctx = buildContext(body, meta);
  const normalize = opts.normalize ?? defaultNormalize;
  const site = ctx.pageUrl.hostname.replace(/^www\./, "");
  const isInternal = opts.isInternal ?? ((u: URL) => u.hostname.replace(/^www\./, "") === site);
  const findings = runCheckFindings(ctx).findings.map(({ check, finding }): PageFinding => ({
    check: check.id,
    message: finding.message,
    ...(finding.evidence ? { evidence: finding.evidence } : {}),
  }));
  const html = ctx.isHtml && ctx.statusCode >= 200 && ctx.statusCode < 300;
  return {
    facts: html ? factsOf(ctx) : null,
    findings,
    links: html ? linksOf(ctx, normalize, isInternal, normalize(ctx.pageUrl)) : [],
    resources: html ? resourcesOf(ctx, normalize) : [],
    headers: keepHeaders(ctx.headers),
    contentType: ctx.headers["content-type"] ?? null,
  };
}
