/**
 * Start of a crawl (issue 3): read robots.txt of the start origin and every sitemap it lists plus
 * /sitemap.xml, following sitemap indexes. Results go to the crawl's store.
 */
import type { SitemapFile } from "../audit/model.ts";
import type { CrawlStore, StoredRobots } from "./crawl-store.ts";
import type { CrawlFetcher } from "./fetcher.server.ts";
import { type RobotsRules, fetchRobots } from "./robots.server.ts";
import { MAX_SITEMAP_BYTES, parseSitemap } from "./sitemap.server.ts";
import { type QueryMode, normalizeUrl } from "./url.server.ts";

/** Sitemap files read at most per crawl (indexes included). */
export const MAX_SITEMAP_FILES = 50;

export type { StoredRobots } from "./crawl-store.ts";

/** Stores robots.txt of the start origin; returns the parsed rules. */
export async function readRobots(store: CrawlStore, origin: string, fetcher: CrawlFetcher): Promise<RobotsRules> {
  const rules = await fetchRobots(origin, fetcher);
  const stored: StoredRobots = {
    url: rules.url,
    statusCode: rules.statusCode === 0 ? null : rules.statusCode,
    state: rules.state,
    body: rules.body,
    sitemaps: rules.sitemaps,
  };
  await store.saveRobots(stored);
  return rules;
}

/**
 * Reads the sitemaps (robots.txt Sitemap: lines, then /sitemap.xml), following indexes up to
 * {@link MAX_SITEMAP_FILES} files, and stores every listed URL (normalised) with its sitemap.
 */
export async function readSitemaps(
  store: CrawlStore,
  origin: string,
  robots: RobotsRules,
  fetcher: CrawlFetcher,
  query: QueryMode,
): Promise<SitemapFile[]> {
  const queue = [...new Set([...robots.sitemaps, new URL("/sitemap.xml", origin).href])];
  const seen = new Set(queue);
  const files: SitemapFile[] = [];
  while (queue.length > 0 && files.length < MAX_SITEMAP_FILES) {
    const url = queue.shift()!;
    const fromRobots = robots.sitemaps.includes(url);
    const res = await fetcher.fetch(url, { maxBytes: MAX_SITEMAP_BYTES });
    if (res.kind === "error") {
      files.push({ url, statusCode: null, errors: [`${res.code}: ${res.message}`], urls: 0, isIndex: false });
      continue;
    }
    const { statusCode } = res.response;
    if (statusCode < 200 || statusCode >= 300) {
      // A missing /sitemap.xml that robots.txt did not list is not an error of the site.
      if (fromRobots || statusCode !== 404) files.push({ url, statusCode, errors: [`HTTP ${statusCode}`], urls: 0, isIndex: false });
      continue;
    }
    const parsed = parseSitemap(res.response.body);
    const errors = parsed.error ? [parsed.error] : [];
    if (res.response.truncated) errors.push(`larger than ${MAX_SITEMAP_BYTES} bytes: cut`);
    if (parsed.kind === "index") {
      for (const e of parsed.entries) {
        const child = URL.parse(e.loc, url)?.href;
        if (child && !seen.has(child)) {
          seen.add(child);
          queue.push(child);
        }
      }
      files.push({ url, statusCode, errors, urls: 0, isIndex: true });
      continue;
    }
    const rows = parsed.entries.flatMap((e) => {
      const loc = normalizeUrl(e.loc, url, query);
      return loc ? [{ url: loc, sitemap: url, lastmod: e.lastmod }] : [];
    });
    await store.addSitemapEntries(rows);
    files.push({ url, statusCode, errors, urls: rows.length, isIndex: false });
  }
  await store.saveSitemapFiles(files);
  return files;
}
