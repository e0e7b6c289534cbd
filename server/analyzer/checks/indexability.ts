/** Robots directives: meta robots / googlebot and the X-Robots-Tag header. */
import { hasNofollow, hasNoindex } from "../directives.server.ts";
import { defineChecks } from "./types.ts";

export const indexabilityChecks = defineChecks([
  {
    id: "noindex",
    category: "indexability",
    severity: "warning",
    scope: "html",
    title: "Page is set to noindex (meta robots)",
    why: "A noindex directive keeps the page out of search results entirely.",
    fix: 'Remove noindex (or none) from <meta name="robots"> if the page should rank.',
    run: (ctx) => hasNoindex(ctx.metaRobots) && { message: "Meta robots forbids indexing.", evidence: ctx.metaRobots.join(", ") },
  },
  {
    id: "nofollow-page",
    category: "indexability",
    severity: "warning",
    scope: "html",
    title: "Page-level nofollow (meta robots)",
    why: "Crawlers will not follow any link on this page, so linked pages get no discovery or link equity from it.",
    fix: 'Remove nofollow (or none) from the meta robots tag; use rel="nofollow" on single links instead.',
    run: (ctx) => hasNofollow(ctx.metaRobots) && { message: "Meta robots forbids following links.", evidence: ctx.metaRobots.join(", ") },
  },
  {
    id: "x-robots-tag-noindex",
    category: "indexability",
    severity: "warning",
    scope: "response",
    title: "X-Robots-Tag header set to noindex",
    why: "The HTTP header keeps the URL out of search results, and is easy to miss because it is not in the HTML.",
    fix: "Remove noindex / none from the X-Robots-Tag header in the server or CDN configuration.",
    run: (ctx) =>
      hasNoindex(ctx.headerRobots) && { message: "The X-Robots-Tag header forbids indexing.", evidence: ctx.headers["x-robots-tag"] },
  },
]);
