/** More on-page checks: headings, language, robots directives, links, images, canonical, plugins. */
import { isValidHreflang } from "../lang-code.server.ts";
import { defineChecks, sample } from "./types.ts";

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
    title: "Title identical to the <h1>",
    why: "Title and main heading are two chances to describe the page; repeating one wastes the other.",
    fix: "Keep the <h1> short for readers and write a title that adds the brand or a benefit for the search result.",
    run: (ctx) => {
      const t = ctx.page.title?.trim().toLowerCase();
      return (
        !!t &&
        ctx.page.h1.some((h) => h.trim().toLowerCase() === t) && { message: "The title repeats the <h1>.", evidence: ctx.page.title! }
      );
    },
  },
  {
    id: "h1-too-long",
    category: "headings",
    severity: "notice",
    scope: "html",
    title: `<h1> longer than ${H1_MAX_CHARS} characters`,
    why: "A long main heading is hard to scan and dilutes the page's topic.",
    fix: "Shorten the <h1> to the page's topic in a few words; move the rest into the first paragraph.",
    run: (ctx) => {
      const long = ctx.page.h1.filter((h) => [...h].length > H1_MAX_CHARS);
      return long.length > 0 && { message: `${long.length} <h1> over ${H1_MAX_CHARS} characters.`, evidence: sample(long, 2) };
    },
  },
  {
    id: "heading-empty",
    category: "headings",
    severity: "notice",
    scope: "html",
    title: "Empty subheading",
    why: "Empty <h2>–<h6> elements add holes to the outline that screen readers announce.",
    fix: "Remove empty headings or give them text; use CSS for spacing.",
    run: (ctx) => {
      const empty = ctx.doc.headings.filter((h) => h.level > 1 && h.text === "" && h.imageAlt === "");
      return empty.length > 0 && { message: `${empty.length} empty heading(s).`, evidence: sample(empty.map((h) => `<h${h.level}>`)) };
    },
  },
  {
    id: "lang-invalid",
    category: "content",
    severity: "warning",
    scope: "html",
    title: "Invalid <html lang> code",
    why: "An invalid language code misleads screen readers, translation prompts and search engines' language detection.",
    fix: 'Use a BCP 47 code such as "en", "en-GB" or "pt-BR" (hyphen, not underscore).',
    run: (ctx) => {
      const lang = ctx.page.lang;
      return (
        lang !== null &&
        (lang.toLowerCase() === "x-default" || !isValidHreflang(lang)) && {
          message: `lang="${lang}" is not a valid language code.`,
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
    title: "Placeholder text (lorem ipsum)",
    why: "Leftover placeholder text looks unfinished to visitors and is low-quality content to search engines.",
    fix: "Replace the lorem ipsum with real content.",
    // The filler itself ("Lorem ipsum dolor sit amet…"), not a page that merely names it.
    run: (ctx) => /\blorem ipsum dolor\b/i.test(ctx.doc.text) && { message: "The page contains lorem ipsum text." },
  },
  {
    id: "robots-conflicting",
    category: "indexability",
    severity: "warning",
    scope: "html",
    title: "Conflicting robots directives",
    why: "When index and noindex (or follow and nofollow) are both given, Google applies the most restrictive one, which may not be what you meant.",
    fix: "Keep one robots directive set, in the meta tag or the X-Robots-Tag header, not both with different values.",
    run: (ctx) => {
      const all = new Set([...ctx.metaRobots, ...ctx.headerRobots]);
      const clashes = CONTRADICTIONS.filter(([a, b]) => all.has(a) && all.has(b)).map(([a, b]) => `${a} + ${b}`);
      return clashes.length > 0 && { message: `Contradicting directives: ${clashes.join("; ")}.`, evidence: [...all].join(", ") };
    },
  },
  {
    id: "snippet-restricted",
    category: "indexability",
    severity: "notice",
    scope: "html",
    title: "Search snippet suppressed",
    why: "nosnippet or max-snippet:0 removes the text under the result, which usually lowers clicks.",
    fix: "Remove nosnippet / max-snippet:0 unless the page must not be quoted.",
    run: (ctx) => {
      const d = [...ctx.metaRobots, ...ctx.headerRobots].filter((x) => x === "nosnippet" || /^max-snippet\s*:\s*0$/.test(x));
      return d.length > 0 && { message: "The robots directives suppress the snippet.", evidence: d.join(", ") };
    },
  },
  {
    id: "links-http-on-https",
    category: "links",
    severity: "warning",
    scope: "html",
    title: "Internal links to http:// from an HTTPS page",
    why: "Each such link costs a redirect to HTTPS (or serves the insecure page) and splits signals between two URLs.",
    fix: "Link to the https:// URLs (or use relative links).",
    run: (ctx) => {
      if (ctx.pageUrl.protocol !== "https:") return null;
      const bad = ctx.doc.anchors
        .map((a) => ctx.resolve(a.href))
        .filter((u): u is URL => u?.protocol === "http:" && bareHost(u) === bareHost(ctx.pageUrl))
        .map((u) => u.href);
      return bad.length > 0 && { message: `${bad.length} internal link(s) use http://.`, evidence: sample([...new Set(bad)]) };
    },
  },
  {
    id: "images-src-missing",
    category: "images",
    severity: "warning",
    scope: "html",
    title: "Image without src",
    why: "An <img> without a source shows a broken image and is invisible to image search.",
    fix: "Give every <img> a src (lazy-loading scripts should keep a real src or a <noscript> fallback).",
    run: (ctx) => {
      const n = ctx.doc.images.filter((i) => !i.src?.trim()).length;
      return n > 0 && { message: `${n} image(s) without a src attribute.` };
    },
  },
  {
    id: "canonical-other-domain",
    category: "canonical",
    severity: "notice",
    scope: "html",
    title: "Canonical points to another domain",
    why: "A cross-domain canonical hands this page's ranking to another site; right for syndicated copies, a disaster by mistake.",
    fix: "Check that the other domain is intended; otherwise point the canonical at this site.",
    run: (ctx) => {
      const c = ctx.page.canonical;
      const u = c ? URL.parse(c) : null;
      return !!u && bareHost(u) !== bareHost(ctx.pageUrl) && { message: `The canonical names ${u.hostname}.`, evidence: c! };
    },
  },
  {
    id: "canonical-http-on-https",
    category: "canonical",
    severity: "warning",
    scope: "html",
    title: "HTTPS page with an http:// canonical",
    why: "The canonical asks search engines to index the insecure version of the page.",
    fix: "Use the https:// URL in the canonical.",
    run: (ctx) =>
      ctx.pageUrl.protocol === "https:" &&
      ctx.page.canonical?.startsWith("http:") && { message: "The canonical uses http://.", evidence: ctx.page.canonical },
  },
  {
    id: "plugins-used",
    category: "mobile",
    severity: "warning",
    scope: "html",
    title: "Page uses browser plugins (<object>/<embed>)",
    why: "Phones and modern browsers do not run plugins such as Flash; the content is invisible to visitors and crawlers (Lighthouse “plugins”).",
    fix: "Replace plugin content with HTML5 video, images or standard markup.",
    run: (ctx) => {
      const list = ctx.doc.subresources.filter((r) => r.tag === "object" || r.tag === "embed").map((r) => r.url);
      return list.length > 0 && { message: `${list.length} plugin element(s).`, evidence: sample(list) };
    },
  },
]);
