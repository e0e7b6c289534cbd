/** Performance checks (server timing, page weight, DOM size) and URL shape checks. */
import { defineChecks, sample } from "./types.ts";
import { text } from "./texts.ts";

/** Server response time (request sent → first byte, connect excluded) above this is slow; PageSpeed's "reduce initial server response time" threshold. */
export const SLOW_TTFB_MS = 600;
/** HTML above this many bytes (2 MiB, uncompressed) is far beyond typical pages (median ~30 KB) and slows parsing. */
export const HTML_MAX_BYTES = 2 * 1024 * 1024;
/** Bodies smaller than this are not worth compressing. */
export const COMPRESSION_MIN_BYTES = 1024;
/** More elements than this is an excessive DOM (Lighthouse warns from about 800, fails from 1 400). */
export const DOM_MAX_ELEMENTS = 1500;
/** More synchronous scripts plus stylesheets in the head than this delays the first paint noticeably. */
export const RENDER_BLOCKING_MAX = 3;
/** URLs longer than this (characters) are hard to share and are truncated in results. */
export const URL_MAX_LENGTH = 115;
/** More query parameters than this suggests faceted or tracking URLs that create duplicates. */
export const URL_MAX_PARAMETERS = 3;

const JS_TYPES = new Set(["", "text/javascript", "application/javascript", "application/ecmascript", "text/ecmascript", "module"]);

export const performanceUrlChecks = defineChecks([
  {
    id: "slow-ttfb",
    category: "performance",
    severity: "warning",
    scope: "response",
    title: text(60259, { slowTtfbMs: SLOW_TTFB_MS }),
    why: text(60260),
    fix: text(60261),
    run: (ctx) => ctx.timings.ttfbMs > SLOW_TTFB_MS && { message: text(60262, { ms: Math.round(ctx.timings.ttfbMs) }) },
  },
  {
    id: "html-too-large",
    category: "performance",
    severity: "warning",
    scope: "html",
    title: text(60263),
    why: text(60264),
    fix: text(60265),
    run: (ctx) => ctx.htmlBytes > HTML_MAX_BYTES && { message: text(60266, { mebibytes: (ctx.htmlBytes / 1048576).toFixed(1) }) },
  },
  {
    id: "uncompressed-response",
    category: "performance",
    severity: "warning",
    scope: "html",
    title: text(60267),
    why: text(60268),
    fix: text(60269),
    run: (ctx) => {
      const enc = (ctx.headers["content-encoding"] ?? "").trim().toLowerCase();
      return (
        (enc === "" || enc === "identity") && ctx.htmlBytes >= COMPRESSION_MIN_BYTES && { message: text(60270, { bytes: ctx.htmlBytes }) }
      );
    },
  },
  {
    id: "dom-too-large",
    category: "performance",
    severity: "warning",
    scope: "html",
    title: text(60271, { domMaxElements: DOM_MAX_ELEMENTS }),
    why: text(60272),
    fix: text(60273),
    run: (ctx) => ctx.doc.elementCount > DOM_MAX_ELEMENTS && { message: text(60274, { count: ctx.doc.elementCount }) },
  },
  {
    id: "render-blocking-resources",
    category: "performance",
    severity: "notice",
    scope: "html",
    title: text(60275, { renderBlockingMax: RENDER_BLOCKING_MAX }),
    why: text(60276),
    fix: text(60277),
    run: (ctx) => {
      const scripts = ctx.doc.scripts.filter(
        (s) => s.inHead && s.src && !s.async && !s.defer && s.type !== "module" && JS_TYPES.has(s.type),
      );
      const styles = ctx.doc.linkTags.filter(
        (l) =>
          l.inHead && l.rel.includes("stylesheet") && !l.rel.includes("alternate") && (l.media ?? "all").trim().toLowerCase() !== "print",
      );
      const list = [...scripts.map((s) => s.src!), ...styles.map((l) => l.href ?? "")];
      return (
        list.length > RENDER_BLOCKING_MAX && {
          message: text(60278, { count: list.length, count2: scripts.length, count3: styles.length }),
          evidence: sample(list),
        }
      );
    },
  },
  {
    id: "url-uppercase",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: text(60279),
    why: text(60280),
    fix: text(60281),
    run: (ctx) => /[A-Z]/.test(ctx.pageUrl.pathname) && { message: text(60282), evidence: ctx.pageUrl.pathname },
  },
  {
    id: "url-underscores",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: text(60283),
    why: text(60284),
    fix: text(60285),
    run: (ctx) => ctx.pageUrl.pathname.includes("_") && { message: text(60286), evidence: ctx.pageUrl.pathname },
  },
  {
    id: "url-too-long",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: text(60287, { urlMaxLength: URL_MAX_LENGTH }),
    why: text(60288),
    fix: text(60289),
    run: (ctx) => ctx.url.length > URL_MAX_LENGTH && { message: text(60290, { count: ctx.url.length }) },
  },
  {
    id: "url-too-many-parameters",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: text(60291, { urlMaxParameters: URL_MAX_PARAMETERS }),
    why: text(60292),
    fix: text(60293),
    run: (ctx) => {
      const n = [...ctx.pageUrl.searchParams.keys()].length;
      return n > URL_MAX_PARAMETERS && { message: text(60294, { n }), evidence: ctx.pageUrl.search };
    },
  },
]);
