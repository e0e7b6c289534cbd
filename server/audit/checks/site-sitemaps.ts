/** XML sitemaps (sitemaps.org protocol): the files themselves and the URLs they list, judged by the crawl. */
import type { AuditPage, IssueOccurrence } from "../model.ts";
import { isCanonicalised, isNoindex, isOk } from "../context.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";

/** Largest number of URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Occurrences for the sitemap entries whose crawled page `judge` finds wrong; one per URL. */
function entries(ctx: SiteContext, judge: (p: AuditPage) => string | null): IssueOccurrence[] {
  const out: IssueOccurrence[] = [];
  const seen = new Set<string>();
  for (const e of ctx.input.sitemapEntries) {
    if (seen.has(e.url)) continue;
    seen.add(e.url);
    const p = ctx.pages.get(e.url);
    if (!p) continue;
    const message = judge(p);
    if (message !== null) out.push({ url: e.url, message, evidence: `listed in ${e.sitemap}` });
  }
  return out;
}

const bareHost = (url: string) => (URL.parse(url)?.hostname ?? "").replace(/^www\./, "");

const hasSitemap = (ctx: SiteContext) => ctx.input.sitemaps.some((s) => s.statusCode !== null && s.statusCode < 400);

export const siteSitemapChecks = defineSiteChecks([
  {
    id: "sitemap-missing",
    category: "sitemaps",
    severity: "warning",
    title: "No XML sitemap",
    why: "A sitemap tells search engines every URL you want indexed and when it changed; large or new sites depend on it.",
    fix: "Publish /sitemap.xml listing the indexable pages and reference it in robots.txt.",
    run: (ctx) =>
      hasSitemap(ctx)
        ? []
        : [{ url: new URL("/sitemap.xml", ctx.input.origin).href, message: "No sitemap was found in robots.txt or at /sitemap.xml." }],
  },
  {
    id: "sitemap-fetch-error",
    category: "sitemaps",
    severity: "error",
    title: "Sitemap cannot be read",
    why: "A sitemap that errors or does not parse is skipped by search engines entirely.",
    fix: "Make the sitemap URL answer 200 with valid sitemap XML (UTF-8, escaped URLs).",
    run: (ctx) =>
      ctx.input.sitemaps
        .filter((s) => s.statusCode === null || s.statusCode >= 400 || s.errors.length > 0)
        .map((s) => ({
          url: s.url,
          message:
            s.statusCode === null || s.statusCode >= 400
              ? `The sitemap answers ${s.statusCode ?? "nothing"}.`
              : `The sitemap has ${s.errors.length} error(s).`,
          ...(s.errors.length > 0 ? { evidence: s.errors.slice(0, 3).join("; ") } : {}),
        })),
  },
  {
    id: "sitemap-too-many-urls",
    category: "sitemaps",
    severity: "error",
    title: `Sitemap with more than ${SITEMAP_MAX_URLS} URLs`,
    why: "Search engines ignore URLs beyond the protocol limit of 50,000 per file.",
    fix: "Split the sitemap and list the parts in a sitemap index.",
    run: (ctx) =>
      ctx.input.sitemaps
        .filter((s) => s.urls > SITEMAP_MAX_URLS)
        .map((s) => ({ url: s.url, message: `The sitemap lists ${s.urls} URLs.` })),
  },
  {
    id: "sitemap-not-in-robots",
    category: "sitemaps",
    severity: "notice",
    title: "Sitemap not referenced in robots.txt",
    why: "A Sitemap: line in robots.txt lets every search engine find the sitemap without manual submission.",
    fix: "Add `Sitemap: https://…/sitemap.xml` to robots.txt.",
    run: (ctx) => {
      const r = ctx.input.robotsTxt;
      return hasSitemap(ctx) && r !== null && r.statusCode === 200 && r.sitemaps.length === 0
        ? [{ url: r.url, message: "robots.txt has no Sitemap: line." }]
        : [];
    },
  },
  {
    id: "sitemap-url-other-host",
    category: "sitemaps",
    severity: "warning",
    title: "Sitemap lists URLs of another host",
    why: "Search engines ignore sitemap URLs on a host other than the site's (unless cross-submitted), so those pages get no sitemap signal; often a staging or old domain.",
    fix: "List the site's own URLs (same scheme and host) in its sitemap.",
    run: (ctx) => {
      const host = bareHost(ctx.input.origin);
      const bySitemap = new Map<string, string[]>();
      for (const e of ctx.input.sitemapEntries) {
        if (bareHost(e.url) === host) continue;
        const list = bySitemap.get(e.sitemap) ?? [];
        list.push(e.url);
        bySitemap.set(e.sitemap, list);
      }
      return [...bySitemap].map(([sitemap, urls]) => ({
        url: sitemap,
        message: `${urls.length} URL(s) are not on ${host}.`,
        evidence: urls.slice(0, 3).join(", "),
      }));
    },
  },
  {
    id: "sitemap-url-redirect",
    category: "sitemaps",
    severity: "warning",
    title: "Sitemap lists a redirecting URL",
    why: "Sitemaps should list final URLs only; redirects waste crawl budget and weaken the sitemap's trust.",
    fix: "Replace the URL with its redirect target.",
    run: (ctx) => entries(ctx, (p) => (p.redirects.length > 0 && p.finalUrl !== p.url ? `Redirects to ${p.finalUrl}.` : null)),
  },
  {
    id: "sitemap-url-error",
    category: "sitemaps",
    severity: "error",
    title: "Sitemap lists a broken URL",
    why: "Error URLs in a sitemap tell search engines the sitemap is stale.",
    fix: "Remove the URL from the sitemap or restore the page.",
    run: (ctx) =>
      entries(ctx, (p) =>
        p.statusCode !== null && p.statusCode >= 400
          ? `Answers ${p.statusCode}.`
          : p.statusCode === null && p.fetchError
            ? `Could not be fetched (${p.fetchError}).`
            : null,
      ),
  },
  {
    id: "sitemap-url-noindex",
    category: "sitemaps",
    severity: "warning",
    title: "Sitemap lists a noindex URL",
    why: "Listing a page in the sitemap asks for indexing while noindex forbids it: a contradictory signal.",
    fix: "Remove noindex pages from the sitemap (or remove the noindex).",
    run: (ctx) => entries(ctx, (p) => (isOk(p) && isNoindex(p) ? "The page is noindex." : null)),
  },
  {
    id: "sitemap-url-non-canonical",
    category: "sitemaps",
    severity: "warning",
    title: "Sitemap lists a non-canonical URL",
    why: "Sitemaps should list canonical URLs only; others are ignored and waste crawling.",
    fix: "List the canonical URL instead.",
    run: (ctx) => entries(ctx, (p) => (isOk(p) && isCanonicalised(p) ? `Canonical is ${p.facts!.canonical}.` : null)),
  },
  {
    id: "sitemap-url-blocked",
    category: "sitemaps",
    severity: "warning",
    title: "Sitemap lists a URL blocked by robots.txt",
    why: "Search engines may not crawl the URL the sitemap asks them to index.",
    fix: "Allow the URL in robots.txt or remove it from the sitemap.",
    run: (ctx) => entries(ctx, (p) => (p.robotsBlocked ? "Disallowed by robots.txt." : null)),
  },
  {
    id: "sitemap-indexable-missing",
    category: "sitemaps",
    severity: "notice",
    title: "Indexable page missing from the sitemap",
    why: "Pages left out of the sitemap are discovered later, and only through links.",
    fix: "Add every indexable page to the sitemap (generate it from the CMS).",
    run: (ctx) =>
      hasSitemap(ctx)
        ? ctx.htmlPages
            .filter((p) => ctx.isIndexable(p) && !ctx.sitemapUrls.has(p.url) && !ctx.sitemapUrls.has(p.finalUrl))
            .map((p) => ({ url: p.url, message: "Indexable, but listed in no sitemap." }))
        : [],
  },
]);
