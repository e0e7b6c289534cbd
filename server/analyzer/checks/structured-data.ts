/** Structured data (JSON-LD, microdata, RDFa) and social meta checks. */
import { type RichResultKind, richResultProblems } from "../rich-results.server.ts";
import { type Check, defineChecks, sample } from "./types.ts";

/** The rich-result checks: family, check id, label, and the required properties in words. */
const RICH_RESULT_CHECKS: readonly [RichResultKind, string, string, string][] = [
  ["article", "sd-article-incomplete", "Article", "headline"],
  ["product", "sd-product-incomplete", "Product", "name; offers, review or aggregateRating; a price on each offer"],
  ["breadcrumb", "sd-breadcrumb-incomplete", "BreadcrumbList", "itemListElement, each with position and name"],
  ["organization", "sd-organization-incomplete", "Organization", "name or url"],
  ["faq", "sd-faq-incomplete", "FAQPage", "mainEntity questions, each with name and acceptedAnswer.text"],
  ["local-business", "sd-local-business-incomplete", "LocalBusiness", "name and address"],
  ["review", "sd-review-incomplete", "Review", "itemReviewed, author and reviewRating with ratingValue"],
];

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
    id: "json-ld-context-missing",
    category: "structured-data",
    severity: "warning",
    scope: "html",
    title: "JSON-LD without a schema.org @context",
    why: "Without @context the types and properties are plain JSON keys: search engines cannot map them to schema.org.",
    fix: 'Start each block with "@context": "https://schema.org".',
    run: (ctx) => {
      const bad = ctx.jsonLd.entities.filter((e) => !e.schemaContext);
      return (
        bad.length > 0 && {
          message: `${bad.length} entit(ies) without a schema.org @context.`,
          evidence: sample(bad.map((e) => e.types.join("/") || "(no @type)")),
        }
      );
    },
  },
  {
    id: "json-ld-type-missing",
    category: "structured-data",
    severity: "notice",
    scope: "html",
    title: "JSON-LD entity without @type",
    why: "An entity without @type cannot be recognised as an Article, Product or any other rich-result type.",
    fix: 'Give every top-level entity an "@type" (for example "Organization").',
    run: (ctx) => {
      const n = ctx.jsonLd.entities.filter((e) => e.types.length === 0).length;
      return n > 0 && { message: `${n} top-level JSON-LD entit(ies) have no @type.` };
    },
  },
  ...RICH_RESULT_CHECKS.map(([kind, id, label, required]): Check => ({
    id,
    category: "structured-data",
    severity: "warning",
    scope: "html",
    title: `${label} structured data misses required properties`,
    why: `Google shows ${label} rich results only when the required properties are present; otherwise the markup is ignored.`,
    fix: `Add the required properties (${required}) and validate with the Rich Results Test.`,
    run: (ctx) => {
      const problems = richResultProblems(kind, ctx.jsonLd.entities);
      return problems.length > 0 && { message: `${problems.length} ${label} entit(ies) are incomplete.`, evidence: sample(problems) };
    },
  })),
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
