/**
 * Audit settings (issue 3): one zod schema shared by the API, the CLI, schedules and the stored
 * audit row. Every field has a default, so `{}` is a valid input.
 */
import { z } from "zod";
import { patternProblem } from "../crawler/pattern.server.ts";

/**
 * A list of regular expressions (RE2 syntax, matched in linear time: issue 9.2) given as an array
 * or as newline/comma separated text. A pattern RE2 cannot run (back-references, look-arounds) is
 * refused here, with the reason.
 */
const patterns = z
  .union([z.array(z.string().max(500)), z.string().max(5000)])
  .default([])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\n,]/)).map((p) => p.trim()).filter(Boolean))
  .superRefine((list, ctx) => {
    for (const p of list) {
      const problem = patternProblem(p);
      if (problem) ctx.addIssue({ code: "custom", message: problem, params: { text: 58039, values: { reason: problem } } });
    }
  })
  .refine((list) => list.length <= 50, { message: "at most 50 patterns", params: { text: 58038, values: { max: 50 } } });

/** Checkbox-friendly boolean: true/false, "1"/"0", "true"/"false", "on". */
const flag = z
  .union([z.boolean(), z.enum(["1", "0", "true", "false", "on", "off", ""])])
  .transform((v) => v === true || v === "1" || v === "true" || v === "on");

/** Upper bound of maxPages for one audit. */
export const MAX_PAGES_LIMIT = 100_000;

/** Validated audit settings. */
export const crawlSettingsSchema = z.object({
  /** Page URLs fetched at most (sub-resources and external links not counted). */
  maxPages: z.coerce.number().int().min(1).max(MAX_PAGES_LIMIT).default(500),
  /** Clicks from the start URL followed at most; null: unlimited. */
  maxDepth: z.coerce.number().int().min(0).max(1000).nullable().default(null),
  /** Parallel requests to the site's host (per worker process). */
  concurrency: z.coerce.number().int().min(1).max(64).default(8),
  /** Parallel requests per other host (resources on CDNs, external links). */
  externalConcurrency: z.coerce.number().int().min(1).max(16).default(2),
  /** Requests per second to the site's host at most; 0: no limit (Crawl-delay still applies). */
  maxRps: z.coerce.number().min(0).max(1000).default(0),
  /** Render pages in Chromium and compare raw vs rendered HTML. */
  render: flag.default(false),
  /** Audit other subdomains of the registrable domain too. */
  subdomains: flag.default(false),
  /** Regular expressions: only matching URLs are crawled (the start URL always is). */
  include: patterns,
  /** Regular expressions: matching URLs are not crawled. */
  exclude: patterns,
  /** Request external link targets (HEAD, then GET when refused). */
  checkExternal: flag.default(false),
  /** Request images, scripts, stylesheets and other sub-resources. */
  checkResources: flag.default(true),
  /** Follow rel=nofollow links too. */
  followNofollow: flag.default(false),
  /** Query strings: keep, sort parameters, or strip. Tracking parameters (utm_*, gclid…) are always dropped. */
  queryParams: z.enum(["keep", "sort", "strip"]).default("keep"),
  /** Obey robots.txt (blocked URLs are reported as blocked, not fetched). */
  respectRobots: flag.default(true),
  userAgent: z.string().trim().min(1).max(300).optional(),
  /** Per-request deadline in ms. */
  timeoutMs: z.coerce.number().int().min(1000).max(120_000).default(20_000),
});

/** Audit settings after validation and defaults. */
export type CrawlSettings = z.infer<typeof crawlSettingsSchema>;

/** Settings input before defaults (API body, CLI flags). */
export type CrawlSettingsInput = z.input<typeof crawlSettingsSchema>;
