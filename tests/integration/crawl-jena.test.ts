import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditIssues, auditPages, auditSitemapEntries, auditUrls, audits } from "../../server/db/schema.server.ts";
import { createAudit } from "../../server/audit/create.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { runCrawlWorker } from "../../server/crawler/worker.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { serveSite, walkSite } from "../helpers/site-model.ts";
import { testSitePath } from "../helpers/static-site.ts";

const root = testSitePath("jena-apache-org");

/** Crawls `origin` to the end with one worker; returns the crawl id. */
async function crawl(services: Services, origin: string, settings: Record<string, unknown> = {}): Promise<number> {
  const id = await createAudit(services.db, {
    startUrl: `${origin}/`,
    settings: crawlSettingsSchema.parse({ maxPages: 5000, ...settings }),
  });
  const result = await runCrawlWorker(services.db, id, { allowPrivate: true });
  expect(result.status).toBe("done");
  return id;
}

async function frontier(services: Services, id: number) {
  return services.db
    .select({ url: auditUrls.url, status: auditUrls.status, depth: auditUrls.depth, code: auditPages.statusCode, facts: auditPages.facts })
    .from(auditUrls)
    .leftJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
    .where(and(eq(auditUrls.auditId, id), eq(auditUrls.kind, "page")));
}

describe.each(databaseKinds)("issue 3 Crawler — jena-apache-org on loopback (%s)", (kind) => {
  let services: Services;
  let site: Awaited<ReturnType<typeof serveSite>>;
  beforeAll(async () => {
    services = await startTestServices(kind);
    site = await serveSite(root);
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await services?.close();
  }, 180_000);

  it("reaches exactly the pages a walk over the files reaches, finds exactly the broken internal targets, reads the sitemap", async () => {
    // The site's robots.txt disallows /404/ and "404.html" (no leading slash: matches nothing, RFC 9309).
    const expected = walkSite(root, site.origin, (p) => p.startsWith("/404/"));
    const id = await crawl(services, site.origin);
    const rows = await frontier(services, id);

    expect(new Set(rows.map((r) => r.url))).toEqual(new Set(expected.depth.keys()));
    expect(new Set(rows.filter((r) => r.code === 404).map((r) => r.url))).toEqual(expected.broken);
    expect(new Set(rows.filter((r) => r.facts !== null).map((r) => r.url))).toEqual(expected.htmlPages);
    expect(rows.filter((r) => r.status === "blocked").map((r) => r.url)).toEqual([...expected.blocked]);
    expect(expected.htmlPages.size).toBeGreaterThan(100);
    for (const r of rows) expect(r.depth!).toBeGreaterThanOrEqual(expected.depth.get(r.url)!);
    expect(rows.find((r) => r.url === `${site.origin}/`)?.depth).toBe(0);

    // Every page was requested once (the start page's robots.txt aside).
    for (const [p, n] of site.hits) expect(n, p).toBe(1);

    const locs = [...readFileSync(path.join(root, "sitemap.xml"), "utf8").matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => m[1]!);
    const entries = await services.db
      .select({ url: auditSitemapEntries.url })
      .from(auditSitemapEntries)
      .where(and(eq(auditSitemapEntries.auditId, id), eq(auditSitemapEntries.sitemap, `${site.origin}/sitemap.xml`)));
    expect(entries.map((e) => e.url).sort()).toEqual(locs.map((l) => new URL(l).href).sort());

    const [row] = await services.db.select().from(audits).where(eq(audits.id, id));
    expect(row!.healthScore).toBeGreaterThanOrEqual(0);
    expect(row!.healthScore).toBeLessThanOrEqual(100);
    const issues = await services.db.select().from(auditIssues).where(eq(auditIssues.auditId, id));
    const status4xx = new Set(issues.filter((i) => i.check === "status-4xx").map((i) => i.url));
    expect(status4xx).toEqual(expected.broken);
  }, 180_000);

  it("honours robots.txt longest match and $: disallowed URLs are reported as blocked, never fetched", async () => {
    const robots = "User-agent: *\nDisallow: /documentation/\nAllow: /documentation/io/$\n\nUser-agent: OtherBot\nDisallow: /\n";
    const custom = await serveSite(root, { "/robots.txt": { body: robots } });
    try {
      const isBlocked = (p: string) => p.startsWith("/documentation/") && p !== "/documentation/io/";
      const expected = walkSite(root, custom.origin, isBlocked);
      const id = await crawl(services, custom.origin);
      const rows = await frontier(services, id);
      expect(new Set(rows.map((r) => r.url))).toEqual(new Set(expected.depth.keys()));
      expect(new Set(rows.filter((r) => r.status === "blocked").map((r) => r.url))).toEqual(expected.blocked);
      expect(expected.blocked.size).toBeGreaterThan(10);
      for (const p of custom.hits.keys()) expect(isBlocked(p.split("?")[0]!), p).toBe(false);
      expect(custom.hits.has("/documentation/io/")).toBe(expected.depth.has(`${custom.origin}/documentation/io/`));
    } finally {
      await custom.close();
    }
  }, 180_000);
});
