/** HTTP status and response checks, and redirect checks. */
import { REDIRECT_RULES } from "./redirect-rules.ts";
import { defineChecks } from "./types.ts";

export const httpChecks = defineChecks([
  {
    id: "status-4xx",
    category: "http",
    severity: "error",
    scope: "response",
    title: "Page returns a 4xx client error",
    why: "Search engines drop pages that answer 4xx from the index, and visitors land on an error.",
    fix: "Restore the page, or redirect (301) its URL to the closest live page and update links pointing to it.",
    run: (ctx) =>
      ctx.statusCode >= 400 &&
      ctx.statusCode < 500 && { message: `The page answered HTTP ${ctx.statusCode}.`, evidence: String(ctx.statusCode) },
  },
  {
    id: "status-5xx",
    category: "http",
    severity: "error",
    scope: "response",
    title: "Page returns a 5xx server error",
    why: "Server errors stop crawling; if they persist, search engines remove the page from the index.",
    fix: "Check the server and application logs for this URL and fix the failure; answer 503 with Retry-After during maintenance.",
    run: (ctx) => ctx.statusCode >= 500 && { message: `The server answered HTTP ${ctx.statusCode}.`, evidence: String(ctx.statusCode) },
  },
  {
    id: "content-type-not-html",
    category: "http",
    severity: "warning",
    scope: "response",
    title: "Response is not HTML",
    why: "Only HTML pages can carry titles, links and the other on-page signals checked here.",
    fix: "Analyse an HTML page, or serve this one with Content-Type: text/html; charset=utf-8.",
    run: (ctx) =>
      ctx.statusCode >= 200 &&
      ctx.statusCode < 300 &&
      !ctx.isHtml && {
        message: `The response is ${ctx.headers["content-type"] ?? "of unknown type"}, not HTML.`,
        evidence: ctx.headers["content-type"],
      },
  },
  {
    id: "response-truncated",
    category: "http",
    severity: "notice",
    scope: "response",
    title: "Page was cut at the download size limit",
    why: "Only the first part of the page was analysed; crawlers also stop reading very large pages.",
    fix: "Reduce the page size (see html-too-large); results below cover the downloaded part only.",
    run: (ctx) => ctx.truncated && { message: `Only the first ${ctx.htmlBytes} bytes were downloaded and analysed.` },
  },
  {
    id: "redirect-chain",
    category: "redirects",
    severity: "warning",
    scope: "response",
    title: "Redirect chain (more than one hop)",
    why: "Every extra hop costs a round trip for users and crawl budget, and crawlers stop following long chains.",
    fix: "Point the first URL (and every internal link to it) straight at the final URL with a single 301.",
    run: (ctx) => REDIRECT_RULES["redirect-chain"](ctx.redirects, ctx.url),
  },
  {
    id: "redirect-temporary",
    category: "redirects",
    severity: "notice",
    scope: "response",
    title: "Temporary redirect (302, 303 or 307)",
    why: "A temporary redirect keeps the old URL indexed; ranking signals move only with a permanent one.",
    fix: "Use 301 or 308 when the move is permanent.",
    run: (ctx) => REDIRECT_RULES["redirect-temporary"](ctx.redirects, ctx.url),
  },
  {
    id: "redirect-https-to-http",
    category: "redirects",
    severity: "warning",
    scope: "response",
    title: "Redirect from HTTPS down to HTTP",
    why: "Downgrading to HTTP exposes visitors and drops the HTTPS ranking signal.",
    fix: "Redirect to the HTTPS version of the target.",
    run: (ctx) => REDIRECT_RULES["redirect-https-to-http"](ctx.redirects, ctx.url),
  },
  {
    id: "meta-refresh",
    category: "redirects",
    severity: "warning",
    scope: "html",
    title: "Meta refresh redirect",
    why: "Meta refresh is slow, breaks the back button, and is a weaker signal than an HTTP redirect.",
    fix: "Replace the meta refresh with a server-side 301 redirect.",
    run: (ctx) => {
      const meta = ctx.doc.metas.find((m) => m.httpEquiv === "refresh");
      return meta && { message: 'The page uses <meta http-equiv="refresh">.', evidence: meta.content ?? "" };
    },
  },
]);
