/** More on-page checks: headings, language, robots directives, links, images, canonical, plugins. */
import { isValidHreflang } from "../lang-code.server.ts";
import { defineChecks, sample } from "./types.ts";
import { text } from "./texts.ts";

/** An <h1> longer than this (characters) reads as a paragraph, not a heading. */
export const H1_MAX_CHARS = 70;

const CONTRADICTIONS: readonly [string, string][] = [
  ["index", "noindex"],
  ["follow", "nofollow"],
];

const bareHost = (u: URL) => u.hostname.replace(/^www\./, "");

export const pageQualityChecks = defineChecks([
  {
    id: "title-same-as-h1",
    category: "titles",
    severity: "notice",
    scope: "html",
    title: text(60311),
    why: text(60312),
    fix: text(60313),
    run: (ctx) => {
      const t = ctx.page.title?.trim().toLowerCase();
      return !!t && ctx.page.h1.some((h) => h.trim().toLowerCase() === t) && { message: text(60314), evidence: ctx.page.title! };
    },
  },
  {
    id: "h1-too-long",
    category: "headings",
    severity: "notice",
    scope: "html",
    title: text(60315, { h1MaxChars: H1_MAX_CHARS }),
    why: text(60316),
    fix: text(60317),
    run: (ctx) => {
      const long = ctx.page.h1.filter((h) => [...h].length > H1_MAX_CHARS);
      return long.length > 0 && { message: text(60318, { count: long.length, h1MaxChars: H1_MAX_CHARS }), evidence: sample(long, 2) };
    },
  },
  {
    id: "heading-empty",
    category: "headings",
    severity: "notice",
    scope: "html",
    title: text(60319),
    why: text(60320),
    fix: text(60321),
    run: (ctx) => {
      const empty = ctx.doc.headings.filter((h) => h.level > 1 && h.text === "" && h.imageAlt === "");
      return empty.length > 0 && { message: text(60322, { count: empty.length }), evidence: sample(empty.map((h) => `<h${h.level}>`)) };
    },
  },
  {
    id: "lang-invalid",
    category: "content",
    severity: "warning",
    scope: "html",
    title: text(60323),
    why: text(60324),
    fix: text(60325),
    run: (ctx) => {
      const lang = ctx.page.lang;
      return (
        lang !== null &&
        (lang.toLowerCase() === "x-default" || !isValidHreflang(lang)) && {
          message: text(60326, { lang }),
          evidence: lang,
        }
      );
    },
  },
  {
    id: "placeholder-text",
    category: "content",
    severity: "warning",
    scope: "html",
    title: text(60327),
    why: text(60328),
    fix: text(60329),
    // The filler itself ("Lorem ipsum dolor sit amet…"), not a page that merely names it.
    run: (ctx) => /\blorem ipsum dolor\b/i.test(ctx.doc.text) && { message: text(60330) },
  },
  {
    id: "robots-conflicting",
    category: "indexability",
    severity: "warning",
    scope: "html",
    title: text(60331),
    why: text(60332),
    fix: text(60333),
    run: (ctx) => {
      const all = new Set([...ctx.metaRobots, ...ctx.headerRobots]);
      const clashes = CONTRADICTIONS.filter(([a, b]) => all.has(a) && all.has(b)).map(([a, b]) => `${a} + ${b}`);
      return clashes.length > 0 && { message: text(60335, { directives: clashes.join("; ") }), evidence: [...all].join(", ") };
    },
  },
  {
    id: "snippet-restricted",
    category: "indexability",
    severity: "notice",
    scope: "html",
    title: text(60336),
    why: text(60337),
    fix: text(60338),
    run: (ctx) => {
      const d = [...ctx.metaRobots, ...ctx.headerRobots].filter((x) => x === "nosnippet" || /^max-snippet\s*:\s*0$/.test(x));
      return d.length > 0 && { message: text(60339), evidence: d.join(", ") };
    },
  },
  {
    id: "links-http-on-https",
    category: "links",
    severity: "warning",
    scope: "html",
    title: text(60340),
    why: text(60341),
    fix: text(60342),
    run: (ctx) => {
      if (ctx.pageUrl.protocol !== "https:") return null;
      const bad = ctx.doc.anchors
        .map((a) => ctx.resolve(a.href))
        .filter((u): u is URL => u?.protocol === "http:" && bareHost(u) === bareHost(ctx.pageUrl))
        .map((u) => u.href);
      return bad.length > 0 && { message: text(60343, { count: bad.length }), evidence: sample([...new Set(bad)]) };
    },
  },
  {
    id: "images-src-missing",
    category: "images",
    severity: "warning",
    scope: "html",
    title: text(60344),
    why: text(60345),
    fix: text(60346),
    run: (ctx) => {
      const n = ctx.doc.images.filter((i) => !i.src?.trim()).length;
      return n > 0 && { message: text(60347, { n }) };
    },
  },
  {
    id: "canonical-other-domain",
    category: "canonical",
    severity: "notice",
    scope: "html",
    title: text(60348),
    why: text(60349),
    fix: text(60350),
    run: (ctx) => {
      const c = ctx.page.canonical;
      const u = c ? URL.parse(c) : null;
      return !!u && bareHost(u) !== bareHost(ctx.pageUrl) && { message: text(60351, { hostname: u.hostname }), evidence: c! };
    },
  },
  {
    id: "canonical-http-on-https",
    category: "canonical",
    severity: "warning",
    scope: "html",
    title: text(60352),
    why: text(60353),
    fix: text(60354),
    run: (ctx) =>
      ctx.pageUrl.protocol === "https:" &&
      ctx.page.canonical?.startsWith("http:") && { message: text(60355), evidence: ctx.page.canonical },
  },
  {
    id: "plugins-used",
    category: "mobile",
    severity: "warning",
    scope: "html",
    title: text(60356),
    why: text(60357),
    fix: text(60358),
    run: (ctx) => {
      const list = ctx.doc.subresources.filter((r) => r.tag === "object" || r.tag === "embed").map((r) => r.url);
      return list.length > 0 && { message: text(60359, { count: list.length }), evidence: sample(list) };
    },
  },
]);
