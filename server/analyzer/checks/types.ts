/**
 * The shape of an on-page check and the context it reads. A check is pure: it looks at the
 * context and returns findings; it never fetches.
 */
import type { ParsedHtml } from "../parse-html.server.ts";
import type { JsonLdResult } from "../json-ld.server.ts";
import type { TextRef } from "../../../common/i18n/message.ts";
import type { AnalyzerReport, PageFacts, RedirectHop, Severity } from "../types.ts";

/** Check categories, used for grouping in reports. */
export type CheckCategory =
  | "http"
  | "redirects"
  | "indexability"
  | "titles"
  | "meta-descriptions"
  | "headings"
  | "content"
  | "links"
  | "images"
  | "canonical"
  | "hreflang"
  | "structured-data"
  | "mobile"
  | "security"
  | "performance"
  | "social"
  | "urls";

/** What a check found. `message` is about this page (a check text); `evidence` is the tag, header or value. */
export interface Finding {
  message: TextRef;
  evidence?: string;
}

/** A check returns nothing (passed), one finding, or several. */
export type CheckResult = Finding | Finding[] | null | undefined | false;

/** A canonical declaration: `href` as written, `resolved` absolute (null when unusable). */
export interface CanonicalRef {
  href: string;
  resolved: string | null;
  inHead: boolean;
}

/** An hreflang alternate from the head or the Link header. */
export interface HreflangRef {
  lang: string;
  href: string;
  resolved: string | null;
  source: "html" | "header";
}

/** Everything a check may read. */
export interface CheckContext {
  /** The final URL (after redirects). */
  url: string;
  pageUrl: URL;
  requestedUrl: string;
  statusCode: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  redirects: RedirectHop[];
  timings: AnalyzerReport["timings"];
  /** The body was cut at maxBytes. */
  truncated: boolean;
  /** The response is HTML (by Content-Type, or by sniffing when there is none). */
  isHtml: boolean;
  /** Uncompressed body size in bytes. */
  htmlBytes: number;
  page: PageFacts;
  doc: ParsedHtml;
  /** Document base URL (`<base href>` resolved against the page URL, else the page URL). */
  baseUrl: string;
  /** Resolves a URL as written against the document base; null when it cannot be parsed. */
  resolve(href: string): URL | null;
  canonicals: { html: CanonicalRef[]; header: CanonicalRef[] };
  hreflang: HreflangRef[];
  jsonLd: JsonLdResult;
  /** Directives from meta robots / meta googlebot. */
  metaRobots: string[];
  /** Directives from X-Robots-Tag that apply to Google. */
  headerRobots: string[];
}

/**
 * One check. `scope: "html"` checks run only on 2xx HTML responses; `"final"` checks on every
 * response that is not a redirect (3xx): a crawler records each hop, and a URL that redirects is
 * judged by where it goes; `"response"` checks always run.
 * `id` is kebab-case and stable (stored with reports). `title`, `why` and `fix` are check texts
 * (content/texts/<lang>/checks.json), rendered in the reader's language.
 */
export interface Check {
  id: string;
  category: CheckCategory;
  severity: Severity;
  title: TextRef;
  why: TextRef;
  fix: TextRef;
  scope: "response" | "final" | "html";
  run(ctx: CheckContext): CheckResult;
}

/** Identity helper that keeps literal types and documents intent. */
export const defineChecks = (checks: Check[]): Check[] => checks;

/** Lists at most `max` items for an evidence string, then "… (+N)" (no words: evidence is not translated). */
export function sample(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).join(", ");
  return items.length > max ? `${shown} … (+${items.length - max})` : shown;
}
