/** Link checks (HTML and SVG `<a>`, `<area>`). */
import { defineChecks, sample } from "./types.ts";

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
    title: "Links without anchor text",
    why: "Anchor text tells users and search engines what the target is; an empty link is also invisible to screen readers.",
    fix: "Give every link visible text, or an aria-label / an image with alt text.",
    run: (ctx) => {
      const empty = ctx.page.links.items.filter((l) => l.text === "");
      return empty.length > 0 && { message: `${empty.length} link(s) without text.`, evidence: sample(empty.map((l) => l.href)) };
    },
  },
  {
    id: "links-non-descriptive-text",
    category: "links",
    severity: "notice",
    scope: "html",
    title: "Non-descriptive link text",
    why: 'Texts like "click here" or "read more" say nothing about the target page.',
    fix: 'Use link text that names the target, e.g. "pricing of the site audit".',
    run: (ctx) => {
      const bad = ctx.page.links.items.filter((l) => NON_DESCRIPTIVE_TEXTS.has(normaliseLinkText(l.text)));
      return (
        bad.length > 0 && {
          message: `${bad.length} link(s) with generic text.`,
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
    title: "javascript: links",
    why: "Crawlers cannot follow javascript: URLs, so whatever they open is not discovered.",
    fix: "Use a real URL in href and attach behaviour with an event handler, or use a <button>.",
    run: (ctx) => {
      const js = ctx.doc.anchors.filter((a) => /^javascript:/i.test(a.href));
      return js.length > 0 && { message: `${js.length} link(s) with a javascript: URL.`, evidence: sample(js.map((a) => a.href)) };
    },
  },
  {
    id: "links-localhost",
    category: "links",
    severity: "error",
    scope: "html",
    title: "Links to localhost",
    why: "Links to localhost or 127.0.0.1 are leftovers from development and are broken for every visitor.",
    fix: "Replace them with the public URL (or a relative link).",
    run: (ctx) => {
      if (isLoopbackHost(ctx.pageUrl.hostname)) return null; // a page served from localhost may link to itself
      const bad = ctx.page.links.items.filter((l) => {
        const u = URL.canParse(l.href) ? new URL(l.href) : null;
        return u !== null && (u.protocol === "http:" || u.protocol === "https:") && isLoopbackHost(u.hostname);
      });
      return bad.length > 0 && { message: `${bad.length} link(s) to localhost.`, evidence: sample(bad.map((l) => l.href)) };
    },
  },
  {
    id: "too-many-links",
    category: "links",
    severity: "notice",
    scope: "html",
    title: `More than ${MAX_LINKS} links`,
    why: "Each link passes a smaller share of the page's value, and users cannot use that many.",
    fix: "Trim navigation and footer links; link to hub pages instead of every page.",
    run: (ctx) => ctx.page.links.items.length > MAX_LINKS && { message: `${ctx.page.links.items.length} links on the page.` },
  },
  {
    id: "links-internal-nofollow",
    category: "links",
    severity: "notice",
    scope: "html",
    title: 'Internal links with rel="nofollow"',
    why: "Nofollow on your own links blocks discovery and internal link equity for no benefit.",
    fix: "Remove nofollow from internal links; use noindex on the target if it should stay out of search.",
    run: (ctx) => {
      const bad = ctx.page.links.items.filter((l) => l.internal && l.rel.split(/\s+/).includes("nofollow"));
      return bad.length > 0 && { message: `${bad.length} internal nofollow link(s).`, evidence: sample(bad.map((l) => l.href)) };
    },
  },
  {
    id: "links-no-internal",
    category: "links",
    severity: "notice",
    scope: "html",
    title: "No internal links",
    why: "A page without internal links is a dead end for users and crawlers.",
    fix: "Link to related pages of the site (navigation, related content, breadcrumbs).",
    run: (ctx) => ctx.page.links.internal === 0 && { message: "The page links to no other page of the site." },
  },
]);
