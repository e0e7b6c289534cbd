/** Open Graph checks beyond the required-tags check (structured-data.ts). */
import { defineChecks } from "./types.ts";
import { text } from "./texts.ts";

export const socialChecks = defineChecks([
  {
    id: "og-image-relative",
    category: "social",
    severity: "warning",
    scope: "html",
    title: text(60360),
    why: text(60361),
    fix: text(60362),
    run: (ctx) => {
      const img = ctx.page.openGraph["og:image"]?.trim();
      return !!img && !/^https?:\/\//i.test(img) && { message: text(60363), evidence: img };
    },
  },
  {
    id: "og-url-mismatch",
    category: "social",
    severity: "notice",
    scope: "html",
    title: text(60364),
    why: text(60365),
    fix: text(60366),
    run: (ctx) => {
      const og = ctx.page.openGraph["og:url"]?.trim();
      const canonical = ctx.page.canonical ?? ctx.url;
      if (!og) return null;
      const resolved = ctx.resolve(og)?.href ?? og;
      return resolved !== canonical && { message: text(60367, { resolved, canonical }), evidence: og };
    },
  },
  {
    id: "og-description-missing",
    category: "social",
    severity: "notice",
    scope: "html",
    title: text(60368),
    why: text(60369),
    fix: text(60370),
    run: (ctx) => Object.keys(ctx.page.openGraph).length > 0 && !ctx.page.openGraph["og:description"]?.trim() && { message: text(60371) },
  },
]);
