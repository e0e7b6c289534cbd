/**
 * Google rich-result requirements for seven schema.org types (developers.google.com/search/docs/
 * appearance/structured-data): each validator lists what a top-level JSON-LD entity lacks.
 * Nested checks follow Google's "required properties" tables: BreadcrumbList items need position
 * and name, FAQPage questions need name and acceptedAnswer.text, a Review needs reviewRating.ratingValue.
 */
import type { JsonLdEntity } from "./json-ld.server.ts";

/** The rich-result families checked, each with the schema.org types (and common subtypes) it covers. */
export const RICH_RESULT_TYPES = {
  article: ["Article", "NewsArticle", "BlogPosting", "TechArticle", "ScholarlyArticle", "Report"],
  product: ["Product", "ProductGroup", "IndividualProduct"],
  breadcrumb: ["BreadcrumbList"],
  organization: ["Organization", "Corporation", "NGO", "OnlineStore", "EducationalOrganization", "NewsMediaOrganization"],
  faq: ["FAQPage"],
  "local-business": [
    "LocalBusiness",
    "Restaurant",
    "Store",
    "Dentist",
    "Hotel",
    "AutoRepair",
    "MedicalBusiness",
    "LegalService",
    "FoodEstablishment",
    "HomeAndConstructionBusiness",
    "ProfessionalService",
  ],
  review: ["Review", "CriticReview", "UserReview"],
} as const;

/** A rich-result family key. */
export type RichResultKind = keyof typeof RICH_RESULT_TYPES;

type Node = Record<string, unknown>;
const isObject = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);
const present = (v: unknown): boolean => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const missing = (node: Node, groups: readonly (readonly string[])[]) =>
  groups.filter((g) => !g.some((p) => present(node[p]))).map((g) => g.join("|"));

/** Problems of one entity for its family (empty when it qualifies). */
const VALIDATORS: Record<RichResultKind, (node: Node) => string[]> = {
  article: (n) => missing(n, [["headline"]]),
  product: (n) => {
    const out = missing(n, [["name"], ["offers", "review", "aggregateRating"]]);
    list(n.offers).forEach((o, i) => {
      if (isObject(o) && !present(o.price) && !present(o.priceSpecification) && !present(o.lowPrice)) out.push(`offers[${i}].price`);
    });
    return out;
  },
  breadcrumb: (n) => {
    const items = list(n.itemListElement);
    if (items.length === 0) return ["itemListElement"];
    const out: string[] = [];
    items.forEach((it, i) => {
      if (!isObject(it)) return;
      if (!present(it.position)) out.push(`itemListElement[${i}].position`);
      const item = it.item;
      if (!present(it.name) && !(isObject(item) && present(item.name))) out.push(`itemListElement[${i}].name`);
    });
    return out;
  },
  organization: (n) => missing(n, [["name", "url"]]),
  faq: (n) => {
    const qs = list(n.mainEntity);
    if (qs.length === 0) return ["mainEntity"];
    const out: string[] = [];
    qs.forEach((q, i) => {
      if (!isObject(q)) return;
      if (!present(q.name)) out.push(`mainEntity[${i}].name`);
      const a = list(q.acceptedAnswer)[0];
      if (!isObject(a) || !present(a.text)) out.push(`mainEntity[${i}].acceptedAnswer.text`);
    });
    return out;
  },
  "local-business": (n) => missing(n, [["name"], ["address"]]),
  review: (n) => {
    const out = missing(n, [["itemReviewed"], ["author"], ["reviewRating"]]);
    if (isObject(n.reviewRating) && !present(n.reviewRating.ratingValue)) out.push("reviewRating.ratingValue");
    return out;
  },
};

/** For each entity of `kind` that lacks something: "Product: name, offers[0].price". */
export function richResultProblems(kind: RichResultKind, entities: readonly JsonLdEntity[]): string[] {
  const types: readonly string[] = RICH_RESULT_TYPES[kind];
  const out: string[] = [];
  for (const e of entities) {
    const type = e.types.find((t) => types.includes(t));
    if (!type) continue;
    const problems = VALIDATORS[kind](e.node);
    if (problems.length > 0) out.push(`${type}: ${problems.join(", ")}`);
  }
  return out;
}
