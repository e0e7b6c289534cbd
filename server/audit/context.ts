/** Builds the indexed {@link SiteContext} the site checks read, once per audit. */
import type { AuditLink, AuditPage, SiteAuditInput } from "./model.ts";
import type { SiteContext } from "./checks/types.ts";
import { linkScores, pageRank } from "./graph.ts";

const HYPERLINK = new Set(["anchor", "area", "svg"]);

/** True for a hyperlink edge (anchor, area, SVG link). */
export const isHyperlink = (l: AuditLink): boolean => HYPERLINK.has(l.type);

/** True when `rel` has nofollow (or ugc/sponsored, which imply it for ranking). */
export const isNofollow = (rel: string): boolean => /(?:^|\s)(?:nofollow)(?:\s|$)/.test(rel);

const stripHash = (u: string) => {
  const i = u.indexOf("#");
  return i < 0 ? u : u.slice(0, i);
};

/** True when a 2xx status. */
export const isOk = (p: AuditPage): boolean => p.statusCode !== null && p.statusCode >= 200 && p.statusCode < 300;

/** Noindex (or "none") in meta robots or X-Robots-Tag. */
export const isNoindex = (p: AuditPage): boolean => p.facts !== null && p.facts.robots.some((d) => d === "noindex" || d === "none");

/** The canonical names another URL than the page's own final URL. */
export const isCanonicalised = (p: AuditPage): boolean =>
  p.facts !== null && p.facts.canonical !== null && stripHash(p.facts.canonical) !== stripHash(p.finalUrl);

/** Indexes the input for the site checks. */
export function buildSiteContext(input: SiteAuditInput): SiteContext {
  const pages = new Map<string, AuditPage>();
  const byFinal = new Map<string, AuditPage>();
  for (const p of input.pages) {
    pages.set(p.url, p);
    if (!byFinal.has(p.finalUrl) || p.redirects.length === 0) byFinal.set(p.finalUrl, p);
  }
  const pageAt = (url: string) => pages.get(url) ?? byFinal.get(url);
  // One entry per final URL: a redirecting URL stands for its target only when the target has no entry of its own.
  const htmlPages = input.pages.filter((p) => p.facts !== null && isOk(p) && !p.robotsBlocked && byFinal.get(p.finalUrl) === p);
  const htmlSet = new Set(htmlPages);
  const inlinks = new Map<string, AuditLink[]>();
  const outlinks = new Map<string, AuditLink[]>();
  for (const l of input.links) {
    if (!isHyperlink(l)) continue;
    const o = outlinks.get(l.from);
    if (o) o.push(l);
    else outlinks.set(l.from, [l]);
    if (!l.internal) continue;
    const i = inlinks.get(l.to);
    if (i) i.push(l);
    else inlinks.set(l.to, [l]);
  }
  const sitemapUrls = new Set(input.sitemapEntries.map((e) => e.url));
  const isIndexable = (p: AuditPage) => htmlSet.has(p) && !isNoindex(p) && !isCanonicalised(p);

  // PageRank over followed internal hyperlinks between HTML pages (a link to a redirect counts for its target).
  const index = new Map<string, number>();
  htmlPages.forEach((p, i) => {
    index.set(p.url, i);
    index.set(p.finalUrl, i);
  });
  const edges: [number, number][] = [];
  for (const l of input.links) {
    if (!l.internal || !isHyperlink(l) || isNofollow(l.rel)) continue;
    const a = index.get(l.from);
    const target = pageAt(l.to);
    const b = target ? index.get(target.finalUrl) : undefined;
    if (a !== undefined && b !== undefined) edges.push([a, b]);
  }
  const rank = pageRank(htmlPages.length, edges);
  const scores = linkScores(rank);
  const linkScore = new Map<string, number>();
  const rankShare = new Map<string, number>();
  htmlPages.forEach((p, i) => {
    linkScore.set(p.url, scores[i]!);
    rankShare.set(p.url, rank[i]! * htmlPages.length);
  });
  const inlinksOf = (p: AuditPage) => {
    const list = [...(inlinks.get(p.url) ?? []), ...(p.finalUrl !== p.url ? (inlinks.get(p.finalUrl) ?? []) : [])];
    return list.filter((l) => l.from !== p.url && l.from !== p.finalUrl);
  };

  return { input, pages, htmlPages, inlinks, outlinks, sitemapUrls, isIndexable, pageAt, linkScore, rankShare, inlinksOf };
}
