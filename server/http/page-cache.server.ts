/**
 * Rendered-page cache for anonymous visitors (issue 14 point 3, decision 0017): a page that is the
 * same for every visitor without a session is rendered once per URL (the language is its prefix)
 * and content version, then answered from memory with a strong ETag, and with 304 Not Modified to
 * a matching If-None-Match. The entry keeps the CSP nonce it was rendered with (the body carries
 * it); `nonce` tells the security headers which one to announce.
 *
 * Only public screens (spec 2 catalogue, `isPublicPage`) are cached. Never cached: a request with a session cookie (signed-in, spec 6), anything but GET, an answer
 * that is not a 200 HTML page, sets a cookie or its own Cache-Control, or whose loaders read a
 * per-visitor fact (visitor id, owner, IP: `personal`). Entries die when the content version
 * changes (server/content/version.server.ts) and after TTL_MS, for what depends on the clock
 * (a post scheduled for later). Bodies are kept gzipped only, within MAX_BYTES (least recently
 * used out first).
 */
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { hasSessionCookie } from "../auth/private-pages.server.ts";
import { contentVersion } from "../content/version.server.ts";
import { isPublicPage } from "./public-pages.server.ts";

/** Longest life of an entry (ms): bounds what depends on the clock rather than on content. */
export const PAGE_CACHE_TTL_MS = 60_000;
/** Memory for gzipped bodies (bytes): about a thousand marketing pages. */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Cache-Control of a cached page: the browser keeps it but asks again (If-None-Match) each time; no shared cache. */
export const PAGE_CACHE_CONTROL = "private, no-cache";

interface Entry {
  /** Strong validator of the identity body; the gzip body's is the same with "-gz". */
  etag: string;
  nonce: string;
  status: number;
  headers: [string, string][];
  gzip: Buffer;
  storedAt: number;
}

/** A page answer from the cache, or the reason it was not stored. */
export interface PageCache {
  /** The cache key of a request, or null when the request may not be answered from the cache. */
  keyOf(request: Request): string | null;
  /** Answers from the cache (200 or 304), with the entry's nonce; undefined on a miss. */
  answer(key: string, request: Request): { response: Response; nonce: string } | undefined;
  /**
   * Stores a freshly rendered answer when it may be shared, and returns what to send: the stored
   * answer (with ETag) or `response` untouched. `render.version` is the content version read
   * before rendering; `render.personal` whether a loader read a per-visitor fact.
   */
  store(
    key: string,
    request: Request,
    response: Response,
    render: { nonce: string; personal: boolean; version: number },
  ): Promise<Response>;
  /** Entries and gzipped bytes held. */
  size(): { entries: number; bytes: number };
}

const strip = (tag: string) => tag.trim().replace(/^W\//, "");

/** Creates an empty cache. `now` (ms) is for tests. */
export function createPageCache(opts: { maxBytes?: number; ttlMs?: number; now?: () => number } = {}): PageCache {
  const maxBytes = opts.maxBytes ?? PAGE_CACHE_MAX_BYTES;
  const ttlMs = opts.ttlMs ?? PAGE_CACHE_TTL_MS;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let version = contentVersion();
  let bytes = 0;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.gzip.length;
    entries.delete(key);
  };

  const respond = (e: Entry, request: Request): Response => {
    const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
    const etag = gzip ? `${e.etag.slice(0, -1)}-gz"` : e.etag;
    const headers = new Headers(e.headers);
    headers.set("etag", etag);
    headers.set("cache-control", PAGE_CACHE_CONTROL);
    headers.set("vary", "Accept-Encoding");
    const inm = request.headers.get("if-none-match");
    if (inm && inm.split(",").some((t) => [e.etag, etag, "*"].includes(strip(t))))
      return new Response(null, { status: 304, headers: { etag, "cache-control": PAGE_CACHE_CONTROL, vary: "Accept-Encoding" } });
    if (gzip) headers.set("content-encoding", "gzip");
    const body = gzip ? e.gzip : gunzipSync(e.gzip);
    headers.set("content-length", String(body.length));
    return new Response(new Uint8Array(body), { status: e.status, headers });
  };

  return {
    keyOf(request) {
      if (request.method !== "GET" || hasSessionCookie(request.headers)) return null;
      const url = new URL(request.url);
      if (!isPublicPage(url.pathname)) return null;
      return url.pathname + url.search;
    },
    answer(key, request) {
      const current = contentVersion();
      if (current !== version) {
        entries.clear();
        bytes = 0;
        version = current;
      }
      const e = entries.get(key);
      if (!e) return undefined;
      if (now() - e.storedAt > ttlMs) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, e);
      return { response: respond(e, request), nonce: e.nonce };
    },
    async store(key, request, response, render) {
      const h = response.headers;
      const shareable =
        response.status === 200 &&
        (h.get("content-type") ?? "").startsWith("text/html") &&
        !h.has("set-cookie") &&
        !h.has("cache-control") &&
        !h.has("content-encoding") &&
        !render.personal;
      if (!shareable || !response.body) return response;
      const body = Buffer.from(await response.arrayBuffer());
      const e: Entry = {
        etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
        nonce: render.nonce,
        status: response.status,
        headers: [...h.entries()].filter(([k]) => k !== "content-length"),
        gzip: gzipSync(body),
        storedAt: now(),
      };
      // Content changed while rendering: answer this one, keep nothing that may be stale.
      if (render.version === version && render.version === contentVersion() && e.gzip.length <= maxBytes / 8) {
        drop(key);
        entries.set(key, e);
        bytes += e.gzip.length;
        while (bytes > maxBytes) drop(entries.keys().next().value!);
      }
      return respond(e, request);
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}
