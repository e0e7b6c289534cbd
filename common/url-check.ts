/**
 * Spec 5 "Domain start box" URL check, and the small field validators of spec 5 and 9.
 * Isomorphic: no Node APIs, so the browser and the server give the same answer.
 *
 * The check is a user-facing filter only. Every server-side fetch still goes through the
 * SSRF guard (server/net/ssrf.server.ts), which re-checks the resolved addresses.
 */
import ipaddr from "ipaddr.js";

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

/** IPv4 ranges refused by the start box (spec 5 "private and reserved IP ranges"). */
const BLOCKED_V4: readonly string[] = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "255.255.255.255/32",
];

/** IPv6 ranges refused outright (embedded-IPv4 forms are judged by their IPv4 part instead). */
const BLOCKED_V6: readonly string[] = [
  "::/128",
  "::1/128",
  "fc00::/7",
  "fe80::/10",
  "fec0::/10",
  "ff00::/8",
  "100::/64",
  "2001:db8::/32",
  "64:ff9b:1::/48",
];

const V4_CIDRS = BLOCKED_V4.map((c) => ipaddr.IPv4.parseCIDR(c));
const V6_CIDRS = BLOCKED_V6.map((c) => ipaddr.IPv6.parseCIDR(c));
const LOOPBACK_V4 = ipaddr.IPv4.parseCIDR("127.0.0.0/8");

/** The IPv4 address carried inside an IPv6 address (mapped, NAT64, 6to4, IPv4-compatible), if any. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  if (ip.match(ipaddr.IPv6.parseCIDR("64:ff9b::/96"))) return v4(p[6]!, p[7]!);
  if (ip.match(ipaddr.IPv6.parseCIDR("2002::/16"))) return v4(p[1]!, p[2]!);
  // IPv4-compatible ::a.b.c.d (deprecated); :: and ::1 are handled as IPv6 ranges.
  if (ip.match(ipaddr.IPv6.parseCIDR("::/96")) && (p[6]! !== 0 || p[7]! > 1)) return v4(p[6]!, p[7]!);
  return null;
}

/** True when an IPv4 address may be used; loopback only with `allowLoopback`. */
function isAllowedV4(ip: ipaddr.IPv4, allowLoopback: boolean): boolean {
  if (allowLoopback && ip.match(LOOPBACK_V4)) return true;
  return !V4_CIDRS.some((cidr) => ip.match(cidr));
}

/**
 * True when an IP literal is outside every private and reserved range of spec 5.
 * Accepts IPv4 dotted quads and IPv6 text without brackets; anything unparsable is refused.
 */
export function isPublicIpLiteral(address: string, opts: DomainCheckOptions = {}): boolean {
  const allowLoopback = opts.allowLoopback === true;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (ip.kind() === "ipv4") return isAllowedV4(ip as ipaddr.IPv4, allowLoopback);
  const v6 = ip as ipaddr.IPv6;
  if (allowLoopback && v6.range() === "loopback") return true;
  const inner = embeddedIPv4(v6);
  if (inner) return isAllowedV4(inner, allowLoopback);
  return !V6_CIDRS.some((cidr) => v6.match(cidr));
}

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
  if (host.startsWith("[")) ok = isPublicIpLiteral(host.slice(1, -1), opts);
  else if (DOTTED_QUAD.test(host)) ok = isPublicIpLiteral(host, opts);
  else if (host === "localhost") ok = allowLoopback;
  else ok = isPublicDomainName(host);
  if (!ok) return invalid;
  return { ok: true, url: parsed.href, domain: host };
}

/** Spec 5: a domain is valid if it has a dot after the first character. */
export function isValidDomain(value: string): boolean {
  return value.trim().indexOf(".", 1) !== -1;
}

