/**
 * schema.org JSON-LD builders for our own pages (issue 4 "Our own SEO"): Organization,
 * LocalBusiness (the Kyiv head office), BreadcrumbList, FAQPage and Product with Offer.
 * Pure functions; app/site/json-ld-script.tsx renders them.
 */
import type { PlanView } from "./plans.ts";

/** The company facts every JSON-LD block shares (from configuration, server/site/company.server.ts). */
export interface CompanyInfo {
  name: string;
  legalName: string;
  origin: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  lat: number;
  lng: number;
}

/** Organization: the company behind the site. */
export function organizationLd(c: CompanyInfo, description: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${c.origin}/#organization`,
    name: c.name,
    legalName: c.legalName,
    url: `${c.origin}/`,
    logo: `${c.origin}/favicon.svg`,
    description,
    email: c.email,
    telephone: c.phone,
    address: postalAddress(c),
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "customer support",
        email: c.email,
        telephone: c.phone,
        availableLanguage: ["en", "uk", "ru", "de", "es"],
      },
    ],
  };
}

function postalAddress(c: CompanyInfo) {
  return {
    "@type": "PostalAddress",
    streetAddress: c.street,
    addressLocality: c.city,
    postalCode: c.postalCode,
    addressCountry: c.country,
  };
}

/** LocalBusiness: the Kyiv head office with its coordinates and opening hours. */
export function localBusinessLd(c: CompanyInfo, pageUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${c.origin}/#office`,
    name: `${c.name} — ${c.city}`,
    url: pageUrl,
    image: `${c.origin}/favicon.svg`,
    email: c.email,
    telephone: c.phone,
    priceRange: "$$",
    address: postalAddress(c),
    geo: { "@type": "GeoCoordinates", latitude: c.lat, longitude: c.lng },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "18:00",
      },
    ],
    parentOrganization: { "@id": `${c.origin}/#organization` },
  };
}

/** BreadcrumbList from (name, absolute URL) pairs, home first. */
export function breadcrumbLd(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.url })),
  };
}

/** FAQPage from the question/answer pairs shown on the page. */
export function faqLd(pairs: { q: string; a: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: pairs.map((p) => ({ "@type": "Question", name: p.q, acceptedAnswer: { "@type": "Answer", text: p.a } })),
  };
}

/**
 * Product with one Offer per plan (prices in USD from the price tables, spec 3). `planName`
 * names each offer, e.g. "AutoSEO — 12 months".
 */
export function productLd(p: {
  name: string;
  description: string;
  url: string;
  image: string;
  origin: string;
  plans: PlanView[];
  planName: (plan: PlanView) => string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: p.description,
    image: p.image,
    url: p.url,
    brand: { "@type": "Brand", name: "Rankforge" },
    offers: p.plans.map((plan) => ({
      "@type": "Offer",
      name: p.planName(plan),
      sku: plan.productKey,
      price: (plan.priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: p.origin + plan.link,
      seller: { "@id": `${p.origin}/#organization` },
    })),
  };
}
