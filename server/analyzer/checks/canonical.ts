/**
 * Canonical checks. Sources: `<link rel="canonical">` in the head (one outside the head is
 * ignored by Google) and `Link: <…>; rel="canonical"` headers.
 */
import { type CheckContext, defineChecks, sample } from "./types.ts";
import { text } from "./texts.ts";

const isAbsolute = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//");
const withoutHash = (u: string) => u.replace(/#.*$/, "");
const headCanonicals = (ctx: CheckContext) => ctx.canonicals.html.filter((c) => c.inHead);
const distinct = (list: (string | null)[]) => [...new Set(list.map((u) => (u === null ? "(invalid)" : withoutHash(u))))];

export const canonicalChecks = defineChecks([
  {
    id: "canonical-missing",
    category: "canonical",
    severity: "notice",
    scope: "html",
    title: text(60152),
    why: text(60153),
    fix: text(60154),
    run: (ctx) => headCanonicals(ctx).length === 0 && ctx.canonicals.header.length === 0 && { message: text(60155) },
  },
  {
    id: "canonical-multiple",
    category: "canonical",
    severity: "warning",
    scope: "html",
    title: text(60156),
    why: text(60157),
    fix: text(60158),
    run: (ctx) => {
      const urls = distinct(headCanonicals(ctx).map((c) => c.resolved));
      return urls.length > 1 && { message: text(60159, { count: urls.length }), evidence: sample(urls) };
    },
  },
  {
    id: "canonical-relative",
    category: "canonical",
    severity: "notice",
    scope: "html",
    title: text(60160),
    why: text(60161),
    fix: text(60162),
    run: (ctx) => {
      const rel = [...ctx.canonicals.html, ...ctx.canonicals.header].filter((c) => c.href !== "" && !isAbsolute(c.href));
      return rel.length > 0 && { message: text(60163), evidence: sample(rel.map((c) => c.href)) };
    },
  },
  {
    id: "canonical-invalid",
    category: "canonical",
    severity: "error",
    scope: "html",
    title: text(60164),
    why: text(60165),
    fix: text(60166),
    run: (ctx) => {
      const bad = [...headCanonicals(ctx), ...ctx.canonicals.header].filter((c) => c.resolved === null || c.href === "");
      return bad.length > 0 && { message: text(60167, { count: bad.length }), evidence: sample(bad.map((c) => c.href || '""')) };
    },
  },
  {
    id: "canonical-mismatch-link-header",
    category: "canonical",
    severity: "warning",
    scope: "html",
    title: text(60168),
    why: text(60169),
    fix: text(60170),
    run: (ctx) => {
      const html = distinct(headCanonicals(ctx).map((c) => c.resolved));
      const header = distinct(ctx.canonicals.header.map((c) => c.resolved));
      if (html.length === 0 || header.length === 0) return null;
      const mismatch = header.some((h) => !html.includes(h));
      return (
        mismatch && {
          message: text(60171),
          evidence: `Link: ${sample(header)}; <link rel="canonical">: ${sample(html)}`,
        }
      );
    },
  },
  {
    id: "canonical-in-body-ignored",
    category: "canonical",
    severity: "warning",
    scope: "html",
    title: text(60172),
    why: text(60173),
    fix: text(60174),
    run: (ctx) => {
      const body = ctx.canonicals.html.filter((c) => !c.inHead);
      return (
        body.length > 0 && {
          message: text(60175, { count: body.length }),
          evidence: sample(body.map((c) => c.href)),
        }
      );
    },
  },
  {
    id: "canonical-points-elsewhere",
    category: "canonical",
    severity: "notice",
    scope: "html",
    title: text(60176),
    why: text(60177),
    fix: text(60178),
    // A canonical on another host is reported by canonical-other-domain instead.
    run: (ctx) => {
      const c = ctx.page.canonical;
      const host = (u: string) => (URL.parse(u)?.hostname ?? "").replace(/^www\./, "");
      return (
        c !== null &&
        withoutHash(c) !== withoutHash(ctx.url) &&
        host(c) === host(ctx.url) && { message: text(60179, { url: c }), evidence: c }
      );
    },
  },
]);
