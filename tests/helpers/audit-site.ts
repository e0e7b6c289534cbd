/**
 * Builds a SiteAuditInput from small in-memory pages the way the crawler does: every page body
 * goes through extractAuditPage, depths come from a breadth-first walk over the internal links.
 */
import { extractAuditPage } from "../../server/audit/extract.ts";
import type { AuditLink, AuditPage, AuditResource, RedirectHop, SiteAuditInput, SitemapEntry } from "../../server/audit/model.ts";

export const ORIGIN = "https://www.example.com";

/** A test page: HTML body and response details. Paths are relative to {@link ORIGIN}. */
export interface TestPage {
  html?: string;
  status?: number;
  headers?: Record<string, string>;
  /** Redirect target path: the page answers 301 to it (the crawler follows). */
  redirectTo?: string;
  robotsBlocked?: boolean;
  fetchError?: string;
  ttfbMs?: number;
}

export interface TestSiteOptions {
  /** Paths listed in the sitemap. */
  sitemap?: string[];
  resources?: AuditResource[];
  externalLinksChecked?: boolean;
}

const abs = (path: string) => new URL(path, ORIGIN).href;

/** Default headers of a well-configured HTML response. */
export const HTML_HEADERS: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "content-encoding": "gzip",
  "cache-control": "max-age=600",
  "strict-transport-security": "max-age=31536000",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'self'; frame-ancestors 'self'",
};

/** Overrides of a test page; by default each part is unique to the page and healthy. */
export interface HtmlParts {
  body?: string;
  head?: string;
  /** Canonical path or URL (default: the page itself; null: none in the head). */
  canonical?: string | null;
  description?: string;
  h1?: string;
  /** Visible paragraph text (default: 640 words unique to the title). */
  text?: string;
}

/** A complete, healthy page at `path` with the given title. */
export function html(path: string, title: string, o: HtmlParts = {}): string {
  const slug = title.toLowerCase().replace(/\W+/g, "");
  const words = o.text ?? Array.from({ length: 320 }, (_, i) => `${slug}${i % 40} ${slug}x${i % 7}`).join(" ");
  const url = abs(path);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} – a well chosen page title here</title>
<meta name="description" content="${o.description ?? `${title}: a description long enough to be shown as the snippet in search results for this page.`}">
<meta name="viewport" content="width=device-width, initial-scale=1">${o.canonical === null ? "" : `<link rel="canonical" href="${abs(o.canonical ?? path)}">`}
<meta property="og:title" content="${title}"><meta property="og:type" content="website"><meta property="og:image" content="${ORIGIN}/og.png">
<meta property="og:url" content="${url}"><meta property="og:description" content="${title} page"><meta name="twitter:card" content="summary">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Example","url":"${ORIGIN}/"}</script>${o.head ?? ""}</head>
<body><h1>${o.h1 ?? title}</h1><p>${words}</p>${o.body ?? ""}</body></html>`;
}

/** A page that was not fetched (blocked or failed). */
const blank = (url: string): AuditPage => ({
  url,
  finalUrl: url,
  statusCode: null,
  redirects: [],
  contentType: null,
  timings: null,
  bytes: { wire: null, body: 0 },
  headers: {},
  depth: null,
  inSitemap: false,
  robotsBlocked: false,
  facts: null,
  findings: [],
});

/** Builds the audit input of a site whose home page is "/". */
export function buildSite(pages: Record<string, TestPage>, opts: TestSiteOptions = {}): SiteAuditInput {
  const auditPages: AuditPage[] = [];
  const links: AuditLink[] = [];
  for (const [path, p] of Object.entries(pages)) {
    const url = abs(path);
    if (p.robotsBlocked || p.fetchError) {
      auditPages.push({ ...blank(url), ...(p.fetchError ? { fetchError: p.fetchError } : {}), robotsBlocked: p.robotsBlocked === true });
      continue;
    }
    const redirects: RedirectHop[] = [];
    let finalPath = path;
    let target = pages[finalPath];
    while (target?.redirectTo && redirects.length < 10) {
      redirects.push({ url: abs(finalPath), statusCode: 301, location: abs(target.redirectTo) });
      finalPath = target.redirectTo;
      target = pages[finalPath];
    }
    if (target?.redirectTo) {
      auditPages.push({ ...blank(url), fetchError: "redirect loop", redirects });
      continue;
    }
    const final = target ?? { status: 404, html: "" };
    const headers = { ...HTML_HEADERS, ...final.headers };
    const body = final.html ?? "";
    const x = extractAuditPage(body, {
      url: abs(finalPath),
      requestedUrl: url,
      statusCode: final.status ?? 200,
      headers,
      redirects,
      timings: { ttfbMs: final.ttfbMs ?? 20, totalMs: (final.ttfbMs ?? 20) + 5 },
    });
    auditPages.push({
      url,
      finalUrl: abs(finalPath),
      statusCode: final.status ?? 200,
      redirects,
      contentType: x.contentType,
      timings: { ttfbMs: final.ttfbMs ?? 20, totalMs: (final.ttfbMs ?? 20) + 5 },
      bytes: { wire: null, body: Buffer.byteLength(body) },
      headers: x.headers,
      depth: null,
      inSitemap: false,
      robotsBlocked: false,
      facts: x.facts,
      findings: x.findings,
    });
    if (redirects.length === 0) links.push(...x.links);
  }
  // Depth: breadth-first from the home page over internal hyperlinks (redirects followed).
  const byUrl = new Map(auditPages.map((p) => [p.url, p]));
  const queue = [abs("/")];
  const home = byUrl.get(queue[0]!);
  if (home) home.depth = 0;
  while (queue.length > 0) {
    const from = byUrl.get(queue.shift()!)!;
    for (const l of links) {
      if (l.from !== from.finalUrl || !l.internal || l.type === "canonical" || l.type === "hreflang") continue;
      const to = byUrl.get(l.to);
      if (!to || to.depth !== null) continue;
      to.depth = from.depth! + 1;
      queue.push(to.url);
    }
  }
  const sitemapEntries: SitemapEntry[] = (opts.sitemap ?? []).map((p) => ({ url: abs(p), sitemap: abs("/sitemap.xml") }));
  for (const e of sitemapEntries) {
    const p = byUrl.get(e.url);
    if (p) p.inSitemap = true;
  }
  return {
    origin: ORIGIN,
    startUrl: abs("/"),
    settings: {
      maxDepth: null,
      rendered: false,
      externalLinksChecked: opts.externalLinksChecked ?? false,
      resourcesChecked: opts.resources !== undefined,
    },
    pages: auditPages,
    links,
    resources: opts.resources ?? [],
    robotsTxt: { url: abs("/robots.txt"), statusCode: 200, sitemaps: [abs("/sitemap.xml")] },
    sitemaps: opts.sitemap ? [{ url: abs("/sitemap.xml"), statusCode: 200, errors: [], urls: sitemapEntries.length, isIndex: false }] : [],
    sitemapEntries,
  };
}
