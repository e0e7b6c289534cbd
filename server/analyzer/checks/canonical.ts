/**
 * Canonical checks. Sources: `<link rel="canonical">` in the head (one outside the head is
 * ignored by Google) and `Link: <…>; rel="canonical"` headers.
 */
import { type CheckContext, defineChecks, sample } from "./types.ts";

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
    title: "No canonical URL",
    why: "Without a canonical, duplicate URLs (parameters, trailing slashes, http/https) compete and split signals.",
    fix: 'Add <link rel="canonical" href="https://…"> with the preferred absolute URL (self-referencing is fine).',
    run: (ctx) =>
      headCanonicals(ctx).length === 0 && ctx.canonicals.header.length === 0 && { message: "No canonical in the head or the Link header." },
  },
  {
    id: "canonical-multiple",
    category: "canonical",
    severity: "warning",
    scope: "html",
    title: "Several different canonical URLs",
    why: "With conflicting canonicals Google ignores them all and picks one itself.",
    fix: "Keep exactly one canonical link in the head.",
    run: (ctx) => {
      const urls = distinct(headCanonicals(ctx).map((c) => c.resolved));
      return urls.length > 1 && { message: `${urls.length} different canonical URLs in the head.`, evidence: sample(urls) };
    },
  },
  {
    id: "canonical-relative",
    category: "canonical",
    severity: "notice",
    scope: "html",
    title: "Relative canonical URL",
    why: "A relative canonical is easy to break (wrong base, staging copies) and Google recommends absolute URLs.",
    fix: "Write the canonical as an absolute URL with scheme and host.",
    run: (ctx) => {
      const rel = [...ctx.canonicals.html, ...ctx.canonicals.header].filter((c) => c.href !== "" && !isAbsolute(c.href));
      return rel.length > 0 && { message: "The canonical URL is relative.", evidence: sample(rel.map((c) => c.href)) };
    },
  },
  {
    id: "canonical-invalid",
    category: "canonical",
    severity: "error",
    scope: "html",
    title: "Canonical URL is empty or invalid",
    why: "An empty, unparsable or non-http(s) canonical is ignored, or worse, points at the wrong page.",
    fix: "Set the canonical href to the full https:// URL of the preferred page.",
    run: (ctx) => {
      const bad = [...headCanonicals(ctx), ...ctx.canonicals.header].filter((c) => c.resolved === null || c.href === "");
      return (
        bad.length > 0 && { message: `${bad.length} unusable canonical value(s).`, evidence: sample(bad.map((c) => c.href || "(empty)")) }
      );
    },
  },
  {
    id: "canonical-mismatch-link-header",
    category: "canonical",
    severity: "warning",
    scope: "html",
    title: "HTML canonical and Link header canonical disagree",
    why: "Two different canonical signals conflict, so search engines may ignore both.",
    fix: 'Make the Link header and the <link rel="canonical"> name the same URL, or drop one.',
    run: (ctx) => {
      const html = distinct(headCanonicals(ctx).map((c) => c.resolved));
      const header = distinct(ctx.canonicals.header.map((c) => c.resolved));
      if (html.length === 0 || header.length === 0) return null;
      const mismatch = header.some((h) => !html.includes(h));
      return (
        mismatch && {
          message: "The Link header names a different canonical than the HTML.",
          evidence: `header: ${sample(header)}; html: ${sample(html)}`,
        }
      );
    },
  },
  {
    id: "canonical-in-body-ignored",
    category: "canonical",
    severity: "warning",
    scope: "html",
    title: "Canonical link outside the <head> (ignored)",
    why: "Google only honours rel=canonical in the head; in the body it is ignored (it could be injected content).",
    fix: "Move the canonical link into the <head>, before any element that ends the head (e.g. an <img> or text).",
    run: (ctx) => {
      const body = ctx.canonicals.html.filter((c) => !c.inHead);
      return (
        body.length > 0 && {
          message: `${body.length} canonical link(s) in the body are ignored.`,
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
    title: "Canonical points to another URL",
    why: "This page asks to be folded into another URL, so it will not rank by itself. Fine for duplicates; a mistake otherwise.",
    fix: "If this page should rank, make its canonical self-referencing.",
    // A canonical on another host is reported by canonical-other-domain instead.
    run: (ctx) => {
      const c = ctx.page.canonical;
      const host = (u: string) => (URL.parse(u)?.hostname ?? "").replace(/^www\./, "");
      return (
        c !== null &&
        withoutHash(c) !== withoutHash(ctx.url) &&
        host(c) === host(ctx.url) && { message: `The canonical is ${c}, not this URL.`, evidence: c }
      );
    },
  },
]);
