/** Robots directives: meta robots / googlebot and the X-Robots-Tag header. */
import { hasNofollow, hasNoindex } from "../directives.server.ts";
import { defineChecks } from "./types.ts";
import { text } from "./texts.ts";

export const indexabilityChecks = defineChecks([
  {
    id: "noindex",
    category: "indexability",
    severity: "warning",
    scope: "html",
    title: text(60029),
    why: text(60030),
    fix: text(60031),
    run: (ctx) => hasNoindex(ctx.metaRobots) && { message: text(60032), evidence: ctx.metaRobots.join(", ") },
  },
  {
    id: "nofollow-page",
    category: "indexability",
    severity: "warning",
    scope: "html",
    title: text(60033),
    why: text(60034),
    fix: text(60035),
    run: (ctx) => hasNofollow(ctx.metaRobots) && { message: text(60036), evidence: ctx.metaRobots.join(", ") },
  },
  {
    id: "x-robots-tag-noindex",
    category: "indexability",
    severity: "warning",
    scope: "response",
    title: text(60037),
    why: text(60038),
    fix: text(60039),
    run: (ctx) => hasNoindex(ctx.headerRobots) && { message: text(60040), evidence: ctx.headers["x-robots-tag"] },
  },
]);
