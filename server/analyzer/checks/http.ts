/** HTTP status and response checks, and redirect checks. */
import { REDIRECT_RULES } from "./redirect-rules.ts";
import { defineChecks } from "./types.ts";
import { text } from "./texts.ts";

export const httpChecks = defineChecks([
  {
    id: "status-4xx",
    category: "http",
    severity: "error",
    scope: "response",
    title: text(60000),
    why: text(60001),
    fix: text(60002),
    run: (ctx) =>
      ctx.statusCode >= 400 &&
      ctx.statusCode < 500 && { message: text(60003, { statusCode: ctx.statusCode }), evidence: String(ctx.statusCode) },
  },
  {
    id: "status-5xx",
    category: "http",
    severity: "error",
    scope: "response",
    title: text(60004),
    why: text(60005),
    fix: text(60006),
    run: (ctx) => ctx.statusCode >= 500 && { message: text(60007, { statusCode: ctx.statusCode }), evidence: String(ctx.statusCode) },
  },
  {
    id: "content-type-not-html",
    category: "http",
    severity: "warning",
    scope: "response",
    title: text(60008),
    why: text(60009),
    fix: text(60010),
    run: (ctx) =>
      ctx.statusCode >= 200 &&
      ctx.statusCode < 300 &&
      !ctx.isHtml && {
        message: ctx.headers["content-type"] ? text(60011, { contentType: ctx.headers["content-type"] }) : text(60624),
        evidence: ctx.headers["content-type"],
      },
  },
  {
    id: "response-truncated",
    category: "http",
    severity: "notice",
    scope: "response",
    title: text(60012),
    why: text(60013),
    fix: text(60014),
    run: (ctx) => ctx.truncated && { message: text(60015, { bytes: ctx.htmlBytes }) },
  },
  {
    id: "redirect-chain",
    category: "redirects",
    severity: "warning",
    scope: "response",
    title: text(60016),
    why: text(60017),
    fix: text(60018),
    run: (ctx) => REDIRECT_RULES["redirect-chain"](ctx.redirects, ctx.url),
  },
  {
    id: "redirect-temporary",
    category: "redirects",
    severity: "notice",
    scope: "response",
    title: text(60019),
    why: text(60020),
    fix: text(60021),
    run: (ctx) => REDIRECT_RULES["redirect-temporary"](ctx.redirects, ctx.url),
  },
  {
    id: "redirect-https-to-http",
    category: "redirects",
    severity: "warning",
    scope: "response",
    title: text(60022),
    why: text(60023),
    fix: text(60024),
    run: (ctx) => REDIRECT_RULES["redirect-https-to-http"](ctx.redirects, ctx.url),
  },
  {
    id: "meta-refresh",
    category: "redirects",
    severity: "warning",
    scope: "html",
    title: text(60025),
    why: text(60026),
    fix: text(60027),
    run: (ctx) => {
      const meta = ctx.doc.metas.find((m) => m.httpEquiv === "refresh");
      return meta && { message: text(60028), evidence: meta.content ?? "" };
    },
  },
]);
