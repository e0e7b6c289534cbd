/** Site structure: orphan pages, click depth, internal PageRank, pages with a single or only nofollow inlinks. */
import { isNofollow } from "../context.ts";
import { defineSiteChecks } from "./types.ts";
import { text } from "../../analyzer/checks/texts.ts";

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
    title: text(60573),
    why: text(60574),
    fix: text(60575),
    run: (ctx) =>
      ctx.htmlPages
        .filter((p) => p.url !== ctx.input.startUrl && p.finalUrl !== ctx.input.startUrl && ctx.inlinksOf(p).length === 0)
        .map((p) => ({
          url: p.url,
          message: p.inSitemap ? text(60576) : text(60577),
        })),
  },
  {
    id: "crawl-depth-too-deep",
    category: "site-structure",
    severity: "notice",
    title: text(60578, { maxClickDepth: MAX_CLICK_DEPTH }),
    why: text(60579),
    fix: text(60580),
    run: (ctx) =>
      ctx.htmlPages
        .filter((p) => p.depth !== null && p.depth > MAX_CLICK_DEPTH)
        .map((p) => ({ url: p.url, message: text(60581, { depth: p.depth! }), evidence: text(60637, { depth: p.depth! }) })),
  },
  {
    id: "single-inlink",
    category: "site-structure",
    severity: "notice",
    title: text(60582),
    why: text(60583),
    fix: text(60584),
    run: (ctx) =>
      ctx.htmlPages.flatMap((p) => {
        if (!ctx.isIndexable(p) || p.url === ctx.input.startUrl) return [];
        const from = [...new Set(ctx.inlinksOf(p).map((l) => l.from))];
        return from.length === 1 ? [{ url: p.url, message: text(60585), evidence: from[0] }] : [];
      }),
  },
  {
    id: "nofollow-only-inlinks",
    category: "site-structure",
    severity: "warning",
    title: text(60586),
    why: text(60587),
    fix: text(60588),
    run: (ctx) =>
      ctx.htmlPages.flatMap((p) => {
        const links = ctx.inlinksOf(p);
        return ctx.isIndexable(p) && links.length > 0 && links.every((l) => isNofollow(l.rel))
          ? [{ url: p.url, message: text(60589, { count: links.length }), evidence: links[0]!.from }]
          : [];
      }),
  },
  {
    id: "low-link-score",
    category: "site-structure",
    severity: "notice",
    title: text(60590),
    why: text(60591),
    fix: text(60592),
    run: (ctx) => {
      const pages = ctx.htmlPages.filter((p) => ctx.isIndexable(p));
      if (pages.length < LOW_RANK_MIN_PAGES) return [];
      const shares = pages.map((p) => ctx.rankShare.get(p.url) ?? 0).sort((a, b) => a - b);
      const median = shares[Math.floor(shares.length / 2)]!;
      return pages
        .filter((p) => (ctx.rankShare.get(p.url) ?? 0) < LOW_RANK_OF_MEDIAN * median)
        .map((p) => ({
          url: p.url,
          message: text(60593, { percent: Math.round((100 * (ctx.rankShare.get(p.url) ?? 0)) / median) }),
          evidence: text(60638, { score: ctx.linkScore.get(p.url) ?? 0 }),
        }));
    },
  },
]);
