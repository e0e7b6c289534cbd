/** URL shape checks beyond case, underscores, length and parameter count (performance-urls.ts). */
import { defineChecks } from "./types.ts";
import { text } from "./texts.ts";

/** Query parameters and path parameters that carry session ids. */
const SESSION_PARAMS = /^(?:sid|sessid|sessionid|session_id|phpsessid|jsessionid|aspsessionid|cfid|cftoken|zenid|osCsid)$/i;

export const urlShapeChecks = defineChecks([
  {
    id: "url-spaces",
    category: "urls",
    severity: "warning",
    scope: "final",
    title: text(60372),
    why: text(60373),
    fix: text(60374),
    run: (ctx) => /%20|\+/.test(ctx.pageUrl.pathname) && { message: text(60375), evidence: ctx.pageUrl.pathname },
  },
  {
    id: "url-non-ascii",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: text(60376),
    why: text(60377),
    fix: text(60378),
    run: (ctx) =>
      /%[89a-f][0-9a-f]/i.test(ctx.pageUrl.pathname) && {
        message: text(60379),
        evidence: decodeURIComponentSafe(ctx.pageUrl.pathname),
      },
  },
  {
    id: "url-double-slash",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: text(60380),
    why: text(60381),
    fix: text(60382),
    run: (ctx) => ctx.pageUrl.pathname.includes("//") && { message: text(60383), evidence: ctx.pageUrl.pathname },
  },
  {
    id: "url-session-id",
    category: "urls",
    severity: "warning",
    scope: "final",
    title: text(60384),
    why: text(60385),
    fix: text(60386),
    run: (ctx) => {
      const keys = [...ctx.pageUrl.searchParams.keys()].filter((k) => SESSION_PARAMS.test(k));
      const pathParam = /;(?:jsessionid|phpsessid|sid)=/i.test(ctx.pageUrl.pathname);
      return (keys.length > 0 || pathParam) && { message: text(60387), evidence: ctx.pageUrl.search || ctx.pageUrl.pathname };
    },
  },
]);

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
