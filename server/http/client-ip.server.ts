/**
 * The one answer to "which address is the client?" (issue 9 finding 3), used by rate limits, the
 * ip2c lookup and the request log alike. X-Forwarded-For is believed only as far as TRUST_PROXY
 * says: by default (no trusted proxy) the socket peer is the client, whatever the headers claim.
 */
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import ipaddr from "ipaddr.js";

/**
 * Which proxies are trusted: none; the last `hops` proxies in front of the server; or the proxies
 * whose addresses fall in `cidrs`.
 */
export type TrustProxy =
  { kind: "none" } | { kind: "hops"; hops: number } | { kind: "cidrs"; cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] };

/**
 * Parses TRUST_PROXY: "" (default) for none, a hop count ("1" = one reverse proxy), or a
 * comma-separated list of addresses and CIDR ranges ("10.0.0.0/8, ::1").
 * @throws Error naming the entry that is neither.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (v === "" || v === "0" || v === "false") return { kind: "none" };
  if (/^\d+$/.test(v)) return { kind: "hops", hops: Math.min(Number(v), 100) };
  const cidrs = v.split(",").map((part): [ipaddr.IPv4 | ipaddr.IPv6, number] => {
    const p = part.trim();
    try {
      if (p.includes("/")) return ipaddr.parseCIDR(p);
      const a = ipaddr.parse(p);
      return [a, a.kind() === "ipv4" ? 32 : 128];
    } catch {
      throw new Error(`not an address, CIDR range or hop count: ${p}`);
    }
  });
  return { kind: "cidrs", cidrs };
}

const normal = (address: string): string | null => (ipaddr.isValid(address) ? ipaddr.process(address).toString() : null);

function trusted(address: string, cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][]): boolean {
  const ip = ipaddr.process(address);
  return cidrs.some(([range, bits]) => ip.kind() === range.kind() && ip.match(range, bits));
}

/**
 * The client address of a request with socket peer `peer` ("" when there is no socket, as for
 * in-process requests) and X-Forwarded-For `forwarded`, under `trust`. "" when unknown.
 */
export function resolveClientIp(peer: string, forwarded: string | undefined, trust: TrustProxy): string {
  const socket = normal(peer) ?? "";
  if (trust.kind === "none") return socket;
  const chain = (forwarded ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (trust.kind === "hops") {
    // The peer is the nearest proxy; each trusted hop vouches for the entry to its left.
    const hop = chain[chain.length - trust.hops];
    const picked = hop === undefined ? (chain[0] ?? socket) : hop;
    return normal(picked) ?? socket;
  }
  if (socket && !trusted(socket, trust.cidrs)) return socket;
  let client = socket;
  for (let i = chain.length - 1; i >= 0; i--) {
    const entry = normal(chain[i]!);
    if (!entry) break;
    client = entry;
    if (!trusted(entry, trust.cidrs)) break;
  }
  return client;
}

/** The client address of a Hono request under the process's TRUST_PROXY ("" when unknown). */
export function clientIp(c: Context, trust: TrustProxy): string {
  return resolveClientIp(socketAddress(c), c.req.header("x-forwarded-for"), trust);
}

/** The peer address of the request's socket; "" for requests that have none (in-process calls in tests). */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "";
  } catch {
    return "";
  }
}
