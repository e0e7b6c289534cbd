/** Structured data (JSON-LD, microdata, RDFa) and social meta checks. */
import { type RichResultKind, richResultProblems } from "../rich-results.server.ts";
import { type Check, defineChecks, sample } from "./types.ts";
import { text } from "./texts.ts";

/** The rich-result checks: family, check id, schema.org type, and the text id of the fix naming the required properties. */
const RICH_RESULT_CHECKS: readonly [RichResultKind, string, string, number][] = [
  ["article", "sd-article-incomplete", "Article", 60629],
  ["product", "sd-product-incomplete", "Product", 60630],
  ["breadcrumb", "sd-breadcrumb-incomplete", "BreadcrumbList", 60631],
  ["organization", "sd-organization-incomplete", "Organization", 60632],
  ["faq", "sd-faq-incomplete", "FAQPage", 60633],
  ["local-business", "sd-local-business-incomplete", "LocalBusiness", 60634],
  ["review", "sd-review-incomplete", "Review", 60635],
];

/** Open Graph properties required by the protocol (ogp.me "Basic Metadata"). */
export const OG_REQUIRED = ["og:title", "og:type", "og:image", "og:url"];

export const structuredDataChecks = defineChecks([
  {
    id: "json-ld-invalid",
    category: "structured-data",
    severity: "error",
    scope: "html",
    title: text(60201),
    why: text(60202),
    fix: text(60203),
    run: (ctx) =>
      ctx.jsonLd.errors.length > 0 && {
        message: text(60204, { count: ctx.jsonLd.errors.length }),
        evidence: sample(ctx.jsonLd.errors, 3),
      },
  },
  {
    id: "json-ld-context-missing",
    category: "structured-data",
    severity: "warning",
    scope: "html",
    title: text(60205),
    why: text(60206),
    fix: text(60207),
    run: (ctx) => {
      const bad = ctx.jsonLd.entities.filter((e) => !e.schemaContext);
      return (
        bad.length > 0 && {
          message: text(60208, { count: bad.length }),
          evidence: sample(bad.map((e) => e.types.join("/") || "—")),
        }
      );
    },
  },
  {
    id: "json-ld-type-missing",
    category: "structured-data",
    severity: "notice",
    scope: "html",
    title: text(60209),
    why: text(60210),
    fix: text(60211),
    run: (ctx) => {
      const n = ctx.jsonLd.entities.filter((e) => e.types.length === 0).length;
      return n > 0 && { message: text(60212, { n }) };
    },
  },
  ...RICH_RESULT_CHECKS.map(([kind, id, label, fix]): Check => ({
    id,
    category: "structured-data",
    severity: "warning",
    scope: "html",
    title: text(60627, { label }),
    why: text(60628, { label }),
    fix: text(fix),
    run: (ctx) => {
      const problems = richResultProblems(kind, ctx.jsonLd.entities);
      return problems.length > 0 && { message: text(60213, { count: problems.length, label }), evidence: sample(problems) };
    },
  })),
  {
    id: "structured-data-missing",
    category: "structured-data",
    severity: "notice",
    scope: "html",
    title: text(60214),
    why: text(60215),
    fix: text(60216),
    run: (ctx) => {
      const sd = ctx.page.structuredData;
      return sd.jsonLdBlocks === 0 && !sd.microdata && !sd.rdfa && { message: text(60217) };
    },
  },
  {
    id: "og-missing",
    category: "social",
    severity: "notice",
    scope: "html",
    title: text(60218),
    why: text(60219),
    fix: text(60220),
    run: (ctx) => {
      const missing = OG_REQUIRED.filter((p) => !ctx.page.openGraph[p]?.trim());
      return missing.length > 0 && { message: text(60221, { properties: missing.join(", ") }), evidence: missing.join(", ") };
    },
  },
  {
    id: "twitter-card-missing",
    category: "social",
    severity: "notice",
    scope: "html",
    title: text(60222),
    why: text(60223),
    fix: text(60224),
    run: (ctx) => !ctx.page.twitter["twitter:card"]?.trim() && { message: text(60225) },
  },
]);
