import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAudit } from "../../server/audit/create.server.ts";
import { createFetcher } from "../../server/crawler/fetcher.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { readSnapshot } from "../../server/crawler/snapshot.server.ts";
import { runCrawlWorker } from "../../server/crawler/worker.server.ts";
import { auditUrls } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const html = (body: string, head = "") => `<!doctype html><html lang="en"><head><title>t</title>${head}</head><body>${body}</body></html>`;

/** A small site whose every route is written here; counts GET requests per path. */
async function serveRoutes(routes: Record<string, Handler>) {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (req.method === "GET") hits.set(req.url ?? "/", (hits.get(req.url ?? "/") ?? 0) + 1);
    const route = routes[path];
    if (route) return route(req, res);
    res.writeHead(404, { "content-type": "text/html" });
    res.end(html("not found"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
const page =
  (body: string, head = ""): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html(body, head));
  };
const redirect =
  (status: number, to: string): Handler =>
  (_req, res) => {
    res.writeHead(status, { location: to });
    res.end();
  };

describe("issue 3 Crawler — fetcher: retries, Retry-After, decompression, limits", () => {
  let site: Awaited<ReturnType<typeof serveRoutes>>;
  let calls429 = 0;
  beforeAll(async () => {
    site = await serveRoutes({
      "/429": (_req, res) => {
        calls429++;
        if (calls429 === 1) {
          res.writeHead(429, { "retry-after": "1" });
          return res.end();
        }
        page("ok")(_req, res);
      },
      "/503": (_req, res) => {
        res.writeHead(503);
        res.end();
      },
      "/gz": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        res.end(gzipSync(html("gzipped")));
      },
      "/br": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "br" });
        res.end(brotliCompressSync(html("brotli")));
      },
      "/big": (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("x".repeat(100_000));
      },
      "/hang": () => undefined,
      "/moved": redirect(301, "/gz"),
    });
  }, 180_000);
  afterAll(() => site.close());

  it("retries a 429 after its Retry-After and gives up on a 503 after the retries", async () => {
    const f = createFetcher({ allowPrivate: true, backoffMs: 10 });
    try {
      const started = Date.now();
      const r = await f.fetch(`${site.origin}/429`);
      expect(r.kind === "response" && r.response.statusCode).toBe(200);
      expect(r.attempts).toBe(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(990);
      const s = await f.fetch(`${site.origin}/503`);
      expect(s.kind === "response" && s.response.statusCode).toBe(503);
      expect(s.attempts).toBe(3);
      expect(site.hits.get("/503")).toBe(3);
    } finally {
      await f.close();
    }
  }, 180_000);

  it("decodes gzip and brotli, cuts bodies at maxBytes, times out, and does not follow redirects", async () => {
    const f = createFetcher({ allowPrivate: true, timeoutMs: 1000, retries: 0 });
    try {
      for (const [p, word] of [
        ["/gz", "gzipped"],
        ["/br", "brotli"],
      ]) {
        const r = await f.fetch(`${site.origin}${p}`);
        expect(r.kind === "response" && r.response.body.toString()).toContain(word);
      }
      const big = await f.fetch(`${site.origin}/big`, { maxBytes: 1000 });
      expect(big.kind === "response" && [big.response.body.length, big.response.truncated]).toEqual([1000, true]);
      const hang = await f.fetch(`${site.origin}/hang`);
      expect(hang.kind === "error" && hang.code).toBe("timeout");
      const moved = await f.fetch(`${site.origin}/moved`);
      expect(moved.kind === "response" && [moved.response.statusCode, moved.response.headers.location]).toEqual([301, "/gz"]);
    } finally {
      await f.close();
    }
  }, 180_000);

  it("refuses private addresses without allowPrivate (SSRF guard on every request)", async () => {
    const f = createFetcher({ allowPrivate: false, retries: 0 });
    try {
      const r = await f.fetch(`${site.origin}/gz`);
      expect(r.kind === "error" && r.code).toBe("blocked");
    } finally {
      await f.close();
    }
  }, 180_000);
});

describe("issue 3 Crawler — redirects, meta refresh, base href, nofollow, canonical, hreflang, limits (pglite)", () => {
  let services: Services;
  let site: Awaited<ReturnType<typeof serveRoutes>>;
  beforeAll(async () => {
    services = await startTestServices("pglite");
    site = await serveRoutes({
      "/": page(
        `<a href="/r1">chain</a> <a href="/loop-a">loop</a> <a href="/meta">meta</a> <a href="/nf" rel="nofollow">nf</a>
         <a href="/deep1">deep</a> <a href="/based/">based</a> <a href="/x#frag">frag</a> <a href="/x">x</a>
         <svg><a href="/svg-link"><text>s</text></a></svg>`,
        `<link rel="canonical" href="/canon"><link rel="alternate" hreflang="de" href="/de/">`,
      ),
      "/r1": redirect(301, "/r2"),
      "/r2": redirect(302, "/final"),
      "/final": page("final"),
      "/loop-a": redirect(301, "/loop-b"),
      "/loop-b": redirect(301, "/loop-a"),
      "/meta": page("meta", `<meta http-equiv="refresh" content="0; url=/target">`),
      "/target": page("target"),
      "/nf": page("nofollow target"),
      "/deep1": page(`<a href="/deep2">d2</a>`),
      "/deep2": page(`<a href="/deep3">d3</a>`),
      "/deep3": page("d3"),
      "/based/": page(`<a href="rel">rel</a>`, `<base href="/other/">`),
      "/other/rel": page("rel"),
      "/x": page("x"),
      "/svg-link": page("svg"),
      "/canon": page("canon"),
      "/de/": page("de"),
    });
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await services?.close();
  }, 180_000);

  async function crawl(settings: Record<string, unknown>) {
    const id = await createAudit(services.db, { startUrl: `${site.origin}/`, settings: crawlSettingsSchema.parse(settings) });
    await runCrawlWorker(services.db, id, { allowPrivate: true });
    return { id, snapshot: await readSnapshot(services.db, id) };
  }

  it("records each hop once and joins chains and loops in the snapshot", async () => {
    site.hits.clear();
    const { snapshot } = await crawl({});
    const byUrl = new Map(snapshot.pages.map((p) => [p.url.slice(site.origin.length), p]));
    expect(byUrl.get("/r1")).toMatchObject({
      finalUrl: `${site.origin}/final`,
      statusCode: 200,
      facts: null,
      redirects: [
        { url: `${site.origin}/r1`, statusCode: 301, location: `${site.origin}/r2` },
        { url: `${site.origin}/r2`, statusCode: 302, location: `${site.origin}/final` },
      ],
    });
    expect(byUrl.get("/final")?.facts?.title).toBe("t");
    expect(byUrl.get("/loop-a")).toMatchObject({ statusCode: null, fetchError: "redirect loop" });
    expect(byUrl.get("/meta")?.facts?.metaRefresh).toBe(`${site.origin}/target`);
    for (const p of ["/target", "/other/rel", "/svg-link", "/canon", "/de/", "/x", "/deep3"]) expect(byUrl.has(p), p).toBe(true);
    expect(byUrl.has("/based/rel")).toBe(false);
    expect(byUrl.has("/nf")).toBe(false);
    expect(snapshot.links.some((l) => l.to === `${site.origin}/nf` && l.rel === "nofollow")).toBe(true);
    for (const [p, n] of site.hits) expect(n, p).toBe(1);
    expect(byUrl.get("/deep3")?.depth).toBe(3);
  }, 180_000);

  it("follows nofollow on request and stops at max depth and max pages", async () => {
    const deep = await crawl({ maxDepth: 1, followNofollow: true });
    const urls = deep.snapshot.pages.map((p) => p.url.slice(site.origin.length));
    expect(urls).toContain("/nf");
    expect(urls).toContain("/deep1");
    expect(urls).not.toContain("/deep2");
    expect(Math.max(...deep.snapshot.pages.map((p) => p.depth ?? 0))).toBe(1);

    const few = await crawl({ maxPages: 3 });
    expect(few.snapshot.pages).toHaveLength(3);
    const skipped = await services.db
      .select()
      .from(auditUrls)
      .where(and(eq(auditUrls.auditId, few.id), eq(auditUrls.status, "skipped")));
    expect(skipped.length).toBeGreaterThan(0);
  }, 180_000);
});
