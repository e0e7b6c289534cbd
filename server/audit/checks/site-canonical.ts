/** Canonical targets and indexability across the crawl (robots.txt, canonicalised pages). */
import type { TextRef } from "../../../common/i18n/message.ts";
import type { AuditPage, IssueOccurrence } from "../model.ts";
import { isCanonicalised, isNoindex, isOk } from "../context.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";
import { text } from "../../analyzer/checks/texts.ts";

/** For each page whose canonical names another crawled URL, the message when `judge` finds the target wrong. */
function canonicalTargets(ctx: SiteContext, judge: (target: AuditPage) => TextRef | null): IssueOccurrence[] {
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
    title: text(60424),
    why: text(60425),
    fix: text(60426),
    run: (ctx) =>
      canonicalTargets(ctx, (t) => (t.redirects.length > 0 && t.url !== t.finalUrl ? text(60427, { finalUrl: t.finalUrl }) : null)),
  },
  {
    id: "canonical-to-error",
    category: "canonical",
    severity: "error",
    title: text(60428),
    why: text(60429),
    fix: text(60430),
    run: (ctx) =>
      canonicalTargets(ctx, (t) =>
        t.statusCode !== null && t.statusCode >= 400
          ? text(60431, { statusCode: t.statusCode })
          : t.statusCode === null && t.fetchError
            ? text(60432, { fetchError: t.fetchError })
            : null,
      ),
  },
  {
    id: "canonical-to-noindex",
    category: "canonical",
    severity: "error",
    title: text(60433),
    why: text(60434),
    fix: text(60435),
    run: (ctx) => canonicalTargets(ctx, (t) => (isOk(t) && isNoindex(t) ? text(60436) : null)),
  },
  {
    id: "canonical-to-non-canonical",
    category: "canonical",
    severity: "warning",
    title: text(60437),
    why: text(60438),
    fix: text(60439),
    run: (ctx) => canonicalTargets(ctx, (t) => (isOk(t) && isCanonicalised(t) ? text(60440, { canonical: t.facts!.canonical! }) : null)),
  },
  {
    id: "canonical-to-blocked",
    category: "canonical",
    severity: "warning",
    title: text(60441),
    why: text(60442),
    fix: text(60443),
    run: (ctx) => canonicalTargets(ctx, (t) => (t.robotsBlocked ? text(60444) : null)),
  },
  {
    id: "robots-txt-blocked",
    category: "indexability",
    severity: "notice",
    title: text(60445),
    why: text(60446),
    fix: text(60447),
    run: (ctx) =>
      ctx.input.pages.filter((p) => p.robotsBlocked).map((p) => ({ url: p.url, message: text(60448), evidence: robotsUrl(ctx) })),
  },
  {
    id: "robots-txt-missing",
    category: "indexability",
    severity: "notice",
    title: text(60449),
    why: text(60450),
    fix: text(60451),
    run: (ctx) => {
      const r = ctx.input.robotsTxt;
      return r === null || (r.statusCode !== null && r.statusCode >= 400 && r.statusCode < 500)
        ? [{ url: robotsUrl(ctx), message: r === null ? text(60452) : text(60453, { statusCode: r.statusCode! }) }]
        : [];
    },
  },
  {
    id: "robots-txt-unreachable",
    category: "indexability",
    severity: "error",
    title: text(60454),
    why: text(60455),
    fix: text(60456),
    run: (ctx) => {
      const r = ctx.input.robotsTxt;
      return r !== null && (r.statusCode === null || r.statusCode >= 500)
        ? [{ url: r.url, message: r.statusCode === null ? text(60457) : text(60458, { statusCode: r.statusCode }) }]
        : [];
    },
  },
]);
