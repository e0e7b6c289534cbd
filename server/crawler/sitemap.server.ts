/**
 * XML sitemaps (sitemaps.org protocol): `<urlset>` and `<sitemapindex>` parsed with
 * fast-xml-parser (namespace prefixes removed), gzip bodies (.xml.gz served without
 * Content-Encoding) inflated up to the protocol's 50 MiB, and plain-text sitemaps (one URL a line).
 */
import { createRequire } from "node:module";
import { gunzipSync } from "node:zlib";
import type { XMLParser } from "fast-xml-parser";

/** Largest uncompressed sitemap, in bytes (sitemaps.org: 50 MiB). */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/** One `<url>` (or `<sitemap>` of an index) entry. */
export interface SitemapEntry {
  loc: string;
  lastmod: string | null;
  changefreq: string | null;
  priority: string | null;
}

/** A parsed sitemap: URLs, child sitemaps (index), or an error saying why nothing was read. */
export interface ParsedSitemap {
  kind: "urlset" | "index" | "text" | "invalid";
  entries: SitemapEntry[];
  error: string | null;
}

let parser: XMLParser | null = null;

/** The XML parser, loaded with the first XML sitemap: a crawl of a site without one does not pay for it (issue 14.1). */
function xmlParser(): XMLParser {
  if (!parser) {
    const fxp = createRequire(import.meta.url)("fast-xml-parser") as typeof import("fast-xml-parser");
    parser = new fxp.XMLParser({
      ignoreAttributes: true,
      removeNSPrefix: true,
      parseTagValue: false,
      trimValues: true,
      processEntities: true,
      isArray: (name) => name === "url" || name === "sitemap",
    });
  }
  return parser;
}

const text = (v: unknown): string | null => (typeof v === "string" ? v : typeof v === "number" ? String(v) : null);

function entry(raw: Record<string, unknown>): SitemapEntry | null {
  const loc = text(raw.loc)?.trim();
  if (!loc) return null;
  return { loc, lastmod: text(raw.lastmod), changefreq: text(raw.changefreq), priority: text(raw.priority) };
}

/** Undoes gzip when the bytes start with the gzip magic number (a .gz file served as is). */
export function maybeGunzip(body: Buffer): Buffer {
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body;
  return gunzipSync(body, { maxOutputLength: MAX_SITEMAP_BYTES });
}

/** Parses sitemap bytes (XML, gzip XML, or plain text). Never throws: failures give kind "invalid". */
export function parseSitemap(body: Buffer): ParsedSitemap {
  let xml: string;
  try {
    xml = maybeGunzip(body)
      .toString("utf8")
      .replace(/^\uFEFF/, "");
  } catch (err) {
    return { kind: "invalid", entries: [], error: `gzip: ${(err as Error).message}` };
  }
  if (!xml.trimStart().startsWith("<")) {
    const lines = xml
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => /^https?:\/\//i.test(l));
    if (lines.length === 0) return { kind: "invalid", entries: [], error: "neither XML nor a list of URLs" };
    return { kind: "text", entries: lines.map((loc) => ({ loc, lastmod: null, changefreq: null, priority: null })), error: null };
  }
  let doc: Record<string, unknown>;
  try {
    doc = xmlParser().parse(xml, true) as Record<string, unknown>;
  } catch (err) {
    return { kind: "invalid", entries: [], error: `XML: ${(err as Error).message}` };
  }
  const urlset = doc.urlset as { url?: Record<string, unknown>[] } | undefined;
  const index = doc.sitemapindex as { sitemap?: Record<string, unknown>[] } | undefined;
  if (urlset !== undefined) {
    const entries = (urlset.url ?? []).map(entry).filter((e): e is SitemapEntry => e !== null);
    return { kind: "urlset", entries, error: null };
  }
  if (index !== undefined) {
    const entries = (index.sitemap ?? []).map(entry).filter((e): e is SitemapEntry => e !== null);
    return { kind: "index", entries, error: null };
  }
  return { kind: "invalid", entries: [], error: "no <urlset> or <sitemapindex> root element" };
}
