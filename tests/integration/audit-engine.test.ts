import { createServer } from "node:http";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.server.ts";
import { continueAudit } from "../../server/audit/continue.server.ts";
import { createAudit } from "../../server/audit/create.server.ts";
import { compareStoredAudits, toRef } from "../../server/audit/history.server.ts";
import { limitOf } from "../../server/audit/limit.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { BLOCKED_MESSAGE } from "../../server/crawler/process.server.ts";
import { BREAKER_THRESHOLD, createFetcher } from "../../server/crawler/fetcher.server.ts";
import { createScope } from "../../server/crawler/url.server.ts";
import { runCrawlWorker } from "../../server/crawler/worker.server.ts";
import { auditPages, auditUrls, audits, visitors } from "../../server/db/schema.server.ts";
import { createGuardedAgent, guardedFetch } from "../../server/net/ssrf.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";
import { serveSite, walkSite } from "../helpers/site-model.ts";
import { testSitePath } from "../helpers/static-site.ts";
import { waitFor } from "../helpers/wait.ts";

const root = testSitePath("jena-apache-org");
/** Checks of measured times: they may differ between two audits of an unchanged site. */
const TIMING_CHECKS = new Set(["slow-ttfb"]);

describe("spec 16.1 TTFB is measured from the request's write to the socket: no duration is negative", () => {
  let origin = "";
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    // Each request waits ?ms=N before its headers, then streams a short body.
    const server = createServer((req, res) => {
      const ms = Number(new URL(req.url ?? "/", "http://x").searchParams.get("ms") ?? 0);
      setTimeout(() => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.write("a".repeat(1000));
        setTimeout(() => res.end("b"), ms % 7);
      }, ms);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  });
  afterAll(() => close());

  it("property: for any delays and any number of requests queued behind few connections, every timing is ≥ 0 and TTFB ≤ total", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 3 }),
        async (delays, connections) => {
          const agent = createGuardedAgent(true, connections);
          try {
            const responses = await Promise.all(delays.map((ms) => guardedFetch(`${origin}/?ms=${ms}`, { allowPrivate: true, agent })));
            for (const { timings } of responses) {
              expect(timings.ttfbMs).toBeGreaterThanOrEqual(0);
              expect(timings.downloadMs).toBeGreaterThanOrEqual(0);
              expect(timings.totalMs).toBeGreaterThanOrEqual(timings.ttfbMs);
              if (timings.connectMs !== null) expect(timings.connectMs).toBeGreaterThanOrEqual(0);
              if (timings.dnsMs !== null) expect(timings.dnsMs).toBeGreaterThanOrEqual(0);
            }
          } finally {
            await agent.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe("spec 14.2 failures that will not heal are not retried; per-host circuit breaker", () => {
  it("a refused connection, a name that does not resolve and a 404 are tried once; after 5 failures in a row a host is not asked again", async () => {
    // A port nobody listens on: bind, read the port, close.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const fetcher = createFetcher({ allowPrivate: true, retries: 3, backoffMs: 10_000 });
    const site = createServer((_req, res) => (res.writeHead(404), res.end("no")));
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const live = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    try {
      // With a 10 s backoff, any retry would blow the test's own timeout.
      const refused = await fetcher.fetch(`http://127.0.0.1:${port}/a`);
      expect(refused).toMatchObject({ kind: "error", code: "network", attempts: 1 });
      const dns = await fetcher.fetch("http://cdn.nohost.invalid/x.png");
      expect(dns).toMatchObject({ kind: "error", code: "dns", attempts: 1 });
      const missing = await fetcher.fetch(`${live}/missing`);
      expect(missing.kind === "response" && missing.response.statusCode).toBe(404);
      expect(missing.attempts).toBe(1);
      for (let i = 2; i <= BREAKER_THRESHOLD; i++) expect((await fetcher.fetch(`http://127.0.0.1:${port}/${i}`)).attempts).toBe(1);
      expect(await fetcher.fetch(`http://127.0.0.1:${port}/after`)).toMatchObject({ kind: "error", code: "unreachable", attempts: 0 });
      // Another host is not affected, and a host that answers never trips the breaker.
      for (let i = 0; i < BREAKER_THRESHOLD + 2; i++) expect((await fetcher.fetch(`${live}/m${i}`)).kind).toBe("response");
    } finally {
      await fetcher.close();
      await new Promise<void>((resolve) => (site.closeAllConnections(), site.close(() => resolve())));
    }
  }, 60_000);
});

describe("spec 9.2 crawl include/exclude patterns run on a linear-time engine, validated at input", () => {
  it("refuses back-references and look-arounds (they need backtracking) and accepts RE2 syntax", () => {
    for (const bad of ["(a)\\1", "^(?=admin)", "(?<!x)y", "("]) {
      const parsed = crawlSettingsSchema.safeParse({ include: [bad] });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["include"]);
    }
    expect(crawlSettingsSchema.parse({ exclude: "^/private/\n\\.pdf$" }).exclude).toEqual(["^/private/", "\\.pdf$"]);
  });

  it("the pattern that froze the server, ^(\\S+)+!$, is matched against long URLs without backtracking", () => {
    const settings = crawlSettingsSchema.parse({ include: ["^(\\S+)+!$"], exclude: ["(x+x+)+y"] });
    const scope = createScope("https://example.com/", settings);
    const long = `https://example.com/${"a".repeat(20_000)}`;
    expect(scope(long)).toBe("excluded");
    expect(scope(`https://example.com/${"x".repeat(20_000)}`)).toBe("excluded");
    expect(scope("https://example.com/yes!")).toBe("internal");
  });
});

describe("spec 16.2 / 16.4 / 8.8 / 9.9 audits of the served jena site (pglite)", () => {
  let services: Services;
  let site: Awaited<ReturnType<typeof serveSite>>;
  let api: ReturnType<typeof createApi>;
  beforeAll(async () => {
    services = await startTestServices("pglite");
    api = createApi(services);
    site = await serveSite(root);
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await services?.close();
  }, 180_000);

  /** Audits the site to the end with one worker. */
  async function audit(settings: Record<string, unknown>, allowPrivate = true): Promise<number> {
    const id = await createAudit(services.db, { startUrl: `${site.origin}/`, settings: crawlSettingsSchema.parse(settings) });
    await runCrawlWorker(services.db, id, { allowPrivate });
    return id;
  }
  const row = async (id: number) => (await services.db.select().from(audits).where(eq(audits.id, id)))[0]!;
  const crawledPages = async (id: number) =>
    (
      await services.db.select({ url: auditPages.url, timings: auditPages.timings }).from(auditPages).where(eq(auditPages.auditId, id))
    ).sort((a, b) => a.url.localeCompare(b.url));

  it("16.2: two audits cut by the same page limit crawl the same URLs (whatever the concurrency) and compare as identical", async () => {
    const a = await audit({ maxPages: 60, concurrency: 8 });
    const b = await audit({ maxPages: 60, concurrency: 3 });
    const pagesA = await crawledPages(a);
    const pagesB = await crawledPages(b);
    expect(pagesA).toHaveLength(60);
    expect(pagesB.map((p) => p.url)).toEqual(pagesA.map((p) => p.url));
    // 16.1 in a real crawl: no page shows a negative time.
    for (const p of [...pagesA, ...pagesB]) {
      const t = p.timings as { ttfbMs: number; totalMs: number } | null;
      if (t) expect(Math.min(t.ttfbMs, t.totalMs)).toBeGreaterThanOrEqual(0);
    }
    const [ra, rb] = [toRef(await row(a)), toRef(await row(b))];
    expect(rb.summary!.pagesCrawled).toBe(ra.summary!.pagesCrawled);
    expect(rb.summary!.indexablePages).toBe(ra.summary!.indexablePages);
    expect(rb.limit).toEqual(ra.limit);
    // Every occurrence agrees except measured response times (a loaded machine answers slower at higher concurrency).
    const cmp = await compareStoredAudits(services.db, ra, rb);
    const changed = cmp.checks.filter((c) => c.newUrls.length + c.fixedUrls.length > 0).map((c) => c.check);
    expect(changed.filter((c) => !TIMING_CHECKS.has(c))).toEqual([]);
    expect(cmp.scope).toEqual({ common: expect.any(Number), onlyPrevious: 0, onlyCurrent: 0 });
    expect(cmp.scope!.common).toBeGreaterThanOrEqual(60);

    // A higher limit crawls a breadth-first prefix-extension: every page of the smaller cut, then more;
    // the comparison covers only the URLs both reached, and says how many it left out.
    const c = await audit({ maxPages: 90, concurrency: 6 });
    const pagesC = new Set((await crawledPages(c)).map((p) => p.url));
    expect(pagesC.size).toBe(90);
    for (const p of pagesA) expect(pagesC.has(p.url), p.url).toBe(true);
    const wider = await compareStoredAudits(services.db, ra, toRef(await row(c)));
    expect(wider.scope!.onlyCurrent).toBeGreaterThan(0);
    expect(wider.scope!.onlyPrevious).toBe(0);
  }, 300_000);

  it("16.4 / 8.8: an audit stopped at its limit says how many URLs were left, and continues with a higher limit without refetching", async () => {
    const expected = walkSite(root, site.origin, (p) => p.startsWith("/404/"));
    site.hits.clear();
    const id = await audit({ maxPages: 25, concurrency: 4 });
    const stopped = await row(id);
    const limit = limitOf(stopped.summary)!;
    expect(limit.pageLimit).toBe(25);
    expect(limit.pagesLeft).toBeGreaterThan(0);
    const left = await services.db
      .select({ url: auditUrls.url })
      .from(auditUrls)
      .where(and(eq(auditUrls.auditId, id), eq(auditUrls.kind, "page"), eq(auditUrls.status, "skipped")));
    expect(left).toHaveLength(limit.pagesLeft);

    // The API route: a bad limit is refused with a 4xx naming the field; a stranger gets 404.
    const post = (body: unknown) =>
      api.request(`/audits/${id}/continue`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const bad = await post({ maxPages: "many" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe("maxPages");
    expect((await post({ maxPages: 100 })).status).toBe(404);

    // The audit belongs to a guest: only that guest may continue it, and only with a higher limit.
    const [guest] = await services.db.insert(visitors).values({}).returning({ id: visitors.id });
    await services.db.update(audits).set({ visitorId: guest!.id }).where(eq(audits.id, id));
    const [stranger] = await services.db.insert(visitors).values({}).returning({ id: visitors.id });
    await expect(
      continueAudit({ services, owner: { visitorId: stranger!.id, userId: null }, auditId: id, maxPages: 100 }),
    ).rejects.toMatchObject({ code: "not_found" });
    const visitorId = (await row(id)).visitorId!;
    await expect(continueAudit({ services, owner: { visitorId, userId: null }, auditId: id, maxPages: 20 })).rejects.toMatchObject({
      code: "validation",
      field: "maxPages",
    });
    const resumed = await continueAudit({ services, owner: { visitorId, userId: null }, auditId: id, maxPages: 5000 });
    expect(resumed.pagesLeft).toBe(limit.pagesLeft);
    const done = await waitFor(async () => {
      const r = await row(id);
      return r.status === "done" ? r : null;
    }, 240_000);
    expect(limitOf(done.summary)).toEqual({ pageLimit: 5000, pagesLeft: 0 });
    const pages = await services.db
      .select({ url: auditUrls.url })
      .from(auditUrls)
      .where(and(eq(auditUrls.auditId, id), eq(auditUrls.kind, "page")));
    expect(new Set(pages.map((p) => p.url))).toEqual(new Set(expected.depth.keys()));
    for (const [path, n] of site.hits) if (!path.startsWith("/robots.txt") && !path.includes("sitemap")) expect(n, path).toBe(1);
  }, 300_000);

  it("9.9: an audit whose site the SSRF guard refuses ends failed, with the reason and without the address", async () => {
    const id = await audit({ maxPages: 10 }, false);
    const r = await row(id);
    expect(r.status).toBe("failed");
    expect(r.error).toBe(BLOCKED_MESSAGE);
    expect(r.error).not.toMatch(/127\.0\.0\.1/);
  }, 120_000);
});
