/**
 * Shapes of the single-page analyzer (issue "Foundation" part 9). Shared by the job, the API,
 * the project screen and `npm run audit -- <url> --json`. Times are in milliseconds, sizes in bytes.
 */

import type { TextRef } from "../../common/i18n/message.ts";

/** Issue severity, as in Screaming Frog / SEOnaut: error > warning > notice. */
export type Severity = "error" | "warning" | "notice";

/** One redirect hop: the URL requested, its status, and where it pointed. */
export interface RedirectHop {
  url: string;
  statusCode: number;
  location: string;
}

/** One reported problem on the page. */
export interface AnalyzerIssue {
  /** Stable check id, e.g. "title-missing". */
  check: string;
  category: string;
  severity: Severity;
  /** Short title of the check (in English; the catalogue has it as a check text). */
  title: string;
  /** What was found on this page. */
  message: string;
  /** `message` as a check text, to render it in another language (issue 15); absent in reports stored before. */
  messageText?: TextRef;
  /** Why it matters. */
  why: string;
  /** How to fix it. */
  fix: string;
  url: string;
  /** The tag, header or value that triggered it, when there is one. */
  evidence?: string;
}

/** What the analyzer extracted from the page. */
export interface PageFacts {
  title: string | null;
  metaDescription: string | null;
  canonical: string | null;
  h1: string[];
  headings: { level: number; text: string }[];
  lang: string | null;
  /** Combined robots directives from meta robots and X-Robots-Tag, lower case. */
  robots: string[];
  hreflang: { lang: string; href: string }[];
  viewport: string | null;
  contentType: string | null;
  /** Uncompressed HTML size. */
  htmlBytes: number;
  wordCount: number;
  images: { total: number; withoutAlt: string[] };
  links: { internal: number; external: number; nofollow: number; items: { href: string; text: string; rel: string; internal: boolean }[] };
  structuredData: { types: string[]; jsonLdBlocks: number; invalidJsonLd: number; microdata: boolean; rdfa: boolean };
  openGraph: Record<string, string>;
  twitter: Record<string, string>;
}

/** The full result of analysing one URL. */
export interface AnalyzerReport {
  url: string;
  finalUrl: string;
  statusCode: number;
  redirects: RedirectHop[];
  timings: { dnsMs: number | null; connectMs: number | null; ttfbMs: number; downloadMs: number; totalMs: number };
  headers: Record<string, string>;
  page: PageFacts;
  issues: AnalyzerIssue[];
  /** Counts by severity. */
  summary: { errors: number; warnings: number; notices: number; checksRun: number; score: number };
  analyzedAt: string;
  /** True when the body was cut at `maxBytes` and only its first part was analysed. */
  truncated?: boolean;
}

/** Options of analyzePage. */
export interface AnalyzeOptions {
  /** Open loopback (127.0.0.0/8, ::1) to the SSRF guard (ALLOW_PRIVATE_NETWORKS=1). */
  allowPrivate?: boolean;
  /** Whole-request timeout. Default 15 000 ms. */
  timeoutMs?: number;
  /** Largest HTML body read. Default 5 MiB. */
  maxBytes?: number;
  userAgent?: string;
  /** Called with percent progress (0-100) as the analysis advances. */
  onProgress?: (percent: number) => void | Promise<void>;
}
