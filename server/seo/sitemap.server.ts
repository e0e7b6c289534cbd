import { DEFAULT_LANG, LANGUAGES, localizePath } from "../../common/i18n/languages.ts";
import { ALL_LANGS, type SitemapEntry } from "./sitemap-sources.server.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const bcp47 = new Map(LANGUAGES.map((l) => [l.code, l.bcp47]));

/** Sitemap index (sitemaps.org): one sitemap per language, /sitemap-<lang>.xml. */
export function sitemapIndexXml(origin: string, langs: readonly string[] = ALL_LANGS): string {
  const items = langs.map((l) => `<sitemap><loc>${esc(`${origin}/sitemap-${l}.xml`)}</loc></sitemap>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>\n`;
}

/**
 * The sitemap of one language: every entry that exists in `lang`, with reciprocal hreflang
 * alternates (xhtml:link) for each language the page exists in and x-default (English, or the
 * first language when there is no English version).
 */
export function languageSitemapXml(origin: string, lang: string, entries: SitemapEntry[]): string {
  const urls = entries
    .filter((e) => (e.langs ?? ALL_LANGS).includes(lang))
    .map((e) => {
      const langs = e.langs ?? ALL_LANGS;
      const href = (code: string) => esc(origin + localizePath(code, e.path));
      const alternates = langs.map((code) => `<xhtml:link rel="alternate" hreflang="${bcp47.get(code) ?? code}" href="${href(code)}"/>`);
      const fallback = langs.includes(DEFAULT_LANG) ? DEFAULT_LANG : langs[0]!;
      alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${href(fallback)}"/>`);
      const lastmod = e.lastmod ? `<lastmod>${esc(e.lastmod)}</lastmod>` : "";
      return `<url><loc>${href(lang)}</loc>${lastmod}${alternates.join("")}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join("")}</urlset>\n`;
}

/** robots.txt: everything public may be crawled except the API; the sitemap index is named. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
