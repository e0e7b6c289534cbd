/** Registry of the site-wide checks, in report order. */
import { siteLinkChecks } from "./site-links.ts";
import type { SiteCheck } from "./types.ts";

/** Every site-wide check. */
export const SITE_CHECKS: readonly SiteCheck[] = [...siteLinkChecks];
