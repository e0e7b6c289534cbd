/** Site-wide link checks: link targets judged by what the crawl found at them. */
import type { TextRef } from "../../../common/i18n/message.ts";
import type { AuditLink, IssueOccurrence } from "../model.ts";
import { isOk } from "../context.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";
import { text } from "../../analyzer/checks/texts.ts";

const linkEvidence = (l: AuditLink) => `<a href="${l.to}">${l.anchor}</a>${l.rel ? ` rel="${l.rel}"` : ""}`;

/** One occurrence per (source page, target) of the hyperlinks matching `pick`. */
function linkOccurrences(ctx: SiteContext, internal: boolean, pick: (l: AuditLink) => TextRef | null): IssueOccurrence[] {
  const out: IssueOccurrence[] = [];
  // Targets already reported for the page at hand (each source page comes once): no key string
  // per link of the site (issue 14.1).
  const seen = new Set<string>();
  for (const [from, links] of ctx.outlinks) {
    seen.clear();
    for (const l of links) {
      if (l.internal !== internal) continue;
      if (seen.has(l.to)) continue;
      const message = pick(l);
      if (message === null) continue;
      seen.add(l.to);
      out.push({ url: from, message, evidence: linkEvidence(l), target: l.to });
    }
  }
  return out;
}

export const siteLinkChecks = defineSiteChecks([
  {
    id: "links-broken-internal",
    category: "links",
    severity: "error",
    title: text(60480),
    why: text(60481),
    fix: text(60482),
    run: (ctx) =>
      linkOccurrences(ctx, true, (l) => {
        const t = ctx.pageAt(l.to);
        if (!t || t.robotsBlocked) return null;
        if (t.statusCode === null) return t.fetchError ? text(60483, { to: l.to, fetchError: t.fetchError }) : null;
        return t.statusCode >= 400 ? text(60484, { to: l.to, statusCode: t.statusCode }) : null;
      }),
  },
  {
    id: "links-to-redirect",
    category: "links",
    severity: "warning",
    title: text(60485),
    why: text(60486),
    fix: text(60487),
    run: (ctx) =>
      linkOccurrences(ctx, true, (l) => {
        const t = ctx.pages.get(l.to);
        return t && t.redirects.length > 0 && t.finalUrl !== l.to ? text(60488, { to: l.to, finalUrl: t.finalUrl }) : null;
      }),
  },
  {
    id: "links-broken-external",
    category: "links",
    severity: "warning",
    title: text(60489),
    why: text(60490),
    fix: text(60491),
    run: (ctx) => {
      if (!ctx.input.settings.externalLinksChecked) return [];
      const results = new Map(ctx.input.resources.filter((r) => r.kind === "external-link").map((r) => [r.url, r]));
      return linkOccurrences(ctx, false, (l) => {
        const r = results.get(l.to);
        if (!r) return null;
        if (r.statusCode === null) return r.error ? text(60492, { to: l.to, error: r.error }) : null;
        return r.statusCode >= 400 ? text(60493, { to: l.to, statusCode: r.statusCode }) : null;
      });
    },
  },
  {
    id: "links-to-blocked",
    category: "links",
    severity: "notice",
    title: text(60494),
    why: text(60495),
    fix: text(60496),
    run: (ctx) => linkOccurrences(ctx, true, (l) => (ctx.pageAt(l.to)?.robotsBlocked ? text(60497, { to: l.to }) : null)),
  },
  {
    id: "links-external-redirect",
    category: "links",
    severity: "notice",
    title: text(60498),
    why: text(60499),
    fix: text(60500),
    run: (ctx) => {
      if (!ctx.input.settings.externalLinksChecked) return [];
      const moved = new Map(
        ctx.input.resources.filter((r) => r.kind === "external-link" && r.redirectedTo).map((r) => [r.url, r.redirectedTo!]),
      );
      return linkOccurrences(ctx, false, (l) => (moved.has(l.to) ? text(60501, { to: l.to, target: moved.get(l.to)! }) : null));
    },
  },
  {
    id: "links-to-noindex",
    category: "links",
    severity: "notice",
    title: text(60502),
    why: text(60503),
    fix: text(60504),
    run: (ctx) =>
      linkOccurrences(ctx, true, (l) => {
        const t = ctx.pageAt(l.to);
        return t && isOk(t) && t.facts?.robots.some((d) => d === "noindex" || d === "none") ? text(60505, { to: l.to }) : null;
      }),
  },
]);
