import { contentChanged } from "../../server/content/version.server.ts";
import { auditCharts } from "../../server/reports/audit-charts.server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuditOverview, getIssueDetail, getPageDetail, listAudits } from "../../server/audit/report.server.ts";
import { auditProgress } from "../../server/audit/progress.server.ts";
import { createAudit } from "../../server/audit/create.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { runCrawlWorker } from "../../server/crawler/worker.server.ts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { loadCheckTexts } from "../../server/audit/check-texts.server.ts";
import { auditPageMetrics, auditResources, texts, visitors } from "../../server/db/schema.server.ts";
import { CATEGORY_ORDER } from "../../app/audit/categories.ts";
import { exportAudit } from "../../server/audit/export.server.ts";
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

  it("issue 15: a German viewer sees the check's title and messages in German in the detail, the page and the export", async () => {
    // Only the fixture's German texts: every other text of these groups falls back to English.
    await services.db.delete(texts).where(and(eq(texts.lang, "de"), inArray(texts.group, ["checks", "audit-export", "charts"])));
    await services.db
      .insert(texts)
      .values([
        { lang: "de", id: 60238, group: "checks", value: "Seite wird über unverschlüsseltes HTTP ausgeliefert" },
        { lang: "de", id: 60241, group: "checks", value: "{url} wird ohne HTTPS ausgeliefert." },
        { lang: "de", id: 22970, group: "audit-export", value: "Meldung" },
        { lang: "de", id: 53200, group: "charts", value: "Website-Zustand" },
      ])
      .onConflictDoUpdate({ target: [texts.lang, texts.id], set: { value: sql`excluded.value` } });
    // Texts changed behind the seed: the cached selections must go (server/content/version.server.ts).
    await contentChanged(services.db);
    const de = await loadCheckTexts(services.db, "de");
    const owner = guest(visitorId);
    const d = await getIssueDetail({ db: services.db, owner, auditId, check: "http-not-https", texts: de });
    expect(d.title).toBe("Seite wird über unverschlüsseltes HTTP ausgeliefert");
    expect(d.why).toBe((await getIssueDetail({ db: services.db, owner, auditId, check: "http-not-https" })).why);
    expect(d.urls[0]!.message).toBe(`${d.urls[0]!.url} wird ohne HTTPS ausgeliefert.`);
    const p = await getPageDetail({ db: services.db, owner, auditId, url: `${site.origin}/`, texts: de });
    expect(p.issues.find((i) => i.check === "http-not-https")?.title).toBe("Seite wird über unverschlüsseltes HTTP ausgeliefert");
    const csv = (await exportAudit(services.db, auditId, "issues", "csv", { lang: "de" })).body.toString("utf8");
    expect(csv.split("\r\n")[0]).toBe("\uFEFFCheck,Category,Severity,Title,URL,Meldung,Evidence,Link target");
    expect(csv).toContain(
      `Seite wird über unverschlüsseltes HTTP ausgeliefert,${site.origin}/,${site.origin}/ wird ohne HTTPS ausgeliefert.`,
    );
    const charts = (await auditCharts({ db: services.db, auditId, healthScore: 80, trend: [], lang: "de" })).charts;
    expect(JSON.stringify(charts.health)).toContain("Website-Zustand");
    expect(charts.health.alt).toBe("Site health score 80 of 100.");
    expect(JSON.stringify((await auditCharts({ db: services.db, auditId, healthScore: 80, trend: [] })).charts.health)).toContain(
      "Site health",
    );
    const o = await getAuditOverview({ db: services.db, owner, auditId, texts: de });
    expect(o.issues.find((i) => i.check === "http-not-https")?.title).toBe("Seite wird über unverschlüsseltes HTTP ausgeliefert");
  });

  it("issue 15.1 point 4: the affected URLs are searched and sorted by the message the reader reads, in their language", async () => {
    await services.db
      .insert(texts)
      .values({ lang: "de", id: 60241, group: "checks", value: "{url} wird ohne HTTPS ausgeliefert." })
      .onConflictDoUpdate({ target: [texts.lang, texts.id], set: { value: sql`excluded.value` } });
    await contentChanged(services.db);
    const de = await loadCheckTexts(services.db, "de");
    const opts = { db: services.db, owner: guest(visitorId), auditId, check: "http-not-https" };
    const all = await getIssueDetail(opts);
    expect(all.total).toBeGreaterThan(1);
    // German words find every occurrence for a German reader, none for an English one (no URL has them).
    expect((await getIssueDetail({ ...opts, texts: de, q: "OHNE https" })).total).toBe(all.total);
    expect((await getIssueDetail({ ...opts, q: "ohne https" })).total).toBe(0);
    // English words find them for the English reader, as before.
    const english = await getIssueDetail({ ...opts, q: "IS NOT https" });
    expect(english.total).toBe(all.total);
    expect(english.urls[0]!.message).toMatch(/is not HTTPS/);
    // The stored reference (text id and values as JSON) is not what anyone reads: it matches nothing.
    expect((await getIssueDetail({ ...opts, texts: de, q: '"values"' })).total).toBe(0);
    expect((await getIssueDetail({ ...opts, q: '"id":' })).total).toBe(0);
    // Sorted by the message as read, in the reader's collation, both ways.
    const collator = new Intl.Collator("de");
    for (const order of ["asc", "desc"] as const) {
      const d = await getIssueDetail({ ...opts, texts: de, sort: "message", order });
      const read = d.urls.map((u) => u.message);
      expect(read.every((m) => m.endsWith("wird ohne HTTPS ausgeliefert."))).toBe(true);
      const sorted = [...read].sort(collator.compare);
      expect(read).toEqual(order === "asc" ? sorted : sorted.reverse());
    }
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

  it("issue 16 point 3: each page's one incoming-links figure is the link graph's inlinks; the list shows each referring page once", async () => {
    const metrics = await services.db
      .select({ url: auditPageMetrics.url, inlinks: auditPageMetrics.inlinks })
      .from(auditPageMetrics)
      .where(eq(auditPageMetrics.auditId, auditId));
    expect(metrics.length).toBeGreaterThan(10);
    let linked = 0;
    for (const m of metrics) {
      const d = await getPageDetail({ db: services.db, owner: guest(visitorId), auditId, url: m.url });
      if (d.location) continue; // a redirect's graph figure also counts the links to its target
      expect(d.incomingTotal, m.url).toBe(m.inlinks);
      expect(d.incoming.length).toBe(Math.min(d.incomingTotal, 100));
      expect(new Set(d.incoming.map((l) => l.url)).size).toBe(d.incoming.length);
      expect(d.incoming.map((l) => l.url)).not.toContain(m.url);
      if (m.inlinks > 0) linked++;
    }
    expect(linked).toBeGreaterThan(5);
  });

  it("issue 16 point 8: a page's issues carry their check category (the page detail groups by it)", async () => {
    const p = await getPageDetail({ db: services.db, owner: guest(visitorId), auditId, url: `${site.origin}/` });
    expect(p.issues.length).toBeGreaterThan(0);
    for (const i of p.issues) expect(CATEGORY_ORDER).toContain(i.category);
    expect(p.issues.find((i) => i.check === "http-not-https")?.category).toBe("security");
  });

  it("issue 16 point 6: affected URLs searched, sorted both ways, and a link check grouped by target", async () => {
    const opts = { db: services.db, owner: guest(visitorId), auditId };
    const all = await getIssueDetail({ ...opts, check: "http-not-https" });
    expect(all.groupable).toBe(false);
    const desc = await getIssueDetail({ ...opts, check: "http-not-https", order: "desc" });
    expect(desc.urls.map((u) => u.url)).toEqual([...desc.urls.map((u) => u.url)].sort().reverse());
    expect(all.urls.map((u) => u.url)).toEqual([...all.urls.map((u) => u.url)].sort());
    const found = await getIssueDetail({ ...opts, check: "http-not-https", q: "DOCUMENTATION" });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.total);
    for (const u of found.urls) expect(`${u.url} ${u.message}`.toLowerCase()).toContain("documentation");
    expect((await getIssueDetail({ ...opts, check: "http-not-https", q: "%_" })).total).toBe(0);

    const overview = await getAuditOverview(opts);
    const linkCheck = overview.issues.find((i) => i.check.startsWith("links-"));
    expect(linkCheck, "the jena crawl has a link issue").toBeDefined();
    const flat = await getIssueDetail({ ...opts, check: linkCheck!.check });
    expect(flat.groupable).toBe(true);
    const grouped = await getIssueDetail({ ...opts, check: linkCheck!.check, grouped: true });
    expect(grouped.groups!.length).toBeGreaterThan(0);
    const counts = grouped.groups!.map((g) => g.pages);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const top = grouped.groups![0]!;
    const sources = await getIssueDetail({ ...opts, check: linkCheck!.check, target: top.target });
    expect(new Set(sources.urls.map((u) => u.url)).size).toBe(top.pages);
    for (const u of sources.urls) expect(u.message).toContain(top.target);
  });

  it("issue 16 point 6: one issue exports alone as CSV and XLSX", async () => {
    const csv = await exportAudit(services.db, auditId, "issues", "csv", { check: "http-not-https" });
    expect(csv.filename).toBe(`audit-${auditId}-issues-http-not-https.csv`);
    const lines = csv.body.toString("utf8").trim().split("\r\n");
    const { total } = await getIssueDetail({ db: services.db, owner: guest(visitorId), auditId, check: "http-not-https" });
    expect(lines.length - 1).toBe(total);
    for (const l of lines.slice(1)) expect(l.startsWith("http-not-https,")).toBe(true);
    const xlsx = await exportAudit(services.db, auditId, "issues", "xlsx", { check: "http-not-https" });
    expect(xlsx.body.subarray(0, 2).toString()).toBe("PK");
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
