/**
 * Builds small HTML pages for the analyzer check tests. The default page passes every check;
 * each option breaks (or changes) one thing.
 */
import { type ResponseMeta, analyzeHtml } from "../../server/analyzer/analyze.server.ts";
import type { AnalyzerReport } from "../../server/analyzer/types.ts";

export const PAGE_URL = "https://www.example.com/tools/site-audit";

/** Headers of a well-configured HTTPS response. */
export const GOOD_HEADERS: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "content-encoding": "gzip",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'self'; frame-ancestors 'self'",
  "cache-control": "max-age=300",
};

const SENTENCE =
  "Rankforge checks every page of a website for broken links, slow responses, missing titles and other problems that hold back search rankings. ";

/** Parts of a test page; `null` removes the element. */
export interface PageParts {
  doctype?: boolean;
  lang?: string | null;
  charsetMeta?: boolean;
  title?: string | null;
  description?: string | null;
  canonical?: string | null;
  viewport?: string | null;
  /** Open Graph / Twitter tags; false removes them all. */
  social?: boolean;
  /** JSON-LD text; null removes the block. */
  jsonLd?: string | null;
  /** Extra markup at the end of the head. */
  head?: string;
  h1?: string | null;
  /** Number of filler words in the body (default 260). */
  words?: number;
  /** Replaces the default links (one internal, one external). */
  links?: string;
  /** Extra markup at the end of the body. */
  body?: string;
}

const DEFAULT_JSON_LD = JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Organization",
  name: "Rankforge",
  url: "https://www.example.com/",
});

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Renders a page from parts. */
export function page(p: PageParts = {}): string {
  const title = p.title === undefined ? "Site audit: find and fix technical SEO issues" : p.title;
  const description =
    p.description === undefined
      ? "Crawl your website, find broken links, slow pages and missing tags, and get a clear list of fixes sorted by impact."
      : p.description;
  const canonical = p.canonical === undefined ? PAGE_URL : p.canonical;
  const viewport = p.viewport === undefined ? "width=device-width, initial-scale=1" : p.viewport;
  const lang = p.lang === undefined ? "en" : p.lang;
  const h1 = p.h1 === undefined ? "Site audit" : p.h1;
  const jsonLd = p.jsonLd === undefined ? DEFAULT_JSON_LD : p.jsonLd;
  const words = p.words ?? 260;
  const sentenceWords = SENTENCE.trim().split(/\s+/);
  const filler = Array.from({ length: words }, (_, i) => sentenceWords[i % sentenceWords.length]).join(" ");
  const social =
    p.social === false
      ? ""
      : `<meta property="og:title" content="Site audit"><meta property="og:type" content="website">
<meta property="og:image" content="https://www.example.com/og.png"><meta property="og:url" content="${PAGE_URL}">
<meta property="og:description" content="Find and fix technical SEO issues.">
<meta name="twitter:card" content="summary_large_image">`;
  return `${p.doctype === false ? "" : "<!DOCTYPE html>\n"}<html${lang === null ? "" : ` lang="${esc(lang)}"`}>
<head>
${p.charsetMeta === false ? "" : '<meta charset="utf-8">'}
${title === null ? "" : `<title>${esc(title)}</title>`}
${description === null ? "" : `<meta name="description" content="${esc(description)}">`}
${canonical === null ? "" : `<link rel="canonical" href="${esc(canonical)}">`}
${viewport === null ? "" : `<meta name="viewport" content="${esc(viewport)}">`}
${social}
${jsonLd === null ? "" : `<script type="application/ld+json">${jsonLd}</script>`}
${p.head ?? ""}
</head>
<body>
${h1 === null ? "" : `<h1>${h1}</h1>`}
<p>${filler}</p>
<nav>${p.links ?? '<a href="/pricing">Site audit pricing</a> <a href="https://www.example.org/">Our partner agency</a>'}</nav>
${p.body ?? ""}
</body>
</html>`;
}

/** Analyses a page built from parts with the good defaults of the response. */
export function analyse(parts: PageParts = {}, meta: Partial<ResponseMeta> = {}, html?: string): AnalyzerReport {
  return analyzeHtml(html ?? page(parts), {
    url: PAGE_URL,
    statusCode: 200,
    headers: GOOD_HEADERS,
    timings: { ttfbMs: 120, totalMs: 150 },
    ...meta,
  });
}

/** Ids of the checks that fired. */
export const fired = (r: AnalyzerReport): string[] => [...new Set(r.issues.map((i) => i.check))];
