/** Image checks (HTML `<img>`; images inside SVG are not counted). */
import { defineChecks, sample } from "./types.ts";
import { text } from "./texts.ts";

/** Alt texts longer than this (characters) are cut by screen readers and look like keyword stuffing. */
export const ALT_MAX = 125;

export const imageChecks = defineChecks([
  {
    id: "images-missing-alt",
    category: "images",
    severity: "warning",
    scope: "html",
    title: text(60140),
    why: text(60141),
    fix: text(60142),
    run: (ctx) => {
      const list = ctx.page.images.withoutAlt;
      return list.length > 0 && { message: text(60143, { count: list.length, total: ctx.page.images.total }), evidence: sample(list) };
    },
  },
  {
    id: "images-missing-dimensions",
    category: "images",
    severity: "notice",
    scope: "html",
    title: text(60144),
    why: text(60145),
    fix: text(60146),
    run: (ctx) => {
      const bad = ctx.doc.images.filter((i) => !i.width?.trim() || !i.height?.trim());
      return bad.length > 0 && { message: text(60147, { count: bad.length }), evidence: sample(bad.map((i) => i.src ?? "<img>")) };
    },
  },
  {
    id: "images-alt-too-long",
    category: "images",
    severity: "notice",
    scope: "html",
    title: text(60148, { altMax: ALT_MAX }),
    why: text(60149),
    fix: text(60150, { altMax: ALT_MAX }),
    run: (ctx) => {
      const bad = ctx.doc.images.filter((i) => i.alt !== null && [...i.alt.trim()].length > ALT_MAX);
      return (
        bad.length > 0 && {
          message: text(60151, { count: bad.length }),
          evidence: sample(bad.map((i) => i.src ?? "<img>")),
        }
      );
    },
  },
]);
