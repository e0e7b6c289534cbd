/**
 * Title and meta description checks. Lengths are in characters (code points), the usual proxy
 * for the pixel widths search engines truncate at.
 */
import { defineChecks } from "./types.ts";

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
    title: "Title is missing or empty",
    why: "The title is the headline of the search result and a strong relevance signal.",
    fix: "Add a unique, descriptive <title> in the <head>.",
    run: (ctx) => !ctx.page.title && { message: ctx.page.title === "" ? "The <title> is empty." : "There is no <title>." },
  },
  {
    id: "title-too-long",
    category: "titles",
    severity: "warning",
    scope: "html",
    title: `Title longer than ${TITLE_MAX} characters`,
    why: "Long titles are cut off in search results, hiding the end of the message.",
    fix: `Keep the title under ${TITLE_MAX} characters with the key words first.`,
    run: (ctx) =>
      ctx.page.title !== null &&
      len(ctx.page.title) > TITLE_MAX && { message: `The title has ${len(ctx.page.title)} characters.`, evidence: ctx.page.title },
  },
  {
    id: "title-too-short",
    category: "titles",
    severity: "notice",
    scope: "html",
    title: `Title shorter than ${TITLE_MIN} characters`,
    why: "A very short title wastes the most visible part of the search result.",
    fix: `Write a descriptive title of ${TITLE_MIN}–${TITLE_MAX} characters.`,
    run: (ctx) =>
      !!ctx.page.title &&
      len(ctx.page.title) < TITLE_MIN && { message: `The title has ${len(ctx.page.title)} characters.`, evidence: ctx.page.title },
  },
  {
    id: "title-multiple",
    category: "titles",
    severity: "warning",
    scope: "html",
    title: "More than one <title>",
    why: "Browsers and search engines use only one title; the others are noise or a template bug.",
    fix: "Keep a single <title> in the <head>.",
    run: (ctx) =>
      ctx.doc.titles.length > 1 && { message: `${ctx.doc.titles.length} <title> elements.`, evidence: ctx.doc.titles.join(" | ") },
  },
  {
    id: "meta-description-missing",
    category: "meta-descriptions",
    severity: "warning",
    scope: "html",
    title: "Meta description is missing or empty",
    why: "Without a description the search engine picks a snippet, often a poor one, which lowers click-through.",
    fix: 'Add <meta name="description" content="…"> summarising the page.',
    run: (ctx) =>
      !ctx.page.metaDescription?.trim() && {
        message: ctx.page.metaDescription === null ? "There is no meta description." : "The meta description is empty.",
      },
  },
  {
    id: "meta-description-too-long",
    category: "meta-descriptions",
    severity: "notice",
    scope: "html",
    title: `Meta description longer than ${DESCRIPTION_MAX} characters`,
    why: "Long descriptions are truncated in results.",
    fix: `Keep the description under ${DESCRIPTION_MAX} characters.`,
    run: (ctx) => {
      const d = ctx.page.metaDescription?.trim() ?? "";
      return len(d) > DESCRIPTION_MAX && { message: `The meta description has ${len(d)} characters.`, evidence: d };
    },
  },
  {
    id: "meta-description-too-short",
    category: "meta-descriptions",
    severity: "notice",
    scope: "html",
    title: `Meta description shorter than ${DESCRIPTION_MIN} characters`,
    why: "A short description is often replaced by text the engine picks from the page.",
    fix: `Write ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} characters that sell the click.`,
    run: (ctx) => {
      const d = ctx.page.metaDescription?.trim() ?? "";
      return d !== "" && len(d) < DESCRIPTION_MIN && { message: `The meta description has ${len(d)} characters.`, evidence: d };
    },
  },
  {
    id: "meta-description-multiple",
    category: "meta-descriptions",
    severity: "warning",
    scope: "html",
    title: "More than one meta description",
    why: "Search engines use only one; which one is unpredictable.",
    fix: 'Keep a single <meta name="description">.',
    run: (ctx) => {
      const n = ctx.doc.metas.filter((m) => m.name === "description").length;
      return n > 1 && { message: `${n} meta descriptions.` };
    },
  },
]);
