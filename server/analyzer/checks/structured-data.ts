/** Structured data (JSON-LD, microdata, RDFa) and social meta checks. */
import { missingRequired } from "../json-ld.server.ts";
import { defineChecks, sample } from "./types.ts";

/** Open Graph properties required by the protocol (ogp.me "Basic Metadata"). */
export const OG_REQUIRED = ["og:title", "og:type", "og:image", "og:url"];

export const structuredDataChecks = defineChecks([
  {
    id: "json-ld-invalid",
    category: "structured-data",
    severity: "error",
    scope: "html",
    title: "Invalid JSON-LD",
    why: "A JSON syntax error makes the whole block unreadable, so no rich result can come from it.",
    fix: "Fix the JSON (trailing commas, unescaped quotes, comments) and validate it with the Rich Results Test.",
    run: (ctx) =>
      ctx.jsonLd.errors.length > 0 && {
        message: `${ctx.jsonLd.errors.length} JSON-LD block(s) do not parse.`,
        evidence: sample(ctx.jsonLd.errors, 3),
      },
  },
  {
    id: "json-ld-missing-required",
    category: "structured-data",
    severity: "warning",
    scope: "html",
    title: "Structured data misses required properties",
    why: "Entities without their required properties are not eligible for rich results.",
    fix: "Add the listed properties (Article: headline; Product: name and offers, review or aggregateRating; BreadcrumbList: itemListElement; Organization: name or url; FAQPage: mainEntity; LocalBusiness: name and address; Review: itemReviewed and author).",
    run: (ctx) => {
      const missing = missingRequired(ctx.jsonLd.entities);
      return missing.length > 0 && { message: `${missing.length} entit(ies) miss required properties.`, evidence: sample(missing) };
    },
  },
  {
    id: "structured-data-missing",
    category: "structured-data",
    severity: "notice",
    scope: "html",
    title: "No structured data",
    why: "Structured data makes the page eligible for rich results and helps search engines understand entities.",
    fix: "Add schema.org JSON-LD that fits the page (Organization, Article, Product, BreadcrumbList…).",
    run: (ctx) => {
      const sd = ctx.page.structuredData;
      return sd.jsonLdBlocks === 0 && !sd.microdata && !sd.rdfa && { message: "No JSON-LD, microdata or RDFa found." };
    },
  },
  {
    id: "og-missing",
    category: "social",
    severity: "notice",
    scope: "html",
    title: "Open Graph tags missing",
    why: "Without og:title, og:type, og:image and og:url, shares on social networks show a poor or random preview.",
    fix: 'Add <meta property="og:…" content="…"> for title, type, image and url.',
    run: (ctx) => {
      const missing = OG_REQUIRED.filter((p) => !ctx.page.openGraph[p]?.trim());
      return missing.length > 0 && { message: `Missing ${missing.join(", ")}.`, evidence: missing.join(", ") };
    },
  },
  {
    id: "twitter-card-missing",
    category: "social",
    severity: "notice",
    scope: "html",
    title: "No twitter:card",
    why: "Without twitter:card, X (Twitter) shows links as a plain URL instead of a card.",
    fix: 'Add <meta name="twitter:card" content="summary_large_image">.',
    run: (ctx) => !ctx.page.twitter["twitter:card"]?.trim() && { message: "There is no twitter:card meta tag." },
  },
]);
