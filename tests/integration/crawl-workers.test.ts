import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAudit } from "../../server/audit/create.server.ts";
import { queueAudit } from "../../server/crawler/jobs.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { claimBatch } from "../../server/crawler/store.server.ts";
import { runCrawlWorker } from "../../server/crawler/worker.server.ts";
import { auditPages, auditUrls, audits } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { serveSite } from "../helpers/site-model.ts";
import { testSitePath } from "../helpers/static-site.ts";
import { startWorkerProcess } from "../helpers/worker-process.ts";

const settings = crawlSettingsSchema.parse({ maxPages: 5000, concurrency: 4 });

/** Page URLs of a crawl with their status codes, as "url status" lines relative to the origin. */
async function pageSet(services: Services, auditId: number, origin: string): Promise<string[]> {
  const rows = await services.db
    .select({ url: auditUrls.url, status: auditUrls.status, code: auditPages.statusCode })
    .from(auditUrls)
    .leftJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
    .where(and(eq(auditUrls.auditId, auditId), eq(auditUrls.kind, "page")));
  return rows.map((r) => `${r.url.slice(origin.length)} ${r.status} ${r.code}`).sort();
}

async function auditStatus(services: Services, id: number): Promise<string> {
  return (await services.db.select({ s: audits.status }).from(audits).where(eq(audits.id, id)))[0]!.s;
}

describe.each(databaseKinds)("issue 3 Crawl state — resume and shared audits (%s)", (kind) => {
  let services: Services;
  let site: Awaited<ReturnType<typeof serveSite>>;
  let reference: string[];
  beforeAll(async () => {
    services = await startTestServices(kind, { IN_PROCESS_WORKER: "0" });
    site = await serveSite(testSitePath());
    const id = await createAudit(services.db, { startUrl: `${site.origin}/`, settings });
    await runCrawlWorker(services.db, id, { allowPrivate: true });
    reference = await pageSet(services, id, site.origin);
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await services?.close();
  }, 180_000);

  it("claims abandoned by a dead worker are taken over after the lease, and the crawl ends with the same pages", async () => {
    const id = await createAudit(services.db, { startUrl: `${site.origin}/`, settings });
    await services.db.update(audits).set({ status: "running" }).where(eq(audits.id, id));
    // A worker claims the start page and dies before recording anything.
    const dead = await claimBatch(services.db, id, "dead-worker", 10, 60_000);
    expect(dead.map((d) => d.url)).toEqual([`${site.origin}/`]);
    await services.db.update(audits).set({ status: "queued" }).where(eq(audits.id, id));
    const result = await runCrawlWorker(services.db, id, { allowPrivate: true, leaseMs: 1500, workerId: "survivor" });
    expect(result.status).toBe("done");
    expect(await pageSet(services, id, site.origin)).toEqual(reference);
  }, 180_000);

  it("two workers on one crawl finish it with no page fetched twice", async () => {
    site.hits.clear();
    const id = await createAudit(services.db, { startUrl: `${site.origin}/`, settings });
    const [a, b] = await Promise.all([
      runCrawlWorker(services.db, id, { allowPrivate: true, workerId: "a" }),
      runCrawlWorker(services.db, id, { allowPrivate: true, workerId: "b" }),
    ]);
    expect(a.recorded).toBeGreaterThan(0);
    expect(b.recorded).toBeGreaterThan(0);
    expect([a.finalized, b.finalized].filter(Boolean)).toHaveLength(1);
    expect(await pageSet(services, id, site.origin)).toEqual(reference);
    for (const [p, n] of site.hits) expect(n, p).toBe(1);
  }, 180_000);
});

describe.runIf(!!process.env.TEST_DATABASE_URL)("issue 3 Crawl state — worker processes (postgres)", () => {
  let services: Services;
  let site: Awaited<ReturnType<typeof serveSite>>;
  let reference: string[];
  beforeAll(async () => {
    services = await startTestServices("postgres", { IN_PROCESS_WORKER: "0" });
    site = await serveSite(testSitePath());
    const id = await createAudit(services.db, { startUrl: `${site.origin}/`, settings });
    await runCrawlWorker(services.db, id, { allowPrivate: true });
    reference = await pageSet(services, id, site.origin);
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await services?.close();
  }, 180_000);

  /** `npm run worker` on the test database; a short lease lets a replacement take a killed worker's claims soon. */
  const startWorker = (leaseMs: number, share = 1) =>
    startWorkerProcess({
      DATABASE_URL: services.env.DATABASE_URL,
      ALLOW_PRIVATE_NETWORKS: "1",
      CRAWL_LEASE_MS: String(leaseMs),
      CRAWL_WORKERS_PER_AUDIT: String(share),
    });
  const recordedCount = async (id: number) =>
    Number(
      (
        (await services.db.execute(sql`SELECT count(*) AS n FROM audit_pages WHERE audit_id = ${id}`)) as unknown as {
          rows: { n: string }[];
        }
      ).rows[0]!.n,
    );
  async function waitDone(id: number) {
    for (let i = 0; i < 240 && (await auditStatus(services, id)) !== "done"; i++) await sleep(250);
    const [row] = await services.db.select({ status: audits.status, error: audits.error }).from(audits).where(eq(audits.id, id));
    expect(row, row?.error ?? "").toEqual({ status: "done", error: null });
  }

  it("a worker process killed mid-crawl (SIGKILL) is replaced and the finished crawl has exactly the pages of an uninterrupted one", async () => {
    const id = await createAudit(services.db, {
      startUrl: `${site.origin}/`,
      settings: crawlSettingsSchema.parse({ ...settings, maxRps: 100 }),
    });
    await queueAudit(services, id);
    const started = startWorker(2000);
    await started.ready;
    const first = started.process;
    for (let i = 0; i < 400 && (await recordedCount(id)) < 60; i++) await sleep(50);
    const before = await recordedCount(id);
    expect(before).toBeGreaterThanOrEqual(60);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    expect(await auditStatus(services, id)).toBe("running");
    expect(await recordedCount(id)).toBeLessThan(reference.length);
    const replacement = startWorker(2000);
    await replacement.ready;
    const second = replacement.process;
    try {
      await waitDone(id);
    } finally {
      second.kill("SIGTERM");
      await new Promise((resolve) => second.once("exit", resolve));
    }
    expect(await pageSet(services, id, site.origin)).toEqual(reference);
  }, 240_000);

  it("issue 9 scale-out: four workers sharing one crawl never fail it with a deadlock (their saves of the same links are serialized)", async () => {
    for (let round = 0; round < 2; round++) {
      const id = await createAudit(services.db, { startUrl: `${site.origin}/`, settings });
      const results = await Promise.all(
        [0, 1, 2, 3].map(() => runCrawlWorker(services.db, id, { allowPrivate: true, share: 4, leaseMs: 2000 })),
      );
      expect(results.filter((r) => r.finalized)).toHaveLength(1);
      const [row] = await services.db.select({ status: audits.status, error: audits.error }).from(audits).where(eq(audits.id, id));
      expect(row).toEqual({ status: "done", error: null });
      expect(await pageSet(services, id, site.origin)).toEqual(reference);
    }
  }, 180_000);

  it("two worker processes share one crawl with no page fetched twice", async () => {
    site.hits.clear();
    const id = await createAudit(services.db, { startUrl: `${site.origin}/`, settings });
    const started = [startWorker(60_000, 4), startWorker(60_000, 4)];
    await Promise.all(started.map((w) => w.ready));
    // Four jobs: a worker process runs at most two crawl jobs at once, so both processes take some.
    await queueAudit(services, id, 4);
    const workers = started.map((w) => w.process);
    try {
      await waitDone(id);
    } finally {
      for (const w of workers) w.kill("SIGTERM");
      await Promise.all(workers.map((w) => new Promise((resolve) => w.once("exit", resolve))));
    }
    expect(await pageSet(services, id, site.origin)).toEqual(reference);
    for (const [p, n] of site.hits) expect(n, p).toBe(1);
    // Worker ids are host:pid:random: both processes recorded pages.
    const byWorker = (await services.db.execute(
      sql`SELECT count(DISTINCT split_part(claimed_by, ':', 2)) AS n FROM audit_urls WHERE audit_id = ${id}`,
    )) as unknown as { rows: { n: string }[] };
    expect(Number(byWorker.rows[0]!.n)).toBe(2);
  }, 120_000);
});
