/** Link checks (HTML and SVG `<a>`, `<area>`). */
import { defineChecks, sample } from "./types.ts";
import { text } from "./texts.ts";

/** More links than this on one page dilutes each link and hints at boilerplate. */
export const MAX_LINKS = 300;

/**
 * Link texts that say nothing about the target, in several languages (compared after lower-casing,
 * dropping punctuation and arrows, and collapsing spaces). Based on Lighthouse's link-text audit.
 */
export const NON_DESCRIPTIVE_TEXTS = new Set([
  // English
  "click here",
  "click this",
  "click",
  "here",
  "right here",
  "read more",
  "more",
  "learn more",
  "more info",
  "more information",
  "information",
  "see more",
  "link",
  "this link",
  "this page",
  "this",
  "go",
  "start",
  "continue",
  "details",
  // German
  "hier klicken",
  "klicken sie hier",
  "hier",
  "mehr",
  "weiterlesen",
  "mehr erfahren",
  "mehr lesen",
  "weiter",
  "mehr infos",
  // French
  "cliquez ici",
  "ici",
  "en savoir plus",
  "lire la suite",
  "plus",
  "suite",
  // Spanish
  "haga clic aquí",
  "haz clic aquí",
  "aquí",
  "leer más",
  "más",
  "más información",
  "ver más",
  // Italian
  "clicca qui",
  "qui",
  "leggi di più",
  "scopri di più",
  "altro",
  // Portuguese
  "clique aqui",
  "aqui",
  "leia mais",
  "saiba mais",
  "mais",
  // Dutch, Polish
  "klik hier",
  "lees meer",
  "meer",
  "kliknij tutaj",
  "tutaj",
  "czytaj więcej",
  "więcej",
  // Russian, Ukrainian
  "подробнее",
  "здесь",
  "тут",
  "читать далее",
  "читать дальше",
  "далее",
  "нажмите здесь",
  "узнать больше",
  "ещё",
  "еще",
  "детальніше",
  "докладніше",
  "читати далі",
  "натисніть тут",
  "більше",
]);

/** Lower-cases and strips punctuation, symbols and arrows from a link text. */
export const normaliseLinkText = (t: string): string =>
  t
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

const isLoopbackHost = (h: string) => h === "localhost" || h.endsWith(".localhost") || /^127\./.test(h) || h === "[::1]" || h === "0.0.0.0";

export const linkChecks = defineChecks([
  {
    id: "links-empty-anchor",
    category: "links",
    severity: "warning",
    scope: "html",
    title: text(60111),
    why: text(60112),
    fix: text(60113),
    run: (ctx) => {
      const empty = ctx.page.links.items.filter((l) => l.text === "");
      return empty.length > 0 && { message: text(60114, { count: empty.length }), evidence: sample(empty.map((l) => l.href)) };
    },
  },
  {
    id: "links-non-descriptive-text",
    category: "links",
    severity: "notice",
    scope: "html",
    title: text(60115),
    why: text(60116),
    fix: text(60117),
    run: (ctx) => {
      const bad = ctx.page.links.items.filter((l) => NON_DESCRIPTIVE_TEXTS.has(normaliseLinkText(l.text)));
      return (
        bad.length > 0 && {
          message: text(60118, { count: bad.length }),
          evidence: sample(bad.map((l) => `"${l.text}" → ${l.href}`)),
        }
      );
    },
  },
  {
    id: "links-javascript",
    category: "links",
    severity: "notice",
    scope: "html",
    title: text(60120),
    why: text(60121),
    fix: text(60122),
    run: (ctx) => {
      const js = ctx.doc.anchors.filter((a) => /^javascript:/i.test(a.href));
      return js.length > 0 && { message: text(60123, { count: js.length }), evidence: sample(js.map((a) => a.href)) };
    },
  },
  {
    id: "links-localhost",
    category: "links",
    severity: "error",
    scope: "html",
    title: text(60124),
    why: text(60125),
    fix: text(60126),
    run: (ctx) => {
      if (isLoopbackHost(ctx.pageUrl.hostname)) return null; // a page served from localhost may link to itself
      const bad = ctx.page.links.items.filter((l) => {
        const u = URL.canParse(l.href) ? new URL(l.href) : null;
        return u !== null && (u.protocol === "http:" || u.protocol === "https:") && isLoopbackHost(u.hostname);
      });
      return bad.length > 0 && { message: text(60127, { count: bad.length }), evidence: sample(bad.map((l) => l.href)) };
    },
  },
  {
    id: "too-many-links",
    category: "links",
    severity: "notice",
    scope: "html",
    title: text(60128, { maxLinks: MAX_LINKS }),
    why: text(60129),
    fix: text(60130),
    run: (ctx) => ctx.page.links.items.length > MAX_LINKS && { message: text(60131, { count: ctx.page.links.items.length }) },
  },
  {
    id: "links-internal-nofollow",
    category: "links",
    severity: "notice",
    scope: "html",
    title: text(60132),
    why: text(60133),
    fix: text(60134),
    run: (ctx) => {
      const bad = ctx.page.links.items.filter((l) => l.internal && l.rel.split(/\s+/).includes("nofollow"));
      return bad.length > 0 && { message: text(60135, { count: bad.length }), evidence: sample(bad.map((l) => l.href)) };
    },
  },
  {
    id: "links-no-internal",
    category: "links",
    severity: "notice",
    scope: "html",
    title: text(60136),
    why: text(60137),
    fix: text(60138),
    run: (ctx) => ctx.page.links.internal === 0 && { message: text(60139) },
  },
]);
