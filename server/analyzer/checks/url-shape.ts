/** URL shape checks beyond case, underscores, length and parameter count (performance-urls.ts). */
import { defineChecks } from "./types.ts";

/** Query parameters and path parameters that carry session ids. */
const SESSION_PARAMS = /^(?:sid|sessid|sessionid|session_id|phpsessid|jsessionid|aspsessionid|cfid|cftoken|zenid|osCsid)$/i;

export const urlShapeChecks = defineChecks([
  {
    id: "url-spaces",
    category: "urls",
    severity: "warning",
    scope: "final",
    title: "URL contains spaces",
    why: "Spaces must be encoded as %20, which looks broken when shared and is often mangled by other sites linking in.",
    fix: "Use hyphens instead of spaces and 301-redirect the old URLs.",
    run: (ctx) => /%20|\+/.test(ctx.pageUrl.pathname) && { message: "The path contains encoded spaces.", evidence: ctx.pageUrl.pathname },
  },
  {
    id: "url-non-ascii",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: "URL contains non-ASCII characters",
    why: "Non-ASCII characters are percent-encoded on the wire; some tools and e-mail clients break such links.",
    fix: "Prefer ASCII slugs (transliterate), or make sure every link uses the same encoding.",
    run: (ctx) =>
      /%[89a-f][0-9a-f]/i.test(ctx.pageUrl.pathname) && {
        message: "The path has percent-encoded non-ASCII characters.",
        evidence: decodeURIComponentSafe(ctx.pageUrl.pathname),
      },
  },
  {
    id: "url-double-slash",
    category: "urls",
    severity: "notice",
    scope: "final",
    title: "URL path has a double slash",
    why: "`//` in a path usually comes from a template bug and creates duplicate URLs for the same content.",
    fix: "Fix the link template and 301-redirect the double-slash URLs.",
    run: (ctx) => ctx.pageUrl.pathname.includes("//") && { message: "The path contains //.", evidence: ctx.pageUrl.pathname },
  },
  {
    id: "url-session-id",
    category: "urls",
    severity: "warning",
    scope: "final",
    title: "Session id in the URL",
    why: "Session ids create endless duplicate URLs for crawlers and leak sessions when links are shared.",
    fix: "Keep sessions in cookies and remove session parameters from links.",
    run: (ctx) => {
      const keys = [...ctx.pageUrl.searchParams.keys()].filter((k) => SESSION_PARAMS.test(k));
      const pathParam = /;(?:jsessionid|phpsessid|sid)=/i.test(ctx.pageUrl.pathname);
      return (
        (keys.length > 0 || pathParam) && { message: "The URL carries a session id.", evidence: ctx.pageUrl.search || ctx.pageUrl.pathname }
      );
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
