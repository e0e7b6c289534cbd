/**
 * An independent reading of a static test site on disk, for crawler tests: which URLs a
 * breadth-first walk from the home page reaches, which are broken, which robots.txt rules block.
 * Links are read with the regex helpers (not the crawler's htmlparser2 pass); URLs map to files the
 * way tests/helpers/static-site.ts serves them (a directory URL serves its index.html).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import handler from "serve-handler";
import { attrOf, stripInert, tagsOf } from "./html-regex.ts";

/** The file a URL path is served from, or null when the static server answers 404. */
export function fileFor(root: string, pathname: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (p.endsWith("/")) p += "index.html";
  const file = path.join(root, p);
  if (!file.startsWith(root)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/** Internal link targets of one HTML file (anchors, head canonical/alternate, meta refresh), fragments dropped. */
export function linksOf(html: string, pageUrl: string): string[] {
  const clean = stripInert(html);
  const out: string[] = [];
  const add = (href: string | null) => {
    if (href === null || href.trim().startsWith("#")) return;
    const u = URL.parse(href.trim(), pageUrl);
    if (!u || (u.protocol !== "http:" && u.protocol !== "https:")) return;
    if (u.host !== new URL(pageUrl).host) return;
    u.hash = "";
    out.push(u.href);
  };
  for (const a of tagsOf(clean, "a")) if (!/nofollow/i.test(attrOf(a, "rel") ?? "")) add(attrOf(a, "href"));
  for (const l of tagsOf(clean, "link")) {
    const rel = (attrOf(l, "rel") ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("canonical") || (rel.includes("alternate") && attrOf(l, "hreflang") !== null)) add(attrOf(l, "href"));
  }
  for (const m of tagsOf(clean, "meta")) {
    if ((attrOf(m, "http-equiv") ?? "").toLowerCase() !== "refresh") continue;
    const target = /url\s*=\s*['"]?([^'"]+)/i.exec(attrOf(m, "content") ?? "")?.[1];
    if (target) add(target);
  }
  return out;
}

/** Result of {@link walkSite}. */
export interface SiteWalk {
  /** Every internal URL reached (fetched or blocked), with its click depth. */
  depth: Map<string, number>;
  /** Reached URLs the server answers 404 for. */
  broken: Set<string>;
  /** Reached URLs disallowed by `blocked` (not followed further). */
  blocked: Set<string>;
  /** Reached URLs served from an .html file. */
  htmlPages: Set<string>;
}

/** Breadth-first walk from `origin + "/"` over the files under `root`. `blocked(path)` says whether robots.txt disallows a path. */
export function walkSite(root: string, origin: string, blocked: (pathname: string) => boolean = () => false): SiteWalk {
  const start = `${origin}/`;
  const depth = new Map<string, number>([[start, 0]]);
  const broken = new Set<string>();
  const blockedSet = new Set<string>();
  const htmlPages = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const url = queue.shift()!;
    const u = new URL(url);
    if (blocked(u.pathname)) {
      blockedSet.add(url);
      continue;
    }
    const file = fileFor(root, u.pathname);
    if (!file) {
      broken.add(url);
      continue;
    }
    if (!/\.html?$/i.test(file)) continue;
    htmlPages.add(url);
    for (const link of linksOf(readFileSync(file, "utf8"), url)) {
      if (depth.has(link)) continue;
      depth.set(link, depth.get(url)! + 1);
      queue.push(link);
    }
  }
  return { depth, broken, blocked: blockedSet, htmlPages };
}

/** A static server for a test site with per-path overrides (e.g. a robots.txt) and a count of requests per path. */
export async function serveSite(
  root: string,
  overrides: Record<string, { status?: number; type?: string; body: string }> = {},
): Promise<{ origin: string; hits: Map<string, number>; server: Server; close: () => Promise<void> }> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const [pathname = "/", query] = (req.url ?? "/").split("?");
    if (req.method === "GET") hits.set(req.url ?? "/", (hits.get(req.url ?? "/") ?? 0) + 1);
    const o = overrides[pathname];
    if (o) {
      res.writeHead(o.status ?? 200, { "content-type": o.type ?? "text/plain" });
      res.end(o.body);
      return;
    }
    if (pathname.endsWith("/")) req.url = `${pathname}index.html${query ? `?${query}` : ""}`;
    void handler(req, res, { public: root, cleanUrls: false, directoryListing: false });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    hits,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
