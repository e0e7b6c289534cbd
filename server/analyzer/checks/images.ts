/** Image checks (HTML `<img>`; images inside SVG are not counted). */
import { defineChecks, sample } from "./types.ts";

/** Alt texts longer than this (characters) are cut by screen readers and look like keyword stuffing. */
export const ALT_MAX = 125;

export const imageChecks = defineChecks([
  {
    id: "images-missing-alt",
    category: "images",
    severity: "warning",
    scope: "html",
    title: "Images without an alt attribute",
    why: 'Alt text is how search engines and screen readers understand an image. alt="" is fine for decoration; no alt at all is not.',
    fix: 'Add alt text describing each meaningful image, and alt="" to purely decorative ones.',
    run: (ctx) => {
      const list = ctx.page.images.withoutAlt;
      return (
        list.length > 0 && { message: `${list.length} of ${ctx.page.images.total} image(s) have no alt attribute.`, evidence: sample(list) }
      );
    },
  },
  {
    id: "images-missing-dimensions",
    category: "images",
    severity: "notice",
    scope: "html",
    title: "Images without width and height",
    why: "Without dimensions the browser cannot reserve space, so the layout shifts as images load (CLS).",
    fix: "Set width and height attributes (the intrinsic size) on every <img>.",
    run: (ctx) => {
      const bad = ctx.doc.images.filter((i) => !i.width?.trim() || !i.height?.trim());
      return (
        bad.length > 0 && { message: `${bad.length} image(s) lack width or height.`, evidence: sample(bad.map((i) => i.src ?? "(no src)")) }
      );
    },
  },
  {
    id: "images-alt-too-long",
    category: "images",
    severity: "notice",
    scope: "html",
    title: `Alt text longer than ${ALT_MAX} characters`,
    why: "Very long alt texts are tiring for screen-reader users and read as keyword stuffing.",
    fix: `Keep alt text under ${ALT_MAX} characters; put long descriptions in the page text.`,
    run: (ctx) => {
      const bad = ctx.doc.images.filter((i) => i.alt !== null && [...i.alt.trim()].length > ALT_MAX);
      return (
        bad.length > 0 && {
          message: `${bad.length} image(s) with very long alt text.`,
          evidence: sample(bad.map((i) => i.src ?? "(no src)")),
        }
      );
    },
  },
]);
