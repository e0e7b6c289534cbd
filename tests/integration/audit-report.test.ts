import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCrawlOverview, getIssueDetail, getPageDetail, listCrawls } from "../../server/audit/report.server.ts";
import { crawlProgress } from "../../server/audit/progress.server.ts";
import { createCrawl } from "../../server/crawler/create.server.ts";
import { crawlSettingsSchema } from "../../server/crawler/settings.server.ts";
import { runCrawlWorker } from "../../server/crawler/worker.server.ts";
import { and, eq } from "drizzle-orm";
import { crawlResources, visitors } from "../../server/db/schema.server.ts";
import { AppError } from "../../server/errors.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";

describe.each(databaseKinds)("issue 3 /website-checker report services on a real crawl of jena (%s)", (kind) => {
  let services: Services;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let visitorId: string;
  let otherVisitor: string;
  let crawlId: number;
  beforeAll(async () => {
    services = await startTestServices(kind);
    site = await serveStatic(testSitePath());
    [{ id: visitorId }, { id: otherVisitor }] = (await services.db.insert(visitors).values([{}, {}]).returning({ id: visitors.id })) as [
      { id: string },
      { id: string },
    ];
    crawlId = await createCrawl(services.db, {
      startUrl: `${site.origin}/`,
      settings: crawlSettingsSchema.parse({ maxPages: 30 }),
      visitorId,
    });
    expect((await runCrawlWorker(services.db, crawlId, { allowPrivate: true })).status).toBe("done");
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await services?.close();
  });

  it("the overview has the health score, the summary and the issues counted per check", async () => {
    const o = await getCrawlOverview(services.db, visitorId, crawlId);
    expect(o.crawl.status).toBe("done");
    expect(o.crawl.healthScore).toBeGreaterThanOrEqual(0);
    expect(o.crawl.summary?.pagesCrawled).toBeGreaterThan(0);
    const http = o.issues.find((i) => i.check === "http-not-https");
    expect(http?.urls).toBe(o.crawl.summary!.pagesCrawled);
    expect(o.comparison).toBeNull();
    expect((await listCrawls(services.db, visitorId)).map((c) => c.id)).toEqual([crawlId]);
    expect((await crawlProgress(services.db, o.crawl)).pagesQueued).toBe(0);
  });

  it("lists the affected URLs of a check with messages and pages through them", async () => {
    const d = await getIssueDetail(services.db, visitorId, crawlId, "http-not-https", 0);
    expect(d.title).toBe("Page is served over plain HTTP");
    expect(d.urls.length).toBe(Math.min(d.total, d.limit));
    for (const u of d.urls) expect(u.url.startsWith(site.origin)).toBe(true);
  });

  it("the home page detail has its facts, link metrics, issues and links in and out", async () => {
    const p = await getPageDetail(services.db, visitorId, crawlId, `${site.origin}/`);
    expect(p.statusCode).toBe(200);
    expect(p.depth).toBe(0);
    expect(p.facts?.title).toBeTruthy();
    expect(p.outgoing.length).toBeGreaterThan(10);
    expect(p.metrics?.indexable).toBe(true);
    expect(p.issues.map((i) => i.check)).toContain("http-not-https");
  });

  it("a sub-resource's detail has the status and type it answered with", async () => {
    const [resource] = await services.db
      .select({ url: crawlResources.url, statusCode: crawlResources.statusCode, contentType: crawlResources.contentType })
      .from(crawlResources)
      .where(and(eq(crawlResources.crawlId, crawlId), eq(crawlResources.kind, "image")))
      .limit(1);
    expect(resource).toBeDefined();
    const d = await getPageDetail(services.db, visitorId, crawlId, resource!.url);
    expect(d.statusCode).toBe(resource!.statusCode);
    expect(d.contentType).toBe(resource!.contentType);
    expect(d.facts).toBeNull();
  });

  it("another visitor cannot see the crawl", async () => {
    await expect(getCrawlOverview(services.db, otherVisitor, crawlId)).rejects.toBeInstanceOf(AppError);
    await expect(getPageDetail(services.db, null, crawlId, `${site.origin}/`)).rejects.toMatchObject({ code: "not_found" });
    expect(await listCrawls(services.db, otherVisitor)).toEqual([]);
  });
});
