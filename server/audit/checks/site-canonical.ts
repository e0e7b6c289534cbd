/** Canonical targets and indexability across the crawl (robots.txt, canonicalised pages). */
import type { AuditPage, IssueOccurrence } from "../model.ts";
import { isCanonicalised, isNoindex, isOk } from "../context.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";

/** For each page whose canonical names another crawled URL, the message when `judge` finds the target wrong. */
function canonicalTargets(ctx: SiteContext, judge: (target: AuditPage) => string | null): IssueOccurrence[] {
  const out: IssueOccurrence[] = [];
  for (const p of ctx.htmlPages) {
    if (!isCanonicalised(p)) continue;
    const href = p.facts!.canonical!;
    const target = ctx.pageAt(href.split("#")[0]!);
    if (!target) continue;
    const message = judge(target);
    if (message !== null) out.push({ url: p.url, message, evidence: `<link rel="canonical" href="${href}">` });
  }
  return out;
}

const robotsUrl = (ctx: SiteContext) => ctx.input.robotsTxt?.url ?? new URL("/robots.txt", ctx.input.origin).href;

export const siteCanonicalChecks = defineSiteChecks([
  {
    id: "canonical-to-redirect",
    category: "canonical",
    severity: "warning",
    title: "Canonical points to a redirect",
    why: "A canonical must name the final URL; pointing at a redirect sends mixed signals and may be ignored.",
    fix: "Put the redirect's final URL in the canonical.",
    run: (ctx) =>
      canonicalTargets(ctx, (t) =>
        t.redirects.length > 0 && t.url !== t.finalUrl ? `The canonical target redirects to ${t.finalUrl}.` : null,
      ),
  },
  {
    id: "canonical-to-error",
    category: "canonical",
    severity: "error",
    title: "Canonical points to an error page",
    why: "Search engines ignore a canonical to a broken URL, and may drop the page if they follow it.",
    fix: "Point the canonical at a working URL (usually the page itself).",
    run: (ctx) =>
      canonicalTargets(ctx, (t) =>
        t.statusCode !== null && t.statusCode >= 400
          ? `The canonical target answers ${t.statusCode}.`
          : t.statusCode === null && t.fetchError
            ? `The canonical target could not be fetched (${t.fetchError}).`
            : null,
      ),
  },
  {
    id: "canonical-to-noindex",
    category: "canonical",
    severity: "error",
    title: "Canonical points to a noindex page",
    why: "The page hands its ranking to a URL that asks not to be indexed: neither may appear in search.",
    fix: "Remove noindex from the target or point the canonical elsewhere.",
    run: (ctx) => canonicalTargets(ctx, (t) => (isOk(t) && isNoindex(t) ? "The canonical target is noindex." : null)),
  },
  {
    id: "canonical-to-non-canonical",
    category: "canonical",
    severity: "warning",
    title: "Canonical points to a page that is itself canonicalised",
    why: "Canonical chains are not reliably followed; Google may pick neither URL.",
    fix: "Point the canonical straight at the final canonical URL.",
    run: (ctx) =>
      canonicalTargets(ctx, (t) =>
        isOk(t) && isCanonicalised(t) ? `The canonical target names ${t.facts!.canonical} as canonical.` : null,
      ),
  },
  {
    id: "canonical-to-blocked",
    category: "canonical",
    severity: "warning",
    title: "Canonical points to a URL blocked by robots.txt",
    why: "Search engines cannot crawl the canonical target, so they cannot confirm it.",
    fix: "Allow the target in robots.txt or choose another canonical.",
    run: (ctx) => canonicalTargets(ctx, (t) => (t.robotsBlocked ? "The canonical target is disallowed in robots.txt." : null)),
  },
  {
    id: "robots-txt-blocked",
    category: "indexability",
    severity: "notice",
    title: "Linked URL blocked by robots.txt",
    why: "Blocked URLs are not crawled; if linked, they can still be indexed without content, and they waste internal links.",
    fix: "Allow the URL if it should rank, or stop linking to it.",
    run: (ctx) =>
      ctx.input.pages
        .filter((p) => p.robotsBlocked)
        .map((p) => ({ url: p.url, message: "Disallowed by robots.txt for the crawl's user agent.", evidence: robotsUrl(ctx) })),
  },
  {
    id: "robots-txt-missing",
    category: "indexability",
    severity: "notice",
    title: "No robots.txt",
    why: "Without robots.txt crawlers get no sitemap hint and no rules; every request for it also logs a 404.",
    fix: "Publish /robots.txt with at least a Sitemap: line.",
    run: (ctx) => {
      const r = ctx.input.robotsTxt;
      return r === null || (r.statusCode !== null && r.statusCode >= 400 && r.statusCode < 500)
        ? [{ url: robotsUrl(ctx), message: r === null ? "robots.txt was not found." : `robots.txt answers ${r.statusCode}.` }]
        : [];
    },
  },
  {
    id: "robots-txt-unreachable",
    category: "indexability",
    severity: "error",
    title: "robots.txt answers with a server error",
    why: "Google treats a 5xx or unreachable robots.txt as 'disallow everything' and stops crawling the site.",
    fix: "Make /robots.txt answer 200 (or 404 if you have none).",
    run: (ctx) => {
      const r = ctx.input.robotsTxt;
      return r !== null && (r.statusCode === null || r.statusCode >= 500)
        ? [{ url: r.url, message: r.statusCode === null ? "robots.txt could not be fetched." : `robots.txt answers ${r.statusCode}.` }]
        : [];
    },
  },
]);
