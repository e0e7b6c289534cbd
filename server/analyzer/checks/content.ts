/** Heading structure and body content checks. */
import { defineChecks, sample } from "./types.ts";
import { text } from "./texts.ts";

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
    title: text(60075),
    why: text(60076),
    fix: text(60077),
    run: (ctx) => ctx.page.h1.length === 0 && { message: text(60078) },
  },
  {
    id: "h1-multiple",
    category: "headings",
    severity: "notice",
    scope: "html",
    title: text(60079),
    why: text(60080),
    fix: text(60081),
    run: (ctx) => ctx.page.h1.length > 1 && { message: text(60082, { count: ctx.page.h1.length }), evidence: sample(ctx.page.h1) },
  },
  {
    id: "h1-empty",
    category: "headings",
    severity: "warning",
    scope: "html",
    title: text(60083),
    why: text(60084),
    fix: text(60085),
    run: (ctx) =>
      ctx.doc.headings.some((h) => h.level === 1 && h.text === "" && h.imageAlt === "") && {
        message: text(60086),
      },
  },
  {
    id: "heading-order-skipped",
    category: "headings",
    severity: "notice",
    scope: "html",
    title: text(60087),
    why: text(60088),
    fix: text(60089),
    run: (ctx) => {
      const jumps: string[] = [];
      let prev = 0;
      for (const h of ctx.page.headings) {
        if (prev > 0 && h.level > prev + 1) jumps.push(`h${prev} → h${h.level} "${h.text.slice(0, 60)}"`);
        prev = h.level;
      }
      return jumps.length > 0 && { message: text(60090, { count: jumps.length }), evidence: sample(jumps, 3) };
    },
  },
  {
    id: "thin-content",
    category: "content",
    severity: "warning",
    scope: "html",
    title: text(60091, { thinContentWords: THIN_CONTENT_WORDS }),
    why: text(60092),
    fix: text(60093),
    run: (ctx) => ctx.page.wordCount < THIN_CONTENT_WORDS && { message: text(60094, { count: ctx.page.wordCount }) },
  },
  {
    id: "text-html-ratio-low",
    category: "content",
    severity: "notice",
    scope: "html",
    title: text(60095, { textHtmlRatioMinPercent: TEXT_HTML_RATIO_MIN_PERCENT }),
    why: text(60096),
    fix: text(60097),
    run: (ctx) => {
      if (ctx.htmlBytes === 0) return null;
      const pct = (Buffer.byteLength(ctx.doc.text) / ctx.htmlBytes) * 100;
      return pct < TEXT_HTML_RATIO_MIN_PERCENT && { message: text(60098, { percent: pct.toFixed(1) }) };
    },
  },
  {
    id: "lang-missing",
    category: "content",
    severity: "warning",
    scope: "html",
    title: text(60099),
    why: text(60100),
    fix: text(60101),
    run: (ctx) => !ctx.page.lang?.trim() && { message: text(60102) },
  },
  {
    id: "doctype-missing",
    category: "content",
    severity: "notice",
    scope: "html",
    title: text(60103),
    why: text(60104),
    fix: text(60105),
    run: (ctx) => !ctx.doc.hasDoctype && { message: text(60106) },
  },
  {
    id: "charset-missing",
    category: "content",
    severity: "notice",
    scope: "html",
    title: text(60107),
    why: text(60108),
    fix: text(60109),
    run: (ctx) => {
      const header = /charset=/i.test(ctx.headers["content-type"] ?? "");
      const meta = ctx.doc.metas.some((m) => m.charset !== null || (m.httpEquiv === "content-type" && /charset=/i.test(m.content ?? "")));
      return !header && !meta && { message: text(60110) };
    },
  },
]);
