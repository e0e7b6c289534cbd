/** hreflang across the crawl: return links and what the alternates point at. */
import type { AuditHreflang, AuditPage, IssueOccurrence } from "../model.ts";
import { isCanonicalised, isNoindex, isOk } from "../context.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";

const evidence = (h: AuditHreflang) => `hreflang="${h.lang}" href="${h.href}"`;

/** For each alternate (not the page itself) that names a crawled URL, the message when `judge` finds a problem. */
function alternates(ctx: SiteContext, judge: (page: AuditPage, target: AuditPage, h: AuditHreflang) => string | null): IssueOccurrence[] {
  const out: IssueOccurrence[] = [];
  for (const p of ctx.htmlPages) {
    for (const h of p.facts!.hreflang) {
      if (!h.resolved) continue;
      const url = h.resolved.split("#")[0]!;
      if (url === p.url || url === p.finalUrl) continue;
      const target = ctx.pageAt(url);
      if (!target) continue;
      const message = judge(p, target, h);
      if (message !== null) out.push({ url: p.url, message, evidence: evidence(h) });
    }
  }
  return out;
}

export const siteHreflangChecks = defineSiteChecks([
  {
    id: "hreflang-missing-return",
    category: "hreflang",
    severity: "error",
    title: "hreflang without a return link",
    why: "Google ignores an hreflang pair unless both pages link to each other.",
    fix: "Add the reciprocal hreflang link on the alternate page (every version lists every other, and itself).",
    run: (ctx) =>
      alternates(ctx, (p, t) => {
        if (!isOk(t) || t.facts === null || t.redirects.length > 0) return null;
        const back = t.facts.hreflang.some((x) => x.resolved !== null && [p.url, p.finalUrl].includes(x.resolved.split("#")[0]!));
        return back ? null : `${t.url} does not link back with hreflang.`;
      }),
  },
  {
    id: "hreflang-to-redirect",
    category: "hreflang",
    severity: "warning",
    title: "hreflang points to a redirect",
    why: "Alternates must name the final URLs; redirects break the return-link matching.",
    fix: "Use the final URL of each language version.",
    run: (ctx) =>
      alternates(ctx, (_p, t) => (t.redirects.length > 0 && t.url !== t.finalUrl ? `The alternate redirects to ${t.finalUrl}.` : null)),
  },
  {
    id: "hreflang-to-error",
    category: "hreflang",
    severity: "error",
    title: "hreflang points to an error page",
    why: "An alternate that does not load cannot be shown to users of that language.",
    fix: "Fix the alternate page or remove its hreflang entry everywhere.",
    run: (ctx) =>
      alternates(ctx, (_p, t) =>
        t.statusCode !== null && t.statusCode >= 400
          ? `The alternate answers ${t.statusCode}.`
          : t.statusCode === null && t.fetchError
            ? `The alternate could not be fetched (${t.fetchError}).`
            : null,
      ),
  },
  {
    id: "hreflang-to-noindex",
    category: "hreflang",
    severity: "warning",
    title: "hreflang points to a noindex page",
    why: "A noindex alternate cannot appear in search, so the language cluster is broken.",
    fix: "Make the alternate indexable or remove it from the hreflang set.",
    run: (ctx) => alternates(ctx, (_p, t) => (isOk(t) && isNoindex(t) ? "The alternate is noindex." : null)),
  },
  {
    id: "hreflang-to-non-canonical",
    category: "hreflang",
    severity: "warning",
    title: "hreflang points to a non-canonical URL",
    why: "hreflang and canonical must agree: alternates should be the canonical URLs of each version.",
    fix: "List the canonical URL of each language version.",
    run: (ctx) =>
      alternates(ctx, (_p, t) => (isOk(t) && isCanonicalised(t) ? `The alternate's canonical is ${t.facts!.canonical}.` : null)),
  },
]);
