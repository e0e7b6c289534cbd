/**
 * URL normalisation and crawl scope (issue 3 "Crawler": fragments, default ports,
 * percent-encoding, duplicate slashes, same host / www / subdomains, include and exclude
 * patterns, query-parameter handling).
 */
import { getDomain } from "tldts";
import { compilePattern } from "./pattern.server.ts";

/** Longest URL the crawler keeps, in characters (longer ones are reported, never fetched). */
export const MAX_URL_LENGTH = 2000;

/** What to do with query strings: keep them, sort their parameters, or drop them entirely. */
export type QueryMode = "keep" | "sort" | "strip";

/** Parameters dropped in every mode: they never change the content (tracking and session ids). */
const IGNORED_PARAMS = /^(?:utm_[a-z]+|gclid|fbclid|msclkid|yclid|mc_cid|mc_eid|_ga|phpsessid|jsessionid|sid)$/i;

const UNRESERVED = /%(2[DdEe]|3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa]|5[Ff]|7[Ee])/g;

/** Upper-cases percent escapes and decodes the ones of unreserved characters (RFC 3986 6.2.2). */
function normalizeEscapes(s: string): string {
  return s
    .replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase())
    .replace(UNRESERVED, (m) => {
      const ch = String.fromCharCode(parseInt(m.slice(1), 16));
      return /[A-Za-z0-9\-._~]/.test(ch) ? ch : m;
    });
}

/**
 * Normalises `href` (resolved against `base`) into the crawler's canonical form: http(s) only,
 * lower-case host (WHATWG URL does that and drops default ports), no fragment, duplicate slashes
 * in the path collapsed, percent escapes normalised, tracking parameters removed and the query
 * handled per `query`. Returns null for other schemes, unparsable input or URLs over
 * {@link MAX_URL_LENGTH}.
 */
export function normalizeUrl(href: string, base?: string | URL, query: QueryMode = "keep"): string | null {
  const u = URL.parse(href.trim(), base);
  if (!u || (u.protocol !== "http:" && u.protocol !== "https:") || u.hostname === "") return null;
  // Each URL setter re-parses the whole URL: only the parts that change are set (issue 14.1, every
  // link of every page passes here). A fragment, even an empty one, needs a "#" in the input.
  if (href.includes("#")) u.hash = "";
  if (u.username !== "") u.username = "";
  if (u.password !== "") u.password = "";
  const pathname = normalizeEscapes(u.pathname.replace(/\/{2,}/g, "/"));
  if (pathname !== u.pathname) u.pathname = pathname;
  if (query === "strip") {
    u.search = "";
  } else if (u.search !== "") {
    const params = [...u.searchParams].filter(([k]) => !IGNORED_PARAMS.test(k));
    if (query === "sort") params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const changed = params.length !== [...u.searchParams].length || query === "sort";
    if (changed) u.search = params.length === 0 ? "" : new URLSearchParams(params).toString();
    else u.search = normalizeEscapes(u.search);
  }
  const out = u.href;
  return out.length > MAX_URL_LENGTH ? null : out;
}

/** Settings that decide which URLs belong to a crawl. */
export interface ScopeSettings {
  /** Also crawl other subdomains of the start URL's registrable domain. */
  subdomains: boolean;
  /** Regular expressions (RE2 syntax); when any is given, a URL must match one (the start URL always passes). */
  include: string[];
  /** Regular expressions (RE2 syntax); a matching URL is not crawled. */
  exclude: string[];
}

/** Where a URL stands relative to the crawl. */
export type ScopeVerdict = "internal" | "external" | "excluded";

/** Host without a leading "www.". */
const bareHost = (host: string) => host.replace(/^www\./, "");

/**
 * Builds the scope test of a crawl. Internal: same host as the start URL, the host with or
 * without "www.", or (with `subdomains`) any host under the same registrable domain, on http or
 * https. An internal URL failing the include/exclude patterns is "excluded".
 * Patterns run on a linear-time engine (pattern.server.ts), never on a backtracking one.
 * @throws SyntaxError when a pattern is not a valid RE2 regular expression.
 */
export function createScope(startUrl: string, settings: ScopeSettings): (url: string) => ScopeVerdict {
  const start = new URL(startUrl);
  const host = bareHost(start.hostname);
  const domain = getDomain(start.hostname, { allowPrivateDomains: true }) ?? start.hostname;
  const include = settings.include.map(compilePattern);
  const exclude = settings.exclude.map(compilePattern);
  return (url: string) => {
    const u = URL.parse(url);
    if (!u) return "external";
    const h = bareHost(u.hostname);
    const same = h === host && (u.port === start.port || (u.port === "" && start.port === ""));
    const sub = settings.subdomains && (u.hostname === domain || u.hostname.endsWith(`.${domain}`));
    if (!same && !sub) return "external";
    if (url === start.href) return "internal";
    if (include.length > 0 && !include.some((r) => r.test(url))) return "excluded";
    if (exclude.some((r) => r.test(url))) return "excluded";
    return "internal";
  };
}
