/**
 * Which result belongs to a site (issue 10 point 3; research §0.3): host names compared without
 * "www.", subdomains of the domain count; with a target URL, only that URL (ignoring the scheme,
 * "www.", a trailing slash and the fragment) counts.
 */

/** Host name of a URL, lower case, without "www."; "" when not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** A domain as typed by a user ("https://www.Example.com/x", "example.com") → "example.com"; "" when invalid. */
export function normalizeDomain(input: string): string {
  const s = input.trim().toLowerCase();
  const host = hostOf(/^[a-z][a-z0-9+.-]*:\/\//.test(s) ? s : `https://${s}`);
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : "";
}

/** True when `url` is on `domain` or one of its subdomains. */
export function onDomain(url: string, domain: string): boolean {
  const host = hostOf(url);
  return host !== "" && (host === domain || host.endsWith(`.${domain}`));
}

function comparable(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname.toLowerCase().replace(/^www\./, "")}${u.pathname.replace(/\/+$/, "")}${u.search}`;
  } catch {
    return url;
  }
}

/** True when `url` is the target (with a target URL) or on the domain (without). */
export function matches(url: string, domain: string, targetUrl: string | null): boolean {
  return targetUrl ? comparable(url) === comparable(targetUrl) : onDomain(url, domain);
}
