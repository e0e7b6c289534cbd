/** Registry of the site-wide checks, in report order. */
import { siteCanonicalChecks } from "./site-canonical.ts";
import { siteDuplicateChecks } from "./site-duplicates.ts";
import { siteHreflangChecks } from "./site-hreflang.ts";
import { siteHttpChecks } from "./site-http.ts";
import { siteLinkChecks } from "./site-links.ts";
import { siteRenderChecks } from "./site-render.ts";
import { siteSitemapChecks } from "./site-sitemaps.ts";
import { siteStructureChecks } from "./site-structure.ts";
import type { SiteCheck } from "./types.ts";

/** Every site-wide check. */
export const SITE_CHECKS: readonly SiteCheck[] = [
  ...siteHttpChecks,
  ...siteCanonicalChecks,
  ...siteDuplicateChecks,
  ...siteLinkChecks,
  ...siteHreflangChecks,
  ...siteSitemapChecks,
  ...siteStructureChecks,
  ...siteRenderChecks,
];
