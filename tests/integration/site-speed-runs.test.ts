import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import { emails, siteSpeedRuns, speedTests, users } from "../../server/db/schema.server.ts";
import { QUEUES } from "../../server/jobs/names.server.ts";
import type { Services } from "../../server/services.server.ts";
import { budgetBreaches, getBudget, setBudget } from "../../server/speed/budget.server.ts";
import { runScheduledSiteSpeed, setSiteSpeedSchedule, SITE_SPEED_CRON } from "../../server/speed/schedule.server.ts";
import { finishSiteRun, sampleSiteSpeed, siteSpeedTrend } from "../../server/speed/site-speed.server.ts";
import { trendCharts } from "../../server/speed/site-speed-view.server.ts";
import { apiApp, signedInClient } from "../helpers/accounts.ts";
import { startTestServices } from "../helpers/services.ts";
import { fixtureAudit, fixtureProject, fixtureSpeedResult } from "../helpers/speed-fixtures.ts";

const u = (p: string) => `http://127.0.0.1:8080${p}`; // resolvable: starting a test vets the host
const labels = {
  performance: "Performance",
  lcp: "LCP",
  tbt: "TBT",
  cls: "CLS",
  median: "Median",
  budget: "Budget",
  run: "Run",
  alt: "{metric} over {count, plural, one {# run} other {# runs}}",
};

describe("issue 12.2 site speed runs: schedule, budget per project, alert e-mail when a run breaks it, trend per metric", () => {
  let services: Services;
  let projectId: number;
  let userId: number;
  let owner: Owner;

  /** Ends every waiting test of a run with a mobile result from `perf` (url → [score, LCP ms, TBT ms, CLS]), as the worker would. */
  async function finishRun(runId: number, perf: Record<string, [number, number, number, number]>) {
    const tests = await services.db.select().from(speedTests).where(eq(speedTests.siteRunId, runId));
    const ends = [];
    for (const t of tests) {
      const [score, lcp, tbt, cls] = perf[t.url] ?? [50, 5000, 900, 0.3];
      await services.db
        .update(speedTests)
        .set({ status: "done", mobile: fixtureSpeedResult(t.url, score, lcp, new Date(), tbt, cls), finishedAt: new Date() })
        .where(eq(speedTests.id, t.id));
      ends.push(await finishSiteRun(services, runId));
    }
    return ends;
  }

  beforeAll(async () => {
    services = await startTestServices("pglite", { IN_PROCESS_WORKER: "0" });
    const [u1] = await services.db.insert(users).values({ email: "owner@example.com" }).returning({ id: users.id });
    userId = u1!.id;
    owner = { visitorId: null, userId };
    projectId = await fixtureProject(services.db, userId);
    const page = (p: string) => ({ url: u(p), wordCount: 100, inlinks: 1, linkScore: 1 });
    await fixtureAudit(services.db, projectId, ["/", "/a", "/b", "/blog/1", "/blog/2"].map(page));
  }, 180_000); // the embedded database starts slowly on a loaded machine
  afterAll(() => services?.close());

  it("budget rule (pure): a template's mobile median over a limit is one breach; empty limits never break", () => {
    const t = { template: "/*", performance: 70, lcpMs: 3000, tbtMs: 100, cls: 0.05 };
    expect(budgetBreaches({ lcpMs: 2500, tbtMs: 200, cls: 0.1, minPerformance: 80 }, [t])).toEqual([
      { template: "/*", metric: "lcp", value: 3000, limit: 2500 },
      { template: "/*", metric: "performance", value: 70, limit: 80 },
    ]);
    expect(budgetBreaches({ lcpMs: null, tbtMs: null, cls: null, minPerformance: null }, [t])).toEqual([]);
  });

  it("a run waits with its queue position, ends with its last test, breaks the budget once and e-mails the owner once", async () => {
    await setBudget({ db: services.db, owner, projectId, budget: { lcpMs: 2500, tbtMs: null, cls: 0.1, minPerformance: null } });
    expect(await getBudget({ db: services.db, owner, projectId })).toEqual({ lcpMs: 2500, tbtMs: null, cls: 0.1, minPerformance: null });
    const run = await sampleSiteSpeed({ services, owner, projectId, perTemplate: 2 });
    expect(run.tests).toHaveLength(5);
    expect((await siteSpeedTrend({ db: services.db, owner, projectId })).active).toEqual({
      runId: run.runId,
      waiting: 5,
      running: 0,
      firstPosition: 1,
    });
    const ends = await finishRun(run.runId, {
      [u("/")]: [95, 1200, 0, 0],
      [u("/a")]: [60, 3000, 300, 0.2],
      [u("/b")]: [70, 2800, 100, 0.05],
      [u("/blog/1")]: [90, 1500, 0, 0],
      [u("/blog/2")]: [92, 1400, 0, 0],
    });
    // Not finished until the last test; finished exactly once.
    expect(ends.slice(0, 4)).toEqual([null, null, null, null]);
    expect(ends[4]).toEqual([
      { template: "/*", metric: "lcp", value: 2900, limit: 2500 },
      { template: "/*", metric: "cls", value: 0.125, limit: 0.1 },
    ]);
    expect(await finishSiteRun(services, run.runId)).toBeNull();
    const mail = await services.db.select().from(emails).where(eq(emails.toAddress, "owner@example.com"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.category).toBe("notifications");
    expect(mail[0]!.subject).toBe("Speed budget broken on shop.example");
    expect(mail[0]!.text).toContain("/*: Largest Contentful Paint 2.9 s, budget 2.5 s");
    expect(mail[0]!.text).toContain("/*: Cumulative Layout Shift 0.125, budget 0.1");

    const trend = await siteSpeedTrend({ db: services.db, owner, projectId });
    expect(trend.active).toBeNull();
    expect(trend.points).toHaveLength(1);
    expect(trend.points[0]).toMatchObject({
      runId: run.runId,
      trigger: "manual",
      pages: 5,
      performance: 90,
      lcpMs: 1500,
      tbtMs: 0,
      cls: 0,
    });
  });

  it("a run that keeps the budget sends nothing; the trend has a chart per metric with the budget line", async () => {
    const run = await sampleSiteSpeed({ services, owner, projectId, perTemplate: 2 });
    const fast = Object.fromEntries(
      ["/", "/a", "/b", "/blog/1", "/blog/2"].map((p) => [u(p), [96, 1000, 0, 0] as [number, number, number, number]]),
    );
    const ends = await finishRun(run.runId, fast);
    expect(ends.at(-1)).toEqual([]);
    expect(await services.db.select().from(emails)).toHaveLength(1);
    const trend = await siteSpeedTrend({ db: services.db, owner, projectId });
    expect(trend.points.map((p) => [p.performance, p.lcpMs, p.breaches.length])).toEqual([
      [90, 1500, 2],
      [96, 1000, 0],
    ]);
    const charts = trendCharts(trend.points, await getBudget({ db: services.db, owner, projectId }), labels, "en");
    expect(charts.map((c) => c.title)).toEqual(["Performance", "LCP", "TBT", "CLS"]);
    expect(charts.map((c) => c.chart.alt)).toEqual(["Performance over 2 runs", "LCP over 2 runs", "TBT over 2 runs", "CLS over 2 runs"]);
    // LCP in seconds, with the 2.5 s budget as a second line; performance has no limit set, so one line.
    expect(charts[1]!.chart.table.head).toEqual(["Run", "Median", "Budget"]);
    expect(charts[1]!.chart.table.rows.map((r) => r.slice(1))).toEqual([
      ["1.5 s", "2.5 s"],
      ["1 s", "2.5 s"],
    ]);
    expect(charts[0]!.chart.table.head).toEqual(["Run", "Median"]);
  });

  it("the schedule is a pg-boss schedule keyed by project; each firing starts a run as the owner; 'never' removes it", async () => {
    const view = await setSiteSpeedSchedule({ services, owner, projectId, frequency: "weekly", perTemplate: 1 });
    expect(view).toEqual({ frequency: "weekly", cron: SITE_SPEED_CRON.weekly, perTemplate: 1 });
    const schedules = await services.jobs.getSchedules();
    expect(schedules.find((s) => s.name === QUEUES.siteSpeedSchedule && s.key === `project-${projectId}`)).toMatchObject({
      cron: "0 4 * * 1",
      data: { projectId },
    });
    const runId = await runScheduledSiteSpeed({ services, projectId });
    const [run] = await services.db.select().from(siteSpeedRuns).where(eq(siteSpeedRuns.id, runId!));
    expect(run!.trigger).toBe("schedule");
    // One page per template: /, /*, /blog/*.
    expect(await services.db.select().from(speedTests).where(eq(speedTests.siteRunId, runId!))).toHaveLength(3);
    expect(await setSiteSpeedSchedule({ services, owner, projectId, frequency: "never", perTemplate: 1 })).toBeNull();
    expect((await services.jobs.getSchedules()).some((s) => s.key === `project-${projectId}`)).toBe(false);
    expect(await runScheduledSiteSpeed({ services, projectId })).toBeNull();
  });

  it("API: budget and schedule set through /api/speed-tests, read back with the trend; bad input is a 422 naming the field", async () => {
    const app = apiApp(services);
    const { client, userId: apiUser } = await signedInClient(services, app, "api-owner@example.com");
    const idp = await fixtureProject(services.db, apiUser);
    let res = await client.post("/api/speed-tests/budget", { projectId: idp, lcpMs: 3000, cls: 0.25 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ budget: { lcpMs: 3000, tbtMs: null, cls: 0.25, minPerformance: null } });
    res = await client.post("/api/speed-tests/schedule", { projectId: idp, frequency: "daily" });
    expect(await res.json()).toEqual({ schedule: { frequency: "daily", cron: SITE_SPEED_CRON.daily, perTemplate: 3 } });
    res = await client.get(`/api/speed-tests/site?projectId=${idp}`);
    expect(await res.json()).toEqual({
      points: [],
      active: null,
      budget: { lcpMs: 3000, tbtMs: null, cls: 0.25, minPerformance: null },
      schedule: { frequency: "daily", cron: SITE_SPEED_CRON.daily, perTemplate: 3 },
    });
    res = await client.post("/api/speed-tests/budget", { projectId: idp, lcpMs: "soon" });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("lcpMs");
  });

  it("another user can neither read nor change the budget, the schedule or the trend", async () => {
    const other: Owner = { visitorId: null, userId: userId + 1000 };
    await expect(getBudget({ db: services.db, owner: other, projectId })).rejects.toMatchObject({ code: "not_found" });
    await expect(
      setBudget({ db: services.db, owner: other, projectId, budget: { lcpMs: 1, tbtMs: null, cls: null, minPerformance: null } }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(setSiteSpeedSchedule({ services, owner: other, projectId, frequency: "daily", perTemplate: 1 })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(siteSpeedTrend({ db: services.db, owner: other, projectId })).rejects.toMatchObject({ code: "not_found" });
  });
});
