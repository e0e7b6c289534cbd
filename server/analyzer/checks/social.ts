/** Open Graph checks beyond the required-tags check (structured-data.ts). */
import { defineChecks } from "./types.ts";

export const socialChecks = defineChecks([
  {
    id: "og-image-relative",
    category: "social",
    severity: "warning",
    scope: "html",
    title: "og:image is not an absolute URL",
    why: "Social networks do not resolve relative og:image URLs, so the share preview has no picture.",
    fix: "Use a full https:// URL in og:image.",
    run: (ctx) => {
      const img = ctx.page.openGraph["og:image"]?.trim();
      return !!img && !/^https?:\/\//i.test(img) && { message: "og:image is relative.", evidence: img };
    },
  },
  {
    id: "og-url-mismatch",
    category: "social",
    severity: "notice",
    scope: "html",
    title: "og:url differs from the canonical URL",
    why: "Shares and likes are counted per og:url; a different URL splits them from the page search engines index.",
    fix: "Set og:url to the page's canonical URL.",
    run: (ctx) => {
      const og = ctx.page.openGraph["og:url"]?.trim();
      const canonical = ctx.page.canonical ?? ctx.url;
      if (!og) return null;
      const resolved = ctx.resolve(og)?.href ?? og;
      return resolved !== canonical && { message: `og:url is ${resolved}, the canonical URL is ${canonical}.`, evidence: og };
    },
  },
  {
    id: "og-description-missing",
    category: "social",
    severity: "notice",
    scope: "html",
    title: "No og:description",
    why: "Without og:description, networks pick a random text snippet for the share preview.",
    fix: 'Add <meta property="og:description" content="…"> with a one-sentence summary.',
    run: (ctx) =>
      Object.keys(ctx.page.openGraph).length > 0 &&
      !ctx.page.openGraph["og:description"]?.trim() && { message: "The page has Open Graph tags but no og:description." },
  },
]);
