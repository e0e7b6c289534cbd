import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuditOverview, getIssueDetail, getPageDetail, listAudits } from "../../server/audit/report.server.ts";
import { auditProgress } from "../../server/audit/progress.server.ts";
import { createAudit } from "../../server/audit/create.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { runCrawlWorker } from "../../server/crawler/worker.server.ts";
import { and, eq } from "drizzle-orm";
import { auditResources, visitors } from "../../server/db/schema.server.ts";
import { AppError } from "../../server/errors.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";
import { ANONYMOUS, type Owner } from "../../server/access/owner.server.ts";

const guest = (visitorId: string): Owner => ({ visitorId, userId: null });

describe.each(databaseKinds)("issue 3 /website-checker report services on a real crawl of jena (%s)", (kind) => {
  let services: Services;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let visitorId: string;
  let otherVisitor: string;
  let auditId: number;
  beforeAll(async () => {
    services = await startTestServices(kind);
    site = await serveStatic(testSitePath());
    [{ id: visitorId }, { id: otherVisitor }] = (await services.db.insert(visitors).values([{}, {}]).returning({ id: visitors.id })) as [
      { id: string },
      { id: string },
    ];
    auditId = await createAudit(services.db, {
      startUrl: `${site.origin}/`,
      settings: crawlSettingsSchema.parse({ maxPages: 30 }),
      visitorId,
    });
    expect((await runCrawlWorker(services.db, auditId, { allowPrivate: true })).status).toBe("done");
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await services?.close();
  });

  it("the overview has the health score, the summary and the issues counted per check", async () => {
    const o = await getAuditOverview({ db: services.db, owner: guest(visitorId), auditId });
    expect(o.audit.status).toBe("done");
    expect(o.audit.healthScore).toBeGreaterThanOrEqual(0);
    expect(o.audit.summary?.pagesCrawled).toBeGreaterThan(0);
    const http = o.issues.find((i) => i.check === "http-not-https");
    expect(http?.urls).toBe(o.audit.summary!.pagesCrawled);
    expect(o.comparison).toBeNull();
    expect((await listAudits({ db: services.db, owner: guest(visitorId) })).map((c) => c.id)).toEqual([auditId]);
    expect((await auditProgress(services.db, o.audit)).pagesQueued).toBe(0);
  });

  it("lists the affected URLs of a check with messages and pages through them", async () => {
    const d = await getIssueDetail({ db: services.db, owner: guest(visitorId), auditId, check: "http-not-https", offset: 0 });
    expect(d.title).toBe("Page is served over plain HTTP");
    expect(d.urls.length).toBe(Math.min(d.total, d.limit));
    for (const u of d.urls) expect(u.url.startsWith(site.origin)).toBe(true);
  });

  it("the home page detail has its facts, link metrics, issues and links in and out", async () => {
    const p = await getPageDetail({ db: services.db, owner: guest(visitorId), auditId, url: `${site.origin}/` });
    expect(p.statusCode).toBe(200);
    expect(p.depth).toBe(0);
    expect(p.facts?.title).toBeTruthy();
    expect(p.outgoing.length).toBeGreaterThan(10);
    expect(p.metrics?.indexable).toBe(true);
    expect(p.issues.map((i) => i.check)).toContain("http-not-https");
  });

  it("a sub-resource's detail has the status and type it answered with", async () => {
    const [resource] = await services.db
      .select({ url: auditResources.url, statusCode: auditResources.statusCode, contentType: auditResources.contentType })
      .from(auditResources)
      .where(and(eq(auditResources.auditId, auditId), eq(auditResources.kind, "image")))
      .limit(1);
    expect(resource).toBeDefined();
    const d = await getPageDetail({ db: services.db, owner: guest(visitorId), auditId, url: resource!.url });
    expect(d.statusCode).toBe(resource!.statusCode);
    expect(d.contentType).toBe(resource!.contentType);
    expect(d.facts).toBeNull();
  });

  it("another visitor cannot see the audit", async () => {
    await expect(getAuditOverview({ db: services.db, owner: guest(otherVisitor), auditId })).rejects.toBeInstanceOf(AppError);
    await expect(getPageDetail({ db: services.db, owner: ANONYMOUS, auditId, url: `${site.origin}/` })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await listAudits({ db: services.db, owner: guest(otherVisitor) })).toEqual([]);
  });
});
