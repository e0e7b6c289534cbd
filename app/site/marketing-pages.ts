import { PAGE_BASE, PAGE_OFFSETS, S, type PageKey } from "../../common/site/ids.ts";
import { TOUR_IMAGES } from "../../common/site/tour.ts";

/** Which price table a marketing page shows (spec 3), read from the database. */
export type PriceSource = "autoseo" | "fullseo" | "analytics" | "ssl" | "trial";

/** A call-to-action link: a path on our site and the text id of its label. */
export interface Cta {
  path: string;
  label: number;
}

/** A page rendered by app/routes/marketing.tsx: product, programme and company pages (issue 4). */
export interface MarketingConfig {
  key: PageKey;
  prices?: PriceSource;
  /** Product name for Product JSON-LD with offers; pages without prices have none. */
  product?: string;
  /** The hero's call to action (a focused page shows the start box instead). */
  primary?: Cta;
  secondary?: Cta;
  /** /wow (spec 2): a focused one-step page, the domain start box instead of links onward. */
  focused?: boolean;
  /** Breadcrumb parent (its path and brand name), e.g. the trial under AutoSEO. */
  parent?: { path: string; name: string };
  /** A screenshot of the product under the hero: its file under public/ and the text id of its alternative text. */
  screenshot?: { src: string; alt: number };
}

/** The marketing pages by first path segment. */
export const MARKETING: Partial<Record<PageKey, MarketingConfig>> = {
  autoseo: {
    key: "autoseo",
    prices: "autoseo",
    product: "AutoSEO",
    primary: { path: "/autoseo-trial", label: S.startTrial },
    secondary: { path: "/audit-request", label: S.requestAudit },
  },
  fullseo: {
    key: "fullseo",
    prices: "fullseo",
    product: "FullSEO",
    primary: { path: "/seo-consultation", label: S.freeConsultation },
    secondary: { path: "/audit-request", label: S.requestAudit },
  },
  "e-commerce": {
    key: "e-commerce",
    prices: "fullseo",
    product: "E-commerce SEO",
    primary: { path: "/seo-consultation", label: S.freeConsultation },
    secondary: { path: "/audit-request", label: S.requestAudit },
  },
  analytics: {
    key: "analytics",
    prices: "analytics",
    product: "Rankforge SEO analytics",
    primary: { path: "/start", label: S.getStarted },
    secondary: { path: "/seo-consultation", label: S.freeConsultation },
  },
  ssl: {
    key: "ssl",
    prices: "ssl",
    product: "SSL certificate",
    primary: { path: "/price?package=ssl", label: S.orderCertificate },
    secondary: { path: "/support", label: S.talkToManager },
  },
  "autoseo-trial": {
    key: "autoseo-trial",
    prices: "trial",
    product: "AutoSEO 14-day trial",
    /** The trial's own checkout link replaces this path (app/routes/marketing.tsx). */
    primary: { path: "/price", label: S.startTrial },
    secondary: { path: "/autoseo-checklist", label: S.included },
    parent: { path: "/autoseo", name: "AutoSEO" },
  },
  "dedicated-seo-dashboard": {
    key: "dedicated-seo-dashboard",
    prices: "analytics",
    product: "Dedicated SEO Dashboard",
    // The real dashboard of the tour's demo project (common/site/tour.ts).
    screenshot: { src: TOUR_IMAGES[0], alt: PAGE_BASE["dedicated-seo-dashboard"] + PAGE_OFFSETS.extra + 20 },
    primary: { path: "/dsd-quick-tour", label: S.takeTour },
    secondary: { path: "/seo-consultation", label: S.freeConsultation },
  },
  "reseller-program": {
    key: "reseller-program",
    primary: { path: "/contacts", label: S.joinProgram },
    secondary: { path: "/dedicated-seo-dashboard", label: S.seeTheDashboard },
  },
  "affiliate-program": {
    key: "affiliate-program",
    primary: { path: "/affiliate", label: S.joinProgram },
    secondary: { path: "/contacts", label: S.contactUs },
  },
  about: {
    key: "about",
    primary: { path: "/contacts", label: S.contactUs },
    secondary: { path: "/cases", label: S.clientCases },
  },
  wow: { key: "wow", focused: true },
  "thank-you-serp-simulator": { key: "thank-you-serp-simulator", primary: { path: "/wow", label: S.auditNow } },
  "thank-you-seo-audit-tool": {
    key: "thank-you-seo-audit-tool",
    primary: { path: "/lp-website-checker", label: S.getStarted },
    secondary: { path: "/wow", label: S.auditNow },
  },
  "thank-you-rankforge-extension": {
    key: "thank-you-rankforge-extension",
    primary: { path: "/wow", label: S.auditNow },
    secondary: { path: "/seo-consultation", label: S.freeConsultation },
  },
};
