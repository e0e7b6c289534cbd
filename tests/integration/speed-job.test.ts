import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import { speedTests } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { getSpeedTest } from "../../server/speed/get.server.ts";
import { CATEGORIES, METRICS, type SpeedResult } from "../../server/speed/model.ts";
import { runSpeedTest } from "../../server/speed/run.server.ts";
import { startSpeedTest } from "../../server/speed/start.server.ts";
import type { Lhr } from "../../server/speed/summarize.ts";
import { startTestServices } from "../helpers/services.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";

const owner: Owner = { visitorId: null, userId: 7 };

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
}

describe("spec 2 /page-speed, issue 12.1: the speed job on a page of the served jena site", () => {
  let services: Services;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  const dir = mkdtempSync(path.join(os.tmpdir(), "rf-speed-test-"));
  beforeAll(async () => {
    // Workers off: the test runs the job itself and keeps Lighthouse's JSON of every run.
    services = await startTestServices("pglite", { IN_PROCESS_WORKER: "0" });
    site = await serveStatic(testSitePath());
  });
  afterAll(async () => {
    await services?.close();
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores the median of 3 runs per form factor, equal to Lighthouse's own JSON of that run", async () => {
    const { testId } = await startSpeedTest({ services, owner, url: `${site.origin}/about_jena.html`, runs: 3 });
    const queued = await getSpeedTest({ db: services.db, owner, testId });
    expect(queued).toMatchObject({ status: "queued", queuePosition: 1 });
    expect(await runSpeedTest({ services, testId, keepDir: dir })).toBe("done");
    const test = await getSpeedTest({ db: services.db, owner, testId });
    expect(test.status).toBe("done");
    expect(test.durationMs).toBeGreaterThan(0);
    for (const form of ["mobile", "desktop"] as const) {
      const lhrs = [0, 1, 2].map((i) => JSON.parse(readFileSync(path.join(dir, `${form}-${i}.json`), "utf8")) as Lhr);
      const perf = lhrs.map((l) => Math.round(l.categories.performance!.score! * 100));
      const result = test[form] as SpeedResult;
      // Median: the run whose performance score is the middle of the three.
      const sorted = [...perf].sort((a, b) => a - b);
      expect(perf[result.medianIndex]).toBe(sorted[1]);
      expect(result.spread.performance).toEqual({ min: sorted[0], max: sorted[2] });
      const lhr = lhrs[result.medianIndex]!;
      expect(lhr.configSettings?.formFactor).toBe(form);
      for (const c of CATEGORIES) expect(result.median.scores[c]).toBe(Math.round(lhr.categories[c]!.score! * 100));
      for (const m of METRICS) {
        const stored = result.median.metrics.find((x) => x.id === m.id)!;
        expect(stored.value).toBe(lhr.audits[m.audit]?.numericValue ?? null);
        expect(stored.score).toBe(lhr.audits[m.audit]?.score ?? null);
      }
      expect(result.median.metrics.find((x) => x.id === "lcp")!.value).toBeGreaterThan(0);
      expect(result.median.finalUrl).toBe(lhr.finalDisplayedUrl);
      const frames = (lhr.audits["screenshot-thumbnails"]!.details!.items as unknown[]).length;
      expect(result.median.filmstrip).toHaveLength(frames);
      expect(result.median.finalScreenshot).toMatch(/^data:image\/(jpeg|webp|png);base64,/);
      for (const o of result.median.opportunities) expect(lhr.audits[o.id]).toBeDefined();
      expect(result.median.largestRequests[0]!.url).toMatch(new RegExp(`^${site.origin}`));
      // The spread of each metric brackets the median's value.
      for (const m of result.median.metrics) {
        const s = result.spread.metrics[m.id];
        if (m.value === null) continue;
        expect(m.value).toBeGreaterThanOrEqual(s.min!);
        expect(m.value).toBeLessThanOrEqual(s.max!);
      }
    }
  }, 240_000);

  it("a page that fails to load ends the test as failed, with Lighthouse's error kept", async () => {
    const port = await closedPort();
    const { testId } = await startSpeedTest({ services, owner, url: `http://127.0.0.1:${port}/`, runs: 1 });
    expect(await runSpeedTest({ services, testId })).toBe("failed");
    const [row] = await services.db.select().from(speedTests).where(eq(speedTests.id, testId));
    expect(row!.status).toBe("failed");
    expect(row!.error).toMatch(/^(ERRORED|FAILED)_DOCUMENT_REQUEST: /);
    expect(row!.error).toContain("ECONNREFUSED");
    expect(row!.mobile).toBeNull();
  }, 120_000);

  it("another owner cannot read the test (the one access rule)", async () => {
    const [row] = await services.db.select({ id: speedTests.id }).from(speedTests).limit(1);
    await expect(getSpeedTest({ db: services.db, owner: { visitorId: null, userId: 8 }, testId: row!.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
