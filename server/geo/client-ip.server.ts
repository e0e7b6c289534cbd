import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import ipaddr from "ipaddr.js";

function isLocalPeer(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === "loopback" || range === "private" || range === "uniqueLocal" || range === "linkLocal";
}

/**
 * The client's IP address. The socket peer is the client, unless the peer is a proxy on the
 * same host or private network (loopback, private, unique-local): then the left-most valid
 * address of X-Forwarded-For is the client. Empty when unknown (e.g. in-process test requests).
 */
export function clientIp(c: Context): string {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? "";
  } catch {
    peer = "";
  }
  if (peer && !isLocalPeer(peer)) return ipaddr.isValid(peer) ? ipaddr.process(peer).toString() : peer;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .find((s) => ipaddr.isValid(s));
  if (forwarded) return ipaddr.process(forwarded).toString();
  return peer ? ipaddr.process(peer).toString() : "";
}
