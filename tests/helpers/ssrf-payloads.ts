/**
 * The SSRF payload suite of issue 9 ("keep them closed"): URLs that all lead to a private listener
 * (the canary) or another private address, spelled every way a URL parser, a resolver or a
 * redirect lets one spell them. Used by tests/integration/ssrf-suite.test.ts.
 */
import dns from "node:dns/promises";
import http from "node:http";
import os from "node:os";
import ipaddr from "ipaddr.js";
import { isPublicAddress } from "../../common/net/ip-ranges.ts";

/** A listener on every local address (IPv4 and IPv6) counting each TCP connection it accepts. */
export interface Canary {
  port: number;
  /** Connections accepted (a connection is a hit even when no request follows). */
  hits(): number;
  /** What reached it, for the failure message. */
  seen: string[];
  close(): Promise<void>;
}

/** Starts the canary on `::` (dual stack: 127.0.0.1, ::1 and every interface address reach it). */
export async function startCanary(): Promise<Canary> {
  let connections = 0;
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.headers.host ?? ""}${req.url}`);
    res.end("canary secret");
  });
  server.on("connection", (socket) => {
    connections++;
    seen.push(`connection from ${socket.remoteAddress}`);
  });
  server.on("upgrade", (req, socket) => {
    seen.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "::", ipv6Only: false }, resolve));
  return {
    port: (server.address() as { port: number }).port,
    hits: () => connections,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * This machine's own non-loopback addresses that the guard must refuse (a private LAN address, a
 * ULA, a documentation address): the canary listens on them too, so a leak through them is counted.
 */
export function localPrivateAddresses(): { v4: string[]; v6: string[] } {
  const v4: string[] = [];
  const v6: string[] = [];
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.internal || isPublicAddress(a.address) || a.address.toLowerCase().startsWith("fe80")) continue;
      (a.family === "IPv4" ? v4 : v6).push(a.address);
    }
  }
  return { v4, v6 };
}

/** Names the hosts override answers (a stand-in for a hostile DNS zone), each to the given addresses. */
export type HostsOverride = Record<string, { address: string; family: number }[]>;

/**
 * Makes `dns.promises.lookup` (the resolver the SSRF guard uses) answer `hosts` for the names in it,
 * like an /etc/hosts entry or a DNS zone pointing at private addresses. Returns the undo.
 */
export function overrideHosts(hosts: HostsOverride): () => void {
  const original = dns.lookup;
  const patched = ((hostname: string, options: unknown) => {
    const answer = hosts[hostname.toLowerCase()];
    if (answer) return Promise.resolve((options as { all?: boolean })?.all ? answer : answer[0]);
    return (original as (h: string, o: unknown) => Promise<unknown>)(hostname, options);
  }) as typeof dns.lookup;
  dns.lookup = patched;
  return () => {
    dns.lookup = original;
  };
}

/** IPv4 `a` as one decimal number, one hex number, dotted octal and dotted hex (all parsed as `a` by URL parsers). */
function v4Spellings(a: string): string[] {
  const bytes = ipaddr.IPv4.parse(a).octets;
  const n = bytes.reduce((acc, b) => acc * 256 + b, 0);
  return [
    String(n),
    `0x${n.toString(16)}`,
    bytes.map((b) => `0${b.toString(8)}`).join("."),
    bytes.map((b) => `0x${b.toString(16)}`).join("."),
    `[::ffff:${a}]`,
    `[::ffff:${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}]`,
  ];
}

/** One payload: a URL and the family it belongs to (for the report). */
export interface Payload {
  family: string;
  url: string;
}

/** The names {@link payloads} uses, for {@link overrideHosts}. */
export function hostileHosts(local: { v4: string[]; v6: string[] }): HostsOverride {
  const v4 = (address: string) => ({ address, family: 4 });
  const v6 = (address: string) => ({ address, family: 6 });
  return {
    "loopback.ssrf.test": [v4("127.0.0.1")],
    "mapped.ssrf.test": [v6("::ffff:127.0.0.1")],
    "v6-loopback.ssrf.test": [v6("::1")],
    "mixed.ssrf.test": [v4("93.184.216.34"), v4("127.0.0.1")],
    "unspecified.ssrf.test": [v4("0.0.0.0")],
    "metadata.ssrf.test": [v4("169.254.169.254")],
    "lan.ssrf.test": [v4("10.0.0.1"), v4("192.168.1.1")],
    "nat64.ssrf.test": [v6("64:ff9b::7f00:1")],
    ...(local.v4[0] ? { "private.ssrf.test": [v4(local.v4[0])] } : {}),
    ...(local.v6[0] ? { "ula.ssrf.test": [v6(local.v6[0])] } : {}),
  };
}

/**
 * Direct payloads: every spelling of the canary (loopback and this machine's private addresses),
 * names resolving to private addresses, userinfo and parser tricks, odd ports and schemes, and
 * other private ranges. `port` is the canary's.
 */
export function payloads(port: number, local: { v4: string[]; v6: string[] }): Payload[] {
  const p = port;
  const list: Payload[] = [];
  const add = (family: string, ...urls: string[]) => list.push(...urls.map((url) => ({ family, url })));
  add(
    "IPv4 loopback spellings",
    `http://127.0.0.1:${p}/`,
    `http://127.1:${p}/`,
    `http://127.0.1:${p}/`,
    `http://127.0.0.2:${p}/`,
    `http://127.255.255.254:${p}/`,
    `http://127.000.000.001:${p}/`,
    `http://127.0.0.1.:${p}/`,
    `http://0:${p}/`,
    `http://0.0.0.0:${p}/`,
    `http://127。0。0。1:${p}/`,
    `http://①②⑦.⓪.⓪.①:${p}/`,
    `http://%31%32%37.0.0.1:${p}/`,
  );
  add("IPv4 loopback as numbers", ...v4Spellings("127.0.0.1").map((h) => `http://${h}:${p}/`));
  add("IPv4 short octal/hex", `http://0177.1:${p}/`, `http://0x7f.1:${p}/`, `http://017700000001:${p}/`, `http://0x7F000001:${p}/`);
  add(
    "IPv6 loopback and unspecified",
    `http://[::1]:${p}/`,
    `http://[0:0:0:0:0:0:0:1]:${p}/`,
    `http://[::]:${p}/`,
    `http://[0000::0001]:${p}/`,
    `http://[::127.0.0.1]:${p}/`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`,
    `http://[64:ff9b::127.0.0.1]:${p}/`,
    `http://[2002:7f00:1::]:${p}/`,
  );
  for (const a of local.v4) add(`this machine's private IPv4 ${a}`, `http://${a}:${p}/`, ...v4Spellings(a).map((h) => `http://${h}:${p}/`));
  for (const a of local.v6) {
    const full = ipaddr.IPv6.parse(a).toNormalizedString();
    add(`this machine's private IPv6 ${a}`, `http://[${a}]:${p}/`, `http://[${full}]:${p}/`);
  }
  add(
    "names resolving to private addresses",
    `http://localhost:${p}/`,
    `http://LOCALHOST:${p}/`,
    `http://localhost.:${p}/`,
    `http://loopback.ssrf.test:${p}/`,
    `http://mapped.ssrf.test:${p}/`,
    `http://v6-loopback.ssrf.test:${p}/`,
    `http://mixed.ssrf.test:${p}/`,
    `http://unspecified.ssrf.test:${p}/`,
    `http://nat64.ssrf.test:${p}/`,
    `http://metadata.ssrf.test/latest/meta-data/`,
    `http://lan.ssrf.test/`,
    ...(local.v4[0] ? [`http://private.ssrf.test:${p}/`] : []),
    ...(local.v6[0] ? [`http://ula.ssrf.test:${p}/`] : []),
  );
  add(
    "userinfo and parser tricks",
    `http://user:pass@127.0.0.1:${p}/`,
    `http://example.com@127.0.0.1:${p}/`,
    `http://example.com:80@127.0.0.1:${p}/`,
    `http://127.0.0.1:${p}#@example.com/`,
    `http://127.0.0.1:${p}\\@example.com/`,
    `http://127.0.0.1:${p}?@example.com/`,
    `http://example.com%40127.0.0.1:${p}/`,
    `HTTP://127.0.0.1:${p}/`,
    `http:/\\127.0.0.1:${p}/`,
    `http:127.0.0.1:${p}/`,
  );
  add(
    "odd ports and schemes",
    `https://127.0.0.1:${p}/`,
    `http://127.0.0.1:${p + 65536}/`,
    `ftp://127.0.0.1:${p}/`,
    `gopher://127.0.0.1:${p}/_x`,
    `ws://127.0.0.1:${p}/`,
    `file:///etc/passwd`,
    `dict://127.0.0.1:${p}/`,
  );
  add(
    "other private and reserved ranges",
    "http://10.0.0.1/",
    "http://172.16.0.1/",
    "http://192.168.0.1/",
    "http://100.64.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://198.18.0.1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://[fd12:3456::1]/",
    "http://[fc00::1]/",
    "http://[fe80::1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
    "http://[ff02::1]/",
  );
  return list;
}

/**
 * Redirect targets for a loopback page (run with loopback opened, ALLOW_PRIVATE_NETWORKS=1): every
 * address of the canary that stays refused even then (unspecified, this machine's private
 * addresses and their spellings, names resolving to them), and other private ranges.
 */
export function redirectTargets(port: number, local: { v4: string[]; v6: string[] }): string[] {
  const targets = [
    `http://0:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://[::]:${port}/`,
    `http://unspecified.ssrf.test:${port}/`,
    "http://metadata.ssrf.test/latest/meta-data/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd12:3456::1]/",
  ];
  for (const a of local.v4)
    targets.push(`http://${a}:${port}/`, `http://user@${a}:${port}/`, ...v4Spellings(a).map((h) => `http://${h}:${port}/`));
  for (const a of local.v6) targets.push(`http://[${a}]:${port}/`);
  if (local.v4[0]) targets.push(`http://private.ssrf.test:${port}/`);
  if (local.v6[0]) targets.push(`http://ula.ssrf.test:${port}/`);
  return targets;
}
