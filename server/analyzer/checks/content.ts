/** Heading structure and body content checks. */
import { defineChecks, sample } from "./types.ts";

/** Pages with fewer visible words than this are "thin". */
export const THIN_CONTENT_WORDS = 200;
/** Visible text below this share of the HTML bytes (in percent) is a low text-to-HTML ratio. */
export const TEXT_HTML_RATIO_MIN_PERCENT = 10;

export const contentChecks = defineChecks([
  {
    id: "h1-missing",
    category: "headings",
    severity: "warning",
    scope: "html",
    title: "No <h1> heading",
    why: "The main heading tells readers and search engines what the page is about.",
    fix: "Add one <h1> describing the page's main topic.",
    run: (ctx) => ctx.page.h1.length === 0 && { message: "The page has no <h1>." },
  },
  {
    id: "h1-multiple",
    category: "headings",
    severity: "notice",
    scope: "html",
    title: "More than one <h1>",
    why: "Several main headings blur the page's topic; one is clearer for users and assistive technology.",
    fix: "Keep a single <h1> and demote the others to <h2>.",
    run: (ctx) => ctx.page.h1.length > 1 && { message: `${ctx.page.h1.length} <h1> headings.`, evidence: sample(ctx.page.h1) },
  },
  {
    id: "h1-empty",
    category: "headings",
    severity: "warning",
    scope: "html",
    title: "Empty <h1>",
    why: "An empty main heading carries no meaning (often a logo image without alt text).",
    fix: "Put text in the <h1>, or give its image a descriptive alt.",
    run: (ctx) =>
      ctx.doc.headings.some((h) => h.level === 1 && h.text === "" && h.imageAlt === "") && {
        message: "An <h1> has no text and no image alt text.",
      },
  },
  {
    id: "heading-order-skipped",
    category: "headings",
    severity: "notice",
    scope: "html",
    title: "Heading levels skipped",
    why: "Jumping levels (h1 → h3) breaks the document outline that screen readers and crawlers rely on.",
    fix: "Go down one level at a time (h1, h2, h3); style with CSS rather than picking a level for its size.",
    run: (ctx) => {
      const jumps: string[] = [];
      let prev = 0;
      for (const h of ctx.page.headings) {
        if (prev > 0 && h.level > prev + 1) jumps.push(`h${prev} → h${h.level} "${h.text.slice(0, 60)}"`);
        prev = h.level;
      }
      return jumps.length > 0 && { message: `${jumps.length} skipped heading level(s).`, evidence: sample(jumps, 3) };
    },
  },
  {
    id: "thin-content",
    category: "content",
    severity: "warning",
    scope: "html",
    title: `Thin content (fewer than ${THIN_CONTENT_WORDS} words)`,
    why: "Pages with little text rarely rank: there is not enough to judge relevance or satisfy the query.",
    fix: "Add useful, original text, or merge the page into a stronger one.",
    run: (ctx) => ctx.page.wordCount < THIN_CONTENT_WORDS && { message: `${ctx.page.wordCount} words of visible text.` },
  },
  {
    id: "text-html-ratio-low",
    category: "content",
    severity: "notice",
    scope: "html",
    title: `Text-to-HTML ratio below ${TEXT_HTML_RATIO_MIN_PERCENT}%`,
    why: "Mostly markup and little text means heavy pages with thin content.",
    fix: "Move inline scripts and styles to files, trim markup, and add real content.",
    run: (ctx) => {
      if (ctx.htmlBytes === 0) return null;
      const pct = (Buffer.byteLength(ctx.doc.text) / ctx.htmlBytes) * 100;
      return pct < TEXT_HTML_RATIO_MIN_PERCENT && { message: `Visible text is ${pct.toFixed(1)}% of the HTML.` };
    },
  },
  {
    id: "lang-missing",
    category: "content",
    severity: "warning",
    scope: "html",
    title: "No lang attribute on <html>",
    why: "The language helps search engines serve the page to the right audience and screen readers pronounce it.",
    fix: 'Add lang to the html element, e.g. <html lang="en">.',
    run: (ctx) => !ctx.page.lang?.trim() && { message: "The <html> element has no lang attribute." },
  },
  {
    id: "doctype-missing",
    category: "content",
    severity: "notice",
    scope: "html",
    title: "No <!DOCTYPE html>",
    why: "Without a doctype browsers render in quirks mode, which breaks layouts, especially on mobile.",
    fix: "Start the document with <!DOCTYPE html>.",
    run: (ctx) => !ctx.doc.hasDoctype && { message: "The document has no doctype." },
  },
  {
    id: "charset-missing",
    category: "content",
    severity: "notice",
    scope: "html",
    title: "Character encoding not declared",
    why: "Without a declared charset browsers guess, and non-ASCII text can turn into mojibake.",
    fix: 'Send Content-Type: text/html; charset=utf-8 or put <meta charset="utf-8"> first in the head.',
    run: (ctx) => {
      const header = /charset=/i.test(ctx.headers["content-type"] ?? "");
      const meta = ctx.doc.metas.some((m) => m.charset !== null || (m.httpEquiv === "content-type" && /charset=/i.test(m.content ?? "")));
      return !header && !meta && { message: "Neither the Content-Type header nor a meta tag declares the charset." };
    },
  },
]);
