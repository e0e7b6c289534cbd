/**
 * The redirect checks as pure rules over a chain of hops, shared by the page analyzer (which
 * follows redirects in one fetch) and the site audit (whose crawler records one hop per request
 * and joins the chains afterwards, server/audit/run.ts).
 */
import type { RedirectHop } from "../types.ts";
import type { Finding } from "./types.ts";
import { text } from "./texts.ts";

/** Hops whose status tells search engines the move is temporary. */
const TEMPORARY_REDIRECTS = new Set([302, 303, 307]);

/** A rule: the finding for a chain ending at `finalUrl`, or null. */
export type RedirectRule = (redirects: readonly RedirectHop[], finalUrl: string) => Finding | null;

/** Ids of the redirect checks. */
export type RedirectCheckId = "redirect-chain" | "redirect-temporary" | "redirect-https-to-http";

/** Rules by check id. */
export const REDIRECT_RULES: Record<RedirectCheckId, RedirectRule> = {
  "redirect-chain": (redirects, finalUrl) =>
    redirects.length > 1
      ? {
          message: text(60388, { count: redirects.length, finalUrl }),
          evidence: redirects.map((h) => `${h.statusCode} ${h.url}`).join(" → "),
        }
      : null,
  "redirect-temporary": (redirects) => {
    const hops = redirects.filter((h) => TEMPORARY_REDIRECTS.has(h.statusCode));
    return hops.length > 0
      ? {
          message: text(60389, { count: hops.length }),
          evidence: hops.map((h) => `${h.statusCode} ${h.url} → ${h.location}`).join("; "),
        }
      : null;
  },
  "redirect-https-to-http": (redirects) => {
    const hop = redirects.find((h) => h.url.startsWith("https:") && h.location.startsWith("http:"));
    return hop ? { message: text(60390, { url: hop.url, location: hop.location }), evidence: `${hop.statusCode} ${hop.location}` } : null;
  },
};
