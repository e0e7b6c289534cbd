/**
 * The one rule for private and reserved IP addresses (spec 5, issue 8 item 2, issue 9), used by
 * the start box's check (common/url-check.ts) and by the SSRF guard (server/net/ssrf.server.ts)
 * on every resolved address. Isomorphic (ipaddr.js only): the browser and the server agree.
 */
import ipaddr from "ipaddr.js";

/** IPv4 ranges never reached (private, shared, loopback, link-local, documentation, benchmarking, multicast, reserved). */
const BLOCKED_V4 = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "255.255.255.255/32",
].map((c) => ipaddr.IPv4.parseCIDR(c));

/** IPv6 ranges never reached, including every form that carries an IPv4 address inside (NAT64, 6to4, Teredo, IPv4-compatible). */
const BLOCKED_V6 = [
  "::/96",
  "::/128",
  "::1/128",
  "64:ff9b::/96",
  "64:ff9b:1::/48",
  "100::/64",
  "2001::/32",
  "2001:db8::/32",
  "2002::/16",
  "fc00::/7",
  "fe80::/10",
  "fec0::/10",
  "ff00::/8",
].map((c) => ipaddr.IPv6.parseCIDR(c));

const LOOPBACK_V4 = ipaddr.IPv4.parseCIDR("127.0.0.0/8");

/** Options of {@link isPublicAddress}. */
export interface AddressRuleOptions {
  /** Also allow loopback (127.0.0.0/8, ::1): development and tests (ALLOW_PRIVATE_NETWORKS=1). Nothing else private. */
  allowLoopback?: boolean;
}

/**
 * True when `address` (IPv4 or IPv6 text, no brackets) is public unicast and may be reached.
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged by its IPv4 address; every other IPv6 form carrying
 * an IPv4 address is refused; unparsable text is refused.
 */
export function isPublicAddress(address: string, opts: AddressRuleOptions = {}): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === "ipv4") {
    const v4 = ip as ipaddr.IPv4;
    if (opts.allowLoopback && v4.match(LOOPBACK_V4)) return true;
    return v4.range() === "unicast" && !BLOCKED_V4.some((c) => v4.match(c));
  }
  const v6 = ip as ipaddr.IPv6;
  if (opts.allowLoopback && v6.range() === "loopback") return true;
  return v6.range() === "unicast" && !BLOCKED_V6.some((c) => v6.match(c));
}
