import { getDomain } from "tldts";

/**
 * The registrable domain ("eTLD+1", public suffix list via tldts) of a host, e.g.
 * `blog.example.co.uk` → `example.co.uk`. Null for IP literals and bare public suffixes.
 * Server-only: the public suffix list is too large for the browser bundle.
 */
export function registrableDomain(host: string): string | null {
  return getDomain(host.toLowerCase(), { allowPrivateDomains: false });
}
