/** XML sitemaps (sitemaps.org protocol): the files themselves and the URLs they list, judged by the crawl. */
import type { TextRef } from "../../../common/i18n/message.ts";
import type { AuditPage, IssueOccurrence } from "../model.ts";
import { isCanonicalised, isNoindex, isOk } from "../context.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";
import { text } from "../../analyzer/checks/texts.ts";

/** Largest number of URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Occurrences for the sitemap entries whose crawled page `judge` finds wrong; one per URL. */
function entries(ctx: SiteContext, judge: (p: AuditPage) => TextRef | null): IssueOccurrence[] {
  const out: IssueOccurrence[] = [];
  const seen = new Set<string>();
  for (const e of ctx.input.sitemapEntries) {
    if (seen.has(e.url)) continue;
    seen.add(e.url);
    const p = ctx.pages.get(e.url);
    if (!p) continue;
    const message = judge(p);
    if (message !== null) out.push({ url: e.url, message, evidence: text(60636, { sitemap: e.sitemap }) });
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
    title: text(60527),
    why: text(60528),
    fix: text(60529),
    run: (ctx) => (hasSitemap(ctx) ? [] : [{ url: new URL("/sitemap.xml", ctx.input.origin).href, message: text(60530) }]),
  },
  {
    id: "sitemap-fetch-error",
    category: "sitemaps",
    severity: "error",
    title: text(60531),
    why: text(60532),
    fix: text(60533),
    run: (ctx) =>
      ctx.input.sitemaps
        .filter((s) => s.statusCode === null || s.statusCode >= 400 || s.errors.length > 0)
        .map((s) => ({
          url: s.url,
          message:
            s.statusCode === null
              ? text(60623)
              : s.statusCode >= 400
                ? text(60534, { statusCode: s.statusCode })
                : text(60535, { count: s.errors.length }),
          ...(s.errors.length > 0 ? { evidence: s.errors.slice(0, 3).join("; ") } : {}),
        })),
  },
  {
    id: "sitemap-too-many-urls",
    category: "sitemaps",
    severity: "error",
    title: text(60536, { sitemapMaxUrls: SITEMAP_MAX_URLS }),
    why: text(60537),
    fix: text(60538),
    run: (ctx) =>
      ctx.input.sitemaps.filter((s) => s.urls > SITEMAP_MAX_URLS).map((s) => ({ url: s.url, message: text(60539, { count: s.urls }) })),
  },
  {
    id: "sitemap-not-in-robots",
    category: "sitemaps",
    severity: "notice",
    title: text(60540),
    why: text(60541),
    fix: text(60542),
    run: (ctx) => {
      const r = ctx.input.robotsTxt;
      return hasSitemap(ctx) && r !== null && r.statusCode === 200 && r.sitemaps.length === 0 ? [{ url: r.url, message: text(60543) }] : [];
    },
  },
  {
    id: "sitemap-url-other-host",
    category: "sitemaps",
    severity: "warning",
    title: text(60544),
    why: text(60545),
    fix: text(60546),
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
        message: text(60547, { count: urls.length, host }),
        evidence: urls.slice(0, 3).join(", "),
      }));
    },
  },
  {
    id: "sitemap-url-redirect",
    category: "sitemaps",
    severity: "warning",
    title: text(60548),
    why: text(60549),
    fix: text(60550),
    run: (ctx) => entries(ctx, (p) => (p.redirects.length > 0 && p.finalUrl !== p.url ? text(60551, { finalUrl: p.finalUrl }) : null)),
  },
  {
    id: "sitemap-url-error",
    category: "sitemaps",
    severity: "error",
    title: text(60552),
    why: text(60553),
    fix: text(60554),
    run: (ctx) =>
      entries(ctx, (p) =>
        p.statusCode !== null && p.statusCode >= 400
          ? text(60555, { statusCode: p.statusCode })
          : p.statusCode === null && p.fetchError
            ? text(60556, { fetchError: p.fetchError })
            : null,
      ),
  },
  {
    id: "sitemap-url-noindex",
    category: "sitemaps",
    severity: "warning",
    title: text(60557),
    why: text(60558),
    fix: text(60559),
    run: (ctx) => entries(ctx, (p) => (isOk(p) && isNoindex(p) ? text(60560) : null)),
  },
  {
    id: "sitemap-url-non-canonical",
    category: "sitemaps",
    severity: "warning",
    title: text(60561),
    why: text(60562),
    fix: text(60563),
    run: (ctx) => entries(ctx, (p) => (isOk(p) && isCanonicalised(p) ? text(60564, { canonical: p.facts!.canonical! }) : null)),
  },
  {
    id: "sitemap-url-blocked",
    category: "sitemaps",
    severity: "warning",
    title: text(60565),
    why: text(60566),
    fix: text(60567),
    run: (ctx) => entries(ctx, (p) => (p.robotsBlocked ? text(60568) : null)),
  },
  {
    id: "sitemap-indexable-missing",
    category: "sitemaps",
    severity: "notice",
    title: text(60569),
    why: text(60570),
    fix: text(60571),
    run: (ctx) =>
      hasSitemap(ctx)
        ? ctx.htmlPages
            .filter((p) => ctx.isIndexable(p) && !ctx.sitemapUrls.has(p.url) && !ctx.sitemapUrls.has(p.finalUrl))
            .map((p) => ({ url: p.url, message: text(60572) }))
        : [],
  },
]);
