/** Site-wide link checks: link targets judged by what the crawl found at them. */
import type { AuditLink, IssueOccurrence } from "../model.ts";
import { isOk } from "../context.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";

const linkEvidence = (l: AuditLink) => `<a href="${l.to}">${l.anchor}</a>${l.rel ? ` rel="${l.rel}"` : ""}`;

/** One occurrence per (source page, target) of the hyperlinks matching `pick`. */
function linkOccurrences(ctx: SiteContext, internal: boolean, pick: (l: AuditLink) => string | null): IssueOccurrence[] {
  const out: IssueOccurrence[] = [];
  const seen = new Set<string>();
  for (const [from, links] of ctx.outlinks) {
    for (const l of links) {
      if (l.internal !== internal) continue;
      const key = `${from} ${l.to}`;
      if (seen.has(key)) continue;
      const message = pick(l);
      if (message === null) continue;
      seen.add(key);
      out.push({ url: from, message, evidence: linkEvidence(l) });
    }
  }
  return out;
}

export const siteLinkChecks = defineSiteChecks([
  {
    id: "links-broken-internal",
    category: "links",
    severity: "error",
    title: "Broken internal link",
    why: "Visitors hit an error page and crawlers waste budget; link equity flowing to the target is lost.",
    fix: "Point the link at a working URL, or restore the page (or 301-redirect it to its replacement).",
    run: (ctx) =>
      linkOccurrences(ctx, true, (l) => {
        const t = ctx.pageAt(l.to);
        if (!t || t.robotsBlocked) return null;
        if (t.statusCode === null) return t.fetchError ? `Links to ${l.to}, which could not be fetched (${t.fetchError}).` : null;
        return t.statusCode >= 400 ? `Links to ${l.to}, which answers ${t.statusCode}.` : null;
      }),
  },
  {
    id: "links-to-redirect",
    category: "links",
    severity: "warning",
    title: "Internal link to a redirect",
    why: "Every redirect costs the visitor a round trip and dilutes the link signal; crawlers may stop following long chains.",
    fix: "Update the link to point straight at the final URL.",
    run: (ctx) =>
      linkOccurrences(ctx, true, (l) => {
        const t = ctx.pages.get(l.to);
        return t && t.redirects.length > 0 && t.finalUrl !== l.to ? `Links to ${l.to}, which redirects to ${t.finalUrl}.` : null;
      }),
  },
  {
    id: "links-broken-external",
    category: "links",
    severity: "warning",
    title: "Broken external link",
    why: "Links to dead pages frustrate visitors and signal a poorly maintained page.",
    fix: "Update the link to the resource's new address or remove it.",
    run: (ctx) => {
      if (!ctx.input.settings.externalLinksChecked) return [];
      const results = new Map(ctx.input.resources.filter((r) => r.kind === "external-link").map((r) => [r.url, r]));
      return linkOccurrences(ctx, false, (l) => {
        const r = results.get(l.to);
        if (!r) return null;
        if (r.statusCode === null) return r.error ? `Links to ${l.to}, which could not be fetched (${r.error}).` : null;
        return r.statusCode >= 400 ? `Links to ${l.to}, which answers ${r.statusCode}.` : null;
      });
    },
  },
  {
    id: "links-to-blocked",
    category: "links",
    severity: "notice",
    title: "Internal link to a URL blocked by robots.txt",
    why: "Crawlers cannot follow the link, yet the URL may be indexed without content from the links alone.",
    fix: "Stop linking to blocked URLs, or allow them in robots.txt if they should rank.",
    run: (ctx) =>
      linkOccurrences(ctx, true, (l) => (ctx.pageAt(l.to)?.robotsBlocked ? `Links to ${l.to}, which robots.txt disallows.` : null)),
  },
  {
    id: "links-external-redirect",
    category: "links",
    severity: "notice",
    title: "External link that redirects",
    why: "Redirecting external links are often moved or expired pages; they slow visitors down.",
    fix: "Update the link to the final URL after checking it is still the right page.",
    run: (ctx) => {
      if (!ctx.input.settings.externalLinksChecked) return [];
      const moved = new Map(
        ctx.input.resources.filter((r) => r.kind === "external-link" && r.redirectedTo).map((r) => [r.url, r.redirectedTo!]),
      );
      return linkOccurrences(ctx, false, (l) => (moved.has(l.to) ? `Links to ${l.to}, which redirects to ${moved.get(l.to)}.` : null));
    },
  },
  {
    id: "links-to-noindex",
    category: "links",
    severity: "notice",
    title: "Internal link to a noindex page",
    why: "Linking to pages you keep out of the index passes link equity nowhere useful.",
    fix: "Link to indexable pages, or reconsider whether the target should be noindex.",
    run: (ctx) =>
      linkOccurrences(ctx, true, (l) => {
        const t = ctx.pageAt(l.to);
        return t && isOk(t) && t.facts?.robots.some((d) => d === "noindex" || d === "none") ? `Links to ${l.to}, which is noindex.` : null;
      }),
  },
]);
