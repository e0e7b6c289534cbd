/** hreflang across the crawl: return links and what the alternates point at. */
import type { TextRef } from "../../../common/i18n/message.ts";
import type { AuditHreflang, AuditPage, IssueOccurrence } from "../model.ts";
import { isCanonicalised, isNoindex, isOk } from "../context.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";
import { text } from "../../analyzer/checks/texts.ts";

const evidence = (h: AuditHreflang) => `hreflang="${h.lang}" href="${h.href}"`;

/** For each alternate (not the page itself) that names a crawled URL, the message when `judge` finds a problem. */
function alternates(ctx: SiteContext, judge: (page: AuditPage, target: AuditPage, h: AuditHreflang) => TextRef | null): IssueOccurrence[] {
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
    title: text(60506),
    why: text(60507),
    fix: text(60508),
    run: (ctx) =>
      alternates(ctx, (p, t) => {
        if (!isOk(t) || t.facts === null || t.redirects.length > 0) return null;
        const back = t.facts.hreflang.some((x) => x.resolved !== null && [p.url, p.finalUrl].includes(x.resolved.split("#")[0]!));
        return back ? null : text(60509, { url: t.url });
      }),
  },
  {
    id: "hreflang-to-redirect",
    category: "hreflang",
    severity: "warning",
    title: text(60510),
    why: text(60511),
    fix: text(60512),
    run: (ctx) =>
      alternates(ctx, (_p, t) => (t.redirects.length > 0 && t.url !== t.finalUrl ? text(60513, { finalUrl: t.finalUrl }) : null)),
  },
  {
    id: "hreflang-to-error",
    category: "hreflang",
    severity: "error",
    title: text(60514),
    why: text(60515),
    fix: text(60516),
    run: (ctx) =>
      alternates(ctx, (_p, t) =>
        t.statusCode !== null && t.statusCode >= 400
          ? text(60517, { statusCode: t.statusCode })
          : t.statusCode === null && t.fetchError
            ? text(60518, { fetchError: t.fetchError })
            : null,
      ),
  },
  {
    id: "hreflang-to-noindex",
    category: "hreflang",
    severity: "warning",
    title: text(60519),
    why: text(60520),
    fix: text(60521),
    run: (ctx) => alternates(ctx, (_p, t) => (isOk(t) && isNoindex(t) ? text(60522) : null)),
  },
  {
    id: "hreflang-to-non-canonical",
    category: "hreflang",
    severity: "warning",
    title: text(60523),
    why: text(60524),
    fix: text(60525),
    run: (ctx) => alternates(ctx, (_p, t) => (isOk(t) && isCanonicalised(t) ? text(60526, { canonical: t.facts!.canonical! }) : null)),
  },
]);
