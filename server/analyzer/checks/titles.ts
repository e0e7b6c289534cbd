/**
 * Title and meta description checks. Lengths are in characters (code points), the usual proxy
 * for the pixel widths search engines truncate at.
 */
import { defineChecks } from "./types.ts";
import { text } from "./texts.ts";

/** Titles longer than this are usually truncated in results. */
export const TITLE_MAX = 60;
/** Titles shorter than this waste the space and describe the page poorly. */
export const TITLE_MIN = 30;
/** Descriptions longer than this are usually truncated. */
export const DESCRIPTION_MAX = 160;
/** Descriptions shorter than this are often replaced by a snippet the engine picks. */
export const DESCRIPTION_MIN = 70;

const len = (s: string) => [...s].length;

export const titleChecks = defineChecks([
  {
    id: "title-missing",
    category: "titles",
    severity: "error",
    scope: "html",
    title: text(60041),
    why: text(60042),
    fix: text(60043),
    run: (ctx) => !ctx.page.title && { message: ctx.page.title === "" ? text(60044) : text(60045) },
  },
  {
    id: "title-too-long",
    category: "titles",
    severity: "warning",
    scope: "html",
    title: text(60046, { titleMax: TITLE_MAX }),
    why: text(60047),
    fix: text(60048, { titleMax: TITLE_MAX }),
    run: (ctx) =>
      ctx.page.title !== null &&
      len(ctx.page.title) > TITLE_MAX && { message: text(60049, { count: len(ctx.page.title) }), evidence: ctx.page.title },
  },
  {
    id: "title-too-short",
    category: "titles",
    severity: "notice",
    scope: "html",
    title: text(60050, { titleMin: TITLE_MIN }),
    why: text(60051),
    fix: text(60052, { titleMin: TITLE_MIN, titleMax: TITLE_MAX }),
    run: (ctx) =>
      !!ctx.page.title &&
      len(ctx.page.title) < TITLE_MIN && { message: text(60053, { count: len(ctx.page.title) }), evidence: ctx.page.title },
  },
  {
    id: "title-multiple",
    category: "titles",
    severity: "warning",
    scope: "html",
    title: text(60054),
    why: text(60055),
    fix: text(60056),
    run: (ctx) =>
      ctx.doc.titles.length > 1 && { message: text(60057, { count: ctx.doc.titles.length }), evidence: ctx.doc.titles.join(" | ") },
  },
  {
    id: "meta-description-missing",
    category: "meta-descriptions",
    severity: "warning",
    scope: "html",
    title: text(60058),
    why: text(60059),
    fix: text(60060),
    run: (ctx) =>
      !ctx.page.metaDescription?.trim() && {
        message: ctx.page.metaDescription === null ? text(60061) : text(60062),
      },
  },
  {
    id: "meta-description-too-long",
    category: "meta-descriptions",
    severity: "notice",
    scope: "html",
    title: text(60063, { descriptionMax: DESCRIPTION_MAX }),
    why: text(60064),
    fix: text(60065, { descriptionMax: DESCRIPTION_MAX }),
    run: (ctx) => {
      const d = ctx.page.metaDescription?.trim() ?? "";
      return len(d) > DESCRIPTION_MAX && { message: text(60066, { count: len(d) }), evidence: d };
    },
  },
  {
    id: "meta-description-too-short",
    category: "meta-descriptions",
    severity: "notice",
    scope: "html",
    title: text(60067, { descriptionMin: DESCRIPTION_MIN }),
    why: text(60068),
    fix: text(60069, { descriptionMin: DESCRIPTION_MIN, descriptionMax: DESCRIPTION_MAX }),
    run: (ctx) => {
      const d = ctx.page.metaDescription?.trim() ?? "";
      return d !== "" && len(d) < DESCRIPTION_MIN && { message: text(60070, { count: len(d) }), evidence: d };
    },
  },
  {
    id: "meta-description-multiple",
    category: "meta-descriptions",
    severity: "warning",
    scope: "html",
    title: text(60071),
    why: text(60072),
    fix: text(60073),
    run: (ctx) => {
      const n = ctx.doc.metas.filter((m) => m.name === "description").length;
      return n > 1 && { message: text(60074, { n }) };
    },
  },
]);
