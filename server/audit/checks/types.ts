/**
 * The shape of a site-wide check (issue 3): a pure function over the whole crawl, indexed once
 * in a {@link SiteContext}. Page-level checks live in server/analyzer/checks and run per response.
 */
import type { TextRef } from "../../../common/i18n/message.ts";
import type { CheckCategory } from "../../analyzer/checks/types.ts";
import type { AuditLink, AuditPage, IssueOccurrence, SiteAuditInput, Severity } from "../model.ts";

/** Categories of the audit: the analyzer's plus the site-only ones. */
export type AuditCategory = CheckCategory | "sitemaps" | "site-structure" | "javascript";

/** Everything a site check may read, indexed once per audit. */
export interface SiteContext {
  input: SiteAuditInput;
  /** Pages by requested URL. */
  pages: Map<string, AuditPage>;
  /** Fetched HTML 2xx pages with facts. */
  htmlPages: AuditPage[];
  /** Internal followed-or-not anchor/area/svg links by target URL. */
  inlinks: Map<string, AuditLink[]>;
  /** Anchor/area/svg links by source URL. */
  outlinks: Map<string, AuditLink[]>;
  /** URLs listed in any sitemap. */
  sitemapUrls: Set<string>;
  /** True for an HTML 2xx page without noindex whose canonical is absent or itself, not blocked. */
  isIndexable(page: AuditPage): boolean;
  /** The crawled page a link target names, following the crawler's URL (requested or final). */
  pageAt(url: string): AuditPage | undefined;
  /** Internal PageRank of each HTML page scaled 0-100 (log scale), by page URL. */
  linkScore: Map<string, number>;
  /** Internal PageRank of each HTML page times the number of HTML pages (1 = average), by page URL. */
  rankShare: Map<string, number>;
  /** Internal hyperlinks to a page (its URL or final URL) from other pages. */
  inlinksOf(page: AuditPage): AuditLink[];
}

/** One site-wide check; `title`, `why` and `fix` are check texts (content/texts/<lang>/checks.json). */
export interface SiteCheck {
  id: string;
  category: AuditCategory;
  severity: Severity;
  title: TextRef;
  why: TextRef;
  fix: TextRef;
  run(ctx: SiteContext): IssueOccurrence[];
}

/** Identity helper that documents intent. */
export const defineSiteChecks = (checks: SiteCheck[]): SiteCheck[] => checks;
