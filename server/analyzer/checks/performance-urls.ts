/** Performance checks (server timing, page weight, DOM size) and URL shape checks. */
import { defineChecks, sample } from "./types.ts";

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
    title: `Slow server response (TTFB over ${SLOW_TTFB_MS} ms)`,
    why: "A slow first byte delays everything else and hurts Core Web Vitals (LCP).",
    fix: "Cache rendered pages, use a CDN, and profile slow database queries or backend calls.",
    run: (ctx) => ctx.timings.ttfbMs > SLOW_TTFB_MS && { message: `The server took ${Math.round(ctx.timings.ttfbMs)} ms to answer.` },
  },
  {
    id: "html-too-large",
    category: "performance",
    severity: "warning",
    scope: "html",
    title: "HTML larger than 2 MiB",
    why: "Huge documents are slow to download and parse, and crawlers stop reading very large files.",
    fix: "Remove inlined data (base64 images, big JSON state), paginate long lists.",
    run: (ctx) => ctx.htmlBytes > HTML_MAX_BYTES && { message: `The HTML is ${(ctx.htmlBytes / 1048576).toFixed(1)} MiB.` },
  },
  {
    id: "uncompressed-response",
    category: "performance",
    severity: "warning",
    scope: "html",
    title: "HTML served without compression",
    why: "gzip or Brotli shrink HTML by 70–90%, which speeds up every visit.",
    fix: "Enable gzip or Brotli for text/html in the web server or CDN.",
    run: (ctx) => {
      const enc = (ctx.headers["content-encoding"] ?? "").trim().toLowerCase();
      return (
        (enc === "" || enc === "identity") &&
        ctx.htmlBytes >= COMPRESSION_MIN_BYTES && { message: `${ctx.htmlBytes} bytes sent uncompressed.` }
      );
    },
  },
  {
    id: "dom-too-large",
    category: "performance",
    severity: "warning",
    scope: "html",
    title: `More than ${DOM_MAX_ELEMENTS} DOM elements`,
    why: "A large DOM costs memory, slows style calculation and makes interactions sluggish.",
    fix: "Render long lists lazily, and remove wrapper elements and hidden duplicates (e.g. separate mobile menus).",
    run: (ctx) => ctx.doc.elementCount > DOM_MAX_ELEMENTS && { message: `${ctx.doc.elementCount} elements.` },
  },
  {
    id: "render-blocking-resources",
    category: "performance",
    severity: "notice",
    scope: "html",
    title: `More than ${RENDER_BLOCKING_MAX} render-blocking resources in the head`,
    why: "Every synchronous script and stylesheet in the head must load before the first paint.",
    fix: "Add defer or async to scripts, inline critical CSS, and load the rest without blocking.",
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
          message: `${list.length} render-blocking resources (${scripts.length} scripts, ${styles.length} stylesheets).`,
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
    title: "URL path has upper-case letters",
    why: "URLs are case-sensitive; mixed case invites duplicates and broken links.",
    fix: "Use lower-case URLs and 301-redirect the mixed-case ones.",
    run: (ctx) =>
      /[A-Z]/.test(ctx.pageUrl.pathname) && { message: "The path contains upper-case letters.", evidence: ctx.pageUrl.pathname },
  },
  {
    id: "url-underscores",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: "URL path has underscores",
    why: "Google treats hyphens, not underscores, as word separators in URLs.",
    fix: "Use hyphens between words in new URLs.",
    run: (ctx) => ctx.pageUrl.pathname.includes("_") && { message: "The path contains underscores.", evidence: ctx.pageUrl.pathname },
  },
  {
    id: "url-too-long",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: `URL longer than ${URL_MAX_LENGTH} characters`,
    why: "Long URLs are hard to read, share and link, and are truncated in results.",
    fix: "Use short, descriptive paths without redundant folders or parameters.",
    run: (ctx) => ctx.url.length > URL_MAX_LENGTH && { message: `The URL has ${ctx.url.length} characters.` },
  },
  {
    id: "url-too-many-parameters",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: `More than ${URL_MAX_PARAMETERS} query parameters`,
    why: "Parameter-heavy URLs multiply into duplicates and waste crawl budget.",
    fix: "Keep only parameters that change the content, and canonicalise the rest.",
    run: (ctx) => {
      const n = [...ctx.pageUrl.searchParams.keys()].length;
      return n > URL_MAX_PARAMETERS && { message: `${n} query parameters.`, evidence: ctx.pageUrl.search };
    },
  },
]);
