/**
 * Spec 5 "Domain start box" URL check, and the small field validators of spec 5 and 9.
 * Isomorphic: no Node APIs, so the browser and the server give the same answer.
 *
 * The check is a user-facing filter only. Every server-side fetch still goes through the
 * SSRF guard (server/net/ssrf.server.ts), which re-checks the resolved addresses.
 */
import { isPublicAddress } from "./net/ip-ranges.ts";

/** Spec 8 error texts of the domain start box. */
export const DOMAIN_REQUIRED_ERROR = "Enter your domain";
export const DOMAIN_INVALID_ERROR = "Enter your valid domain";

/** Result of {@link checkDomainInput}. */
export type DomainCheckResult =
  { ok: true; url: string; domain: string } | { ok: false; error: typeof DOMAIN_REQUIRED_ERROR | typeof DOMAIN_INVALID_ERROR };

/** Options of {@link checkDomainInput}. */
export interface DomainCheckOptions {
  /** Accept 127.0.0.0/8, ::1 and `localhost` (development, ALLOW_PRIVATE_NETWORKS=1). Nothing else private. */
  allowLoopback?: boolean;
}

/**
 * Shape of the raw input before the WHATWG URL parser normalises it:
 * optional http/https/ftp scheme, a host without user info or backslashes,
 * an optional port of 2 to 5 digits, then an optional path, query or fragment.
 */
const INPUT_SHAPE = /^(?:(https?|ftp):\/\/)?(\[[0-9a-f:.]+\]|[^/?#:[\]@\\\s]+)(?::(\d{2,5}))?([/?#][^\s\\]*)?$/i;

/** One DNS label (letters, digits, inner hyphens, at most 63 characters), after punycode. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level domain shape: 2 to 63 letters, or a punycode (xn--) label. */
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** Dotted-quad IPv4, as the URL parser prints every IPv4 form (hex, octal, short). */
const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Host names that never point at the public internet (RFC 6761, RFC 6762, RFC 8375, common LAN suffixes). */
const PRIVATE_NAME_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".localdomain"];

/** True when a lower-case host name is a public-looking domain: two or more valid labels and a TLD shape. */
function isPublicDomainName(host: string): boolean {
  if (host.length > 253 || host === "localhost") return false;
  if (PRIVATE_NAME_SUFFIXES.some((s) => host.endsWith(s))) return false;
  const labels = host.split(".");
  if (labels.length < 2) return false;
  if (!labels.every((l) => LABEL.test(l))) return false;
  return TLD.test(labels[labels.length - 1]!);
}

/**
 * Spec 5 domain start box check. Blank input gives 'Enter your domain'; anything that is not
 * an http, https or ftp URL (scheme optional) with a port of 2 to 5 digits and a public domain
 * or public IP literal gives 'Enter your valid domain'.
 * @returns on success `url` (normalised, `https://` assumed when no scheme was typed) and
 *   `domain` (the lower-case host, punycode for IDN, IPv6 in brackets, no trailing dot).
 */
export function checkDomainInput(input: string, opts: DomainCheckOptions = {}): DomainCheckResult {
  const raw = input.trim();
  if (raw === "") return { ok: false, error: DOMAIN_REQUIRED_ERROR };
  const invalid = { ok: false, error: DOMAIN_INVALID_ERROR } as const;
  const m = INPUT_SHAPE.exec(raw);
  if (!m) return invalid;
  const port = m[3];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return invalid;
  const withScheme = m[1] ? raw : `https://${raw}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return invalid;
  }
  if (parsed.username || parsed.password) return invalid;
  let host = parsed.hostname.toLowerCase();
  if (host.endsWith(".")) {
    host = host.slice(0, -1);
    parsed.hostname = host;
  }
  if (host === "") return invalid;
  const allowLoopback = opts.allowLoopback === true;
  let ok: boolean;
  if (host.startsWith("[")) ok = isPublicAddress(host.slice(1, -1), opts);
  else if (DOTTED_QUAD.test(host)) ok = isPublicAddress(host, opts);
  else if (host === "localhost") ok = allowLoopback;
  else ok = isPublicDomainName(host);
  if (!ok) return invalid;
  return { ok: true, url: parsed.href, domain: host };
}

/** Spec 5: a domain is valid if it has a dot after the first character. */
export function isValidDomain(value: string): boolean {
  return value.trim().indexOf(".", 1) !== -1;
}
