/**
 * robots.txt per origin (RFC 9309 via robots-parser: user-agent groups, longest match, `*`
 * wildcards, `$` anchors, Allow winning ties; Crawl-delay and Sitemap lines read too).
 *
 * Status rules of RFC 9309 2.3.1: 2xx is parsed; 4xx means no restriction; 5xx or a network
 * failure means "assume complete disallow"; redirects are followed (up to 5 hops).
 */
import robotsParser from "robots-parser";
import type { CrawlFetcher } from "./fetcher.server.ts";

/** The robots.txt of one origin as the crawler uses it. */
export interface RobotsRules {
  /** URL of the robots.txt. */
  url: string;
  /** HTTP status, or 0 when it could not be fetched. */
  statusCode: number;
  /** "parsed" (2xx), "none" (4xx: everything allowed), "unreachable" (5xx/network: everything disallowed). */
  state: "parsed" | "none" | "unreachable";
  /** Body as fetched (at most 500 KiB, the RFC's minimum parse limit), "" when none. */
  body: string;
  /** Crawl-delay of the matching group, in ms; null when absent. */
  crawlDelayMs: number | null;
  /** Absolute sitemap URLs listed by `Sitemap:` lines. */
  sitemaps: string[];
  /** True when the crawler's user agent may fetch `url`. */
  isAllowed(url: string): boolean;
  /** The robots.txt line number (1-based) deciding `url`, or -1 when no rule matched. */
  matchingLine(url: string): number;
}

/** Largest robots.txt read, in bytes (RFC 9309 2.5: at least 500 KiB). */
const MAX_ROBOTS_BYTES = 500 * 1024;

/** Product token matched against User-agent lines (the UA string's bot name). */
export function productToken(userAgent: string): string {
  return /([A-Za-z][\w-]*bot)\b/i.exec(userAgent)?.[1] ?? userAgent.split(/[\s/]/)[0] ?? "*";
}

/** Parses a robots.txt body for `origin` (no network). */
export function parseRobots(origin: string, body: string, userAgent: string, statusCode = 200): RobotsRules {
  const url = new URL("/robots.txt", origin).href;
  const robot = robotsParser(url, body);
  const token = productToken(userAgent);
  const delay = robot.getCrawlDelay(token);
  return {
    url,
    statusCode,
    state: "parsed",
    body,
    crawlDelayMs: typeof delay === "number" && Number.isFinite(delay) && delay > 0 ? Math.round(delay * 1000) : null,
    sitemaps: robot
      .getSitemaps()
      .map((s) => URL.parse(s.trim(), url)?.href)
      .filter((s): s is string => s !== undefined),
    isAllowed: (u) => robot.isAllowed(u, token) !== false,
    matchingLine: (u) => robot.getMatchingLineNumber(u, token),
  };
}

/** Rules that allow or refuse everything (robots.txt missing or unreachable). */
function blanket(origin: string, statusCode: number, allow: boolean): RobotsRules {
  return {
    url: new URL("/robots.txt", origin).href,
    statusCode,
    state: allow ? "none" : "unreachable",
    body: "",
    crawlDelayMs: null,
    sitemaps: [],
    isAllowed: () => allow,
    matchingLine: () => -1,
  };
}

/** Fetches and parses the robots.txt of `origin` following the status rules above. */
export async function fetchRobots(origin: string, fetcher: CrawlFetcher): Promise<RobotsRules> {
  let url = new URL("/robots.txt", origin).href;
  for (let hop = 0; hop <= 5; hop++) {
    const res = await fetcher.fetch(url, { maxBytes: MAX_ROBOTS_BYTES });
    if (res.kind === "error") return blanket(origin, 0, false);
    const { statusCode, headers } = res.response;
    if (statusCode >= 300 && statusCode < 400 && headers.location) {
      url = new URL(headers.location, url).href;
      continue;
    }
    if (statusCode >= 200 && statusCode < 300)
      return parseRobots(origin, res.response.body.toString("utf8"), fetcher.userAgent, statusCode);
    return blanket(origin, statusCode, statusCode < 500);
  }
  return blanket(origin, 0, true);
}
