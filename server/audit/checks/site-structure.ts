/** Site structure: orphan pages, click depth, internal PageRank, pages with a single or only nofollow inlinks. */
import { isNofollow } from "../context.ts";
import { defineSiteChecks } from "./types.ts";

/** Pages more clicks than this from the start page are too deep. */
export const MAX_CLICK_DEPTH = 3;
/** A page whose internal PageRank is below this fraction of the median page's is weakly linked. */
export const LOW_RANK_OF_MEDIAN = 0.5;
/** Weak-link detection needs at least this many HTML pages to mean anything. */
export const LOW_RANK_MIN_PAGES = 10;

export const siteStructureChecks = defineSiteChecks([
  {
    id: "orphan-page",
    category: "site-structure",
    severity: "warning",
    title: "Orphan page (no internal links to it)",
    why: "Pages no other page links to are hard for visitors and crawlers to find and receive no internal link equity.",
    fix: "Link to the page from relevant pages and navigation, or remove it (and its sitemap entry) if obsolete.",
    run: (ctx) =>
      ctx.htmlPages
        .filter((p) => p.url !== ctx.input.startUrl && p.finalUrl !== ctx.input.startUrl && ctx.inlinksOf(p).length === 0)
        .map((p) => ({
          url: p.url,
          message: p.inSitemap ? "Listed in the sitemap but no crawled page links to it." : "No crawled page links to it.",
        })),
  },
  {
    id: "crawl-depth-too-deep",
    category: "site-structure",
    severity: "notice",
    title: `More than ${MAX_CLICK_DEPTH} clicks from the home page`,
    why: "Deep pages are crawled less often and look less important to search engines and visitors.",
    fix: "Flatten the structure: link important pages from the home page, hubs or navigation.",
    run: (ctx) =>
      ctx.htmlPages
        .filter((p) => p.depth !== null && p.depth > MAX_CLICK_DEPTH)
        .map((p) => ({ url: p.url, message: `${p.depth} clicks from the start page.`, evidence: `depth ${p.depth}` })),
  },
  {
    id: "single-inlink",
    category: "site-structure",
    severity: "notice",
    title: "Indexable page with only one internal link to it",
    why: "A single incoming link makes a page easy to lose and passes it little internal authority.",
    fix: "Link to the page from more relevant pages (related content, categories, hubs).",
    run: (ctx) =>
      ctx.htmlPages.flatMap((p) => {
        if (!ctx.isIndexable(p) || p.url === ctx.input.startUrl) return [];
        const from = [...new Set(ctx.inlinksOf(p).map((l) => l.from))];
        return from.length === 1 ? [{ url: p.url, message: "Only one page links here.", evidence: from[0] }] : [];
      }),
  },
  {
    id: "nofollow-only-inlinks",
    category: "site-structure",
    severity: "warning",
    title: "Internal links to the page are all nofollow",
    why: "nofollow on every internal link keeps the page out of the crawl path and passes it no link equity.",
    fix: "Remove rel=nofollow from internal links to pages you want indexed.",
    run: (ctx) =>
      ctx.htmlPages.flatMap((p) => {
        const links = ctx.inlinksOf(p);
        return ctx.isIndexable(p) && links.length > 0 && links.every((l) => isNofollow(l.rel))
          ? [{ url: p.url, message: `All ${links.length} internal link(s) here are nofollow.`, evidence: links[0]!.from }]
          : [];
      }),
  },
  {
    id: "low-link-score",
    category: "site-structure",
    severity: "notice",
    title: "Weak internal linking (low internal PageRank)",
    why: "Internal PageRank estimates how much link authority a page receives; weakly linked pages rank and get crawled less.",
    fix: "Link to the page from strong pages (home, hubs, popular articles).",
    run: (ctx) => {
      const pages = ctx.htmlPages.filter((p) => ctx.isIndexable(p));
      if (pages.length < LOW_RANK_MIN_PAGES) return [];
      const shares = pages.map((p) => ctx.rankShare.get(p.url) ?? 0).sort((a, b) => a - b);
      const median = shares[Math.floor(shares.length / 2)]!;
      return pages
        .filter((p) => (ctx.rankShare.get(p.url) ?? 0) < LOW_RANK_OF_MEDIAN * median)
        .map((p) => ({
          url: p.url,
          message: `Internal PageRank is ${Math.round((100 * (ctx.rankShare.get(p.url) ?? 0)) / median)}% of the median page's.`,
          evidence: `link score ${ctx.linkScore.get(p.url) ?? 0}/100`,
        }));
    },
  },
]);
