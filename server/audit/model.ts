/**
 * The data contract between the crawler and the site audit (issue 3).
 *
 * The crawler fills a {@link SiteAuditInput} from its database; {@link runSiteAudit} in ./run.ts
 * turns it into issues and a health score. Everything here is plain JSON (storable as jsonb).
 * Units: times in milliseconds, sizes in bytes. URLs are absolute, normalised by the crawler
 * (no fragment, default port dropped) so that equal URLs compare equal as strings.
 *
 * Page facts and page-level findings come from {@link extractAuditPage} (./extract.ts), which the
 * crawler calls once per fetched response: it runs the analyzer's parse and its page-level checks
 * and returns the lean facts, the outgoing link edges and the sub-resource references.
 */
import type { TextRef } from "../../common/i18n/message.ts";
import type { RedirectHop, Severity } from "../analyzer/types.ts";

export type { RedirectHop, Severity };

/** Audit settings that change how results are judged. */
export interface AuditSettings {
  /** Largest click depth the audit followed (null: unlimited). */
  maxDepth: number | null;
  /** Pages were rendered in Chromium and `render` diffs are filled. */
  rendered: boolean;
  /** External link targets were requested (their results are in `resources` with kind "external-link"). */
  externalLinksChecked: boolean;
  /** Sub-resources (images, CSS, scripts) were requested (their results are in `resources`). */
  resourcesChecked: boolean;
}

/** The response headers the checks read, lower-case names; absent headers are left out. */
export interface AuditHeaders {
  "x-robots-tag"?: string;
  link?: string;
  "content-encoding"?: string;
  "cache-control"?: string;
  expires?: string;
  etag?: string;
  "last-modified"?: string;
  "strict-transport-security"?: string;
  "content-security-policy"?: string;
  "x-content-type-options"?: string;
  "x-frame-options"?: string;
  "content-type"?: string;
}

/** A canonical declaration. `resolved` is absolute (null when unusable); `source` tells where it was. */
export interface AuditCanonical {
  href: string;
  resolved: string | null;
  source: "html" | "header";
  /** False for an HTML canonical outside the head (ignored by Google). */
  inHead: boolean;
}

/** An hreflang alternate as written (`lang` in the original case) with its resolved URL. */
export interface AuditHreflang {
  lang: string;
  href: string;
  resolved: string | null;
  source: "html" | "header";
}

/** A parsed top-level JSON-LD entity: its type names and the object itself. */
export interface AuditJsonLdEntity {
  types: string[];
  node: Record<string, unknown>;
}

/** What the analyzer knows about an HTML page (facts of the final response). */
export interface AuditPageFacts {
  title: string | null;
  /** Number of `<title>` elements. */
  titleCount: number;
  metaDescription: string | null;
  metaDescriptionCount: number;
  canonicals: AuditCanonical[];
  /** The effective canonical: first head canonical, else the Link header one; absolute or null. */
  canonical: string | null;
  h1: string[];
  headings: { level: number; text: string }[];
  /** `<html lang>`, trimmed, or null. */
  lang: string | null;
  /** Lower-case directives from meta robots/googlebot and X-Robots-Tag (e.g. "noindex", "nofollow"). */
  robots: string[];
  hreflang: AuditHreflang[];
  viewport: string | null;
  images: { src: string; alt: string | null; width: string | null; height: string | null }[];
  structuredData: {
    types: string[];
    jsonLdBlocks: number;
    /** One message per JSON-LD block that does not parse. */
    jsonLdErrors: string[];
    entities: AuditJsonLdEntity[];
    microdata: boolean;
    rdfa: boolean;
  };
  /** og:* properties, first value each. */
  openGraph: Record<string, string>;
  /** twitter:* names, first value each. */
  twitter: Record<string, string>;
  /** SHA-1 (hex) of the visible text, whitespace collapsed and lower-cased: equal for exact duplicates. */
  textHash: string;
  /** 64-bit simhash (16 hex digits) of the visible text's word 3-shingles: near duplicates differ in few bits. */
  simhash: string;
  wordCount: number;
  /** Visible text length in characters (for the text-to-HTML ratio). */
  textChars: number;
  /** Number of elements in the document. */
  domElements: number;
  forms: { action: string | null; method: string }[];
  /** http: sub-resources on an https page (absolute URLs). */
  mixedContent: string[];
  /** Scripts without async/defer/module and stylesheets in the head. */
  renderBlocking: string[];
  /** Meta refresh target (absolute) when the page has one. */
  metaRefresh: string | null;
}

/**
 * The AuditPageFacts fields the site-wide checks read. Page-level checks already ran when the page
 * was extracted, so a snapshot of a large audit may load only these (the others may be absent).
 */
export const SITE_CHECK_FACT_FIELDS = [
  "title",
  "metaDescription",
  "canonical",
  "h1",
  "robots",
  "hreflang",
  "wordCount",
  "textHash",
  "simhash",
] as const;

/** A finding of a page-level check (see server/analyzer/checks); the catalogue gives title/why/fix. */
export interface PageFinding {
  check: string;
  /** A check text, rendered in the reader's language. */
  message: TextRef;
  evidence?: string;
}

/** Raw vs rendered HTML of one page, when rendering was on. Null fields: no difference. */
export interface RenderDiff {
  title: { raw: string | null; rendered: string | null } | null;
  canonical: { raw: string | null; rendered: string | null } | null;
  metaDescription: { raw: string | null; rendered: string | null } | null;
  /** Internal link targets present only after rendering. */
  linksOnlyRendered: string[];
  /** Word counts raw → rendered. */
  wordCount: { raw: number; rendered: number };
  robots: { raw: string[]; rendered: string[] } | null;
}

/** One crawled (or skipped) internal URL. */
export interface AuditPage {
  /** The URL requested (normalised). */
  url: string;
  /** The URL of the last response (after redirects); equals `url` when there were none. */
  finalUrl: string;
  /** HTTP status of the last response; null when not fetched (robots-blocked) or the fetch failed. */
  statusCode: number | null;
  /** Why the fetch failed (timeout, DNS, SSRF block, too many redirects, loop…), when it did. */
  fetchError?: string;
  /** Hops followed from `url` to `finalUrl`, in order. */
  redirects: RedirectHop[];
  contentType: string | null;
  /** Time to first byte and whole response time of the last response, ms; null when not fetched. */
  timings: { ttfbMs: number; totalMs: number } | null;
  /** Body size: `wire` as transferred (compressed) when known, `body` uncompressed. */
  bytes: { wire: number | null; body: number };
  headers: AuditHeaders;
  /** Clicks from the start URL; null when not reached by links (found only in the sitemap). */
  depth: number | null;
  inSitemap: boolean;
  /** Disallowed by robots.txt for the audit's user agent (then not fetched). */
  robotsBlocked: boolean;
  /** Facts of an HTML 2xx page; null otherwise. */
  facts: AuditPageFacts | null;
  /** Page-level check results (from extractAuditPage). */
  findings: PageFinding[];
  /** Raw vs rendered differences, when rendering was on. */
  render?: RenderDiff;
}

/** How a link was found. */
export type AuditLinkType = "anchor" | "area" | "svg" | "canonical" | "hreflang" | "meta-refresh";

/** A link edge from a crawled page. `to` is absolute and normalised, or the raw href when unparsable. */
export interface AuditLink {
  from: string;
  to: string;
  /** Anchor text (or aria-label/alt/title fallback), whitespace collapsed; "" for non-anchor types. */
  anchor: string;
  /** rel attribute, lower case, "" when none. */
  rel: string;
  type: AuditLinkType;
  /** Same site as the audit (http/https only). */
  internal: boolean;
}

/** Kind of a checked sub-resource or external link. */
export type AuditResourceKind = "image" | "script" | "stylesheet" | "iframe" | "media" | "other" | "external-link";

/** A referenced resource (sub-resource or external link target) and what requesting it gave. */
export interface AuditResource {
  url: string;
  kind: AuditResourceKind;
  /** Null when not requested or the request failed (see `error`). */
  statusCode: number | null;
  error?: string;
  /** Body bytes (uncompressed), when known. */
  bytes: number | null;
  contentType: string | null;
  /** Final URL when the resource redirected. */
  redirectedTo?: string;
  /** Pages referencing it (absolute URLs). */
  usedBy: string[];
}

/** A sub-resource reference found on a page (returned by extractAuditPage for the crawler to check). */
export interface ResourceRef {
  url: string;
  kind: Exclude<AuditResourceKind, "external-link">;
}

/** One `<url>` of a sitemap. */
export interface SitemapEntry {
  url: string;
  /** The sitemap file that lists it. */
  sitemap: string;
  lastmod?: string;
}

/** A sitemap file the crawler read (or tried to). */
export interface SitemapFile {
  url: string;
  statusCode: number | null;
  /** Parse or fetch errors. */
  errors: string[];
  /** Number of `<url>` entries (0 for an index). */
  urls: number;
  isIndex: boolean;
}

/** robots.txt as the crawler found it. */
export interface RobotsTxtInfo {
  url: string;
  statusCode: number | null;
  /** Sitemap: lines. */
  sitemaps: string[];
}

/** Everything the site audit reads. */
export interface SiteAuditInput {
  /** Origin of the audit start, e.g. "https://example.com". */
  origin: string;
  /** The start URL. */
  startUrl: string;
  settings: AuditSettings;
  pages: AuditPage[];
  links: AuditLink[];
  resources: AuditResource[];
  robotsTxt: RobotsTxtInfo | null;
  sitemaps: SitemapFile[];
  sitemapEntries: SitemapEntry[];
}

/** One affected URL of an issue, with the evidence that triggered it. */
export interface IssueOccurrence {
  url: string;
  /** A check text, rendered in the reader's language. */
  message: TextRef;
  /**
   * What triggered it: the tag, header or value as found (data, shown as it is), or a check text
   * around such a value ("listed in {sitemap}"), rendered in the reader's language (issue 15.1).
   */
  evidence?: string | TextRef;
  /** The URL a link issue is about (its link target); the report groups by it (issue 16 point 6). */
  target?: string;
}

/** One reported problem: a check that fired, with every affected URL; title/why/fix are check texts. */
export interface SiteIssue {
  check: string;
  category: string;
  severity: Severity;
  title: TextRef;
  why: TextRef;
  fix: TextRef;
  occurrences: IssueOccurrence[];
}

/** Totals of an audit. */
export interface SiteAuditSummary {
  pagesCrawled: number;
  /** HTML 2xx pages that are indexable (no noindex, not blocked, canonical to self or none). */
  indexablePages: number;
  /** Number of issue occurrences (URL × check) by severity. */
  issuesBySeverity: Record<Severity, number>;
  /** Number of distinct checks that fired, by severity. */
  checksFailedBySeverity: Record<Severity, number>;
  checksRun: number;
  healthScore: number;
}

/** Per-page derived metrics of the link graph. */
export interface PageMetrics {
  url: string;
  /** Distinct other pages with an internal hyperlink (followed or not) to this URL or its final URL. */
  inlinks: number;
  outlinks: number;
  /** Internal PageRank scaled 0-100 on a log scale (100 = strongest page). */
  linkScore: number;
  indexable: boolean;
}

/** Result of runSiteAudit. */
export interface SiteAuditResult {
  issues: SiteIssue[];
  healthScore: number;
  summary: SiteAuditSummary;
  pages: PageMetrics[];
}
