/**
 * Turns a response (bytes + headers) into the check context and the PageFacts of the report.
 * Used by both analyzePage (network) and analyzeHtml (tests, already-fetched pages).
 */
import type { CanonicalRef, CheckContext, HreflangRef } from "./checks/types.ts";
import { parseLinkHeader, parseRobotsContent, parseXRobotsTag } from "./directives.server.ts";
import { readJsonLd } from "./json-ld.server.ts";
import { type ParsedHtml, parseHtml } from "./parse-html.server.ts";
import type { AnalyzerReport, PageFacts, RedirectHop } from "./types.ts";
import { isLetterOrDigit, isSpace } from "./words.ts";

/** What is known about the response besides its body. Header names may be in any case. */
export interface ResponseMeta {
  /** Final URL of the page (absolute http/https). */
  url: string;
  /** URL originally asked for; defaults to `url`. */
  requestedUrl?: string;
  /** Default 200. */
  statusCode?: number;
  headers?: Record<string, string>;
  redirects?: RedirectHop[];
  /** Missing timings count as 0 (dnsMs/connectMs as null). */
  timings?: Partial<AnalyzerReport["timings"]>;
  truncated?: boolean;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const CJK_ANY = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Whitespace-separated tokens (JavaScript's `\s`) of `text` with at least one letter or digit. */
function countTokens(text: string): number {
  let n = 0;
  let hasWordChar = false;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    if (isSpace(cp)) {
      if (hasWordChar) n++;
      hasWordChar = false;
    } else if (!hasWordChar && isLetterOrDigit(cp)) hasWordChar = true;
    i += cp > 0xffff ? 2 : 1;
  }
  return hasWordChar ? n + 1 : n;
}

/** Counts words of visible text: whitespace-separated tokens with a letter or digit; each CJK character counts as a word. */
export function countWords(text: string): number {
  if (!CJK_ANY.test(text)) return countTokens(text);
  let n = 0;
  for (const token of text.split(/\s+/)) {
    if (token === "") continue;
    const cjk = token.match(CJK)?.length ?? 0;
    const rest = token
      .replace(CJK, " ")
      .split(" ")
      .filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
    n += cjk + rest;
  }
  return n;
}

/** Decodes HTML bytes: BOM, then the Content-Type charset, then a `<meta charset>` in the first 1024 bytes, else UTF-8. */
export function decodeHtml(body: Buffer, contentType: string | undefined): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder("utf-8").decode(body);
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder("utf-16le").decode(body);
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder("utf-16be").decode(body);
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 1024).toString("latin1"))?.[1];
  for (const label of [fromHeader, fromMeta]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // unknown label: try the next source
    }
  }
  return new TextDecoder("utf-8").decode(body);
}

/** True for an HTML response: Content-Type text/html or XHTML, or, without a Content-Type, markup that looks like HTML. */
export function looksLikeHtml(contentType: string | undefined, text: string): boolean {
  if (contentType) return /\b(?:text\/html|application\/xhtml\+xml)\b/i.test(contentType);
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i.test(text.slice(0, 1024));
}

const lowerKeys = (h: Record<string, string> = {}) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

const httpUrl = (href: string, base: string): URL | null => {
  const u = URL.parse(href, base);
  return u && (u.protocol === "http:" || u.protocol === "https:") ? u : null;
};

/** Same site for link classification: equal host names, ignoring a leading "www.". */
const sameSite = (a: URL, b: URL) => a.hostname.replace(/^www\./, "") === b.hostname.replace(/^www\./, "");

function firstMeta(doc: ParsedHtml, name: string): string | null {
  const m = doc.metas.find((x) => x.name === name);
  return m ? (m.content ?? "") : null;
}

function prefixedMetas(doc: ParsedHtml, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of doc.metas) {
    const key = m.property?.startsWith(prefix) ? m.property : m.name?.startsWith(prefix) ? m.name : null;
    if (key && !(key in out)) out[key] = m.content ?? "";
  }
  return out;
}

/**
 * Builds the check context (which embeds the PageFacts) from a response.
 * @throws TypeError when `meta.url` is not an absolute URL.
 */
export function buildContext(body: Buffer | string, meta: ResponseMeta): CheckContext {
  const pageUrl = new URL(meta.url);
  const headers = lowerKeys(meta.headers);
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const text = typeof body === "string" ? body : decodeHtml(bytes, headers["content-type"]);
  const isHtml = looksLikeHtml(headers["content-type"], text);
  const doc = parseHtml(isHtml ? text : "");
  const baseUrl = (doc.baseHref !== null && URL.parse(doc.baseHref, pageUrl)?.href) || pageUrl.href;
  const resolve = (href: string) => URL.parse(href, baseUrl);

  const linkHeader = parseLinkHeader(headers.link);
  const headerRel = (rel: string) => linkHeader.filter((e) => (e.params.rel ?? "").split(/\s+/).includes(rel));
  const canonicals = {
    html: doc.linkTags
      .filter((l) => l.rel.includes("canonical"))
      .map((l): CanonicalRef => {
        const href = (l.href ?? "").trim();
        return { href, resolved: href === "" ? null : (httpUrl(href, baseUrl)?.href ?? null), inHead: l.inHead };
      }),
    header: headerRel("canonical").map((e): CanonicalRef => ({
      href: e.href,
      resolved: httpUrl(e.href, pageUrl.href)?.href ?? null,
      inHead: true,
    })),
  };
  const hreflang: HreflangRef[] = [
    ...doc.linkTags
      .filter((l) => l.inHead && l.rel.includes("alternate") && l.hreflang !== null)
      .map((l): HreflangRef => {
        const href = (l.href ?? "").trim();
        return { lang: l.hreflang!, href, resolved: httpUrl(href, baseUrl)?.href ?? null, source: "html" };
      }),
    ...headerRel("alternate")
      .filter((e) => e.params.hreflang !== undefined)
      .map((e): HreflangRef => ({
        lang: e.params.hreflang!,
        href: e.href,
        resolved: httpUrl(e.href, pageUrl.href)?.href ?? null,
        source: "header",
      })),
  ];
  const metaRobots = doc.metas.filter((m) => m.name === "robots" || m.name === "googlebot").flatMap((m) => parseRobotsContent(m.content));
  const headerRobots = parseXRobotsTag(headers["x-robots-tag"]);
  const jsonLd = readJsonLd(doc.jsonLd);

  const items = doc.anchors.map((a) => {
    const u = resolve(a.href);
    const web = u !== null && (u.protocol === "http:" || u.protocol === "https:");
    return { href: u?.href ?? a.href, text: a.text, rel: a.rel, internal: u !== null && web && sameSite(u, pageUrl), web };
  });
  const page: PageFacts = {
    title: doc.titles[0] ?? null,
    metaDescription: firstMeta(doc, "description"),
    canonical: canonicals.html.find((c) => c.inHead && c.resolved)?.resolved ?? canonicals.header.find((c) => c.resolved)?.resolved ?? null,
    h1: doc.headings.filter((h) => h.level === 1).map((h) => h.text),
    headings: doc.headings.map(({ level, text }) => ({ level, text })),
    lang: doc.htmlLang?.trim() || null,
    robots: [...new Set([...metaRobots, ...headerRobots])],
    hreflang: hreflang.map((h) => ({ lang: h.lang, href: h.resolved ?? h.href })),
    viewport: firstMeta(doc, "viewport"),
    contentType: headers["content-type"] ?? null,
    htmlBytes: bytes.length,
    wordCount: countWords(doc.text),
    images: {
      total: doc.images.length,
      withoutAlt: doc.images.filter((i) => i.alt === null).map((i) => (i.src ? (resolve(i.src.trim())?.href ?? i.src) : "(no src)")),
    },
    links: {
      internal: items.filter((l) => l.internal).length,
      external: items.filter((l) => l.web && !l.internal).length,
      nofollow: items.filter((l) => l.rel.split(/\s+/).includes("nofollow")).length,
      items: items.map(({ href, text, rel, internal }) => ({ href, text, rel, internal })),
    },
    structuredData: {
      types: [...new Set([...jsonLd.types, ...doc.microdataTypes, ...doc.rdfaTypes])],
      jsonLdBlocks: doc.jsonLd.length,
      invalidJsonLd: jsonLd.errors.length,
      microdata: doc.hasMicrodata,
      rdfa: doc.hasRdfa,
    },
    openGraph: prefixedMetas(doc, "og:"),
    twitter: prefixedMetas(doc, "twitter:"),
  };
  const t = meta.timings ?? {};
  return {
    url: pageUrl.href,
    pageUrl,
    requestedUrl: meta.requestedUrl ?? pageUrl.href,
    statusCode: meta.statusCode ?? 200,
    headers,
    redirects: meta.redirects ?? [],
    timings: {
      dnsMs: t.dnsMs ?? null,
      connectMs: t.connectMs ?? null,
      ttfbMs: t.ttfbMs ?? 0,
      downloadMs: t.downloadMs ?? 0,
      totalMs: t.totalMs ?? 0,
    },
    truncated: meta.truncated ?? false,
    isHtml,
    htmlBytes: bytes.length,
    page,
    doc,
    baseUrl,
    resolve,
    canonicals,
    hreflang,
    jsonLd,
    metaRobots,
    headerRobots,
  };
}
