/**
 * Site speed per project (issue 12.2): a run samples the latest audit's pages by template and
 * queues a speed test for each (bounded by the worker's concurrency, each test showing its queue
 * position); when its last test ends the run is finished and checked against the project's budget.
 * Reads: the table by template (median mobile and desktop score and LCP of each template's latest
 * tests) and the trend per metric over the finished runs.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { siteSpeedRuns, speedTests, type BudgetBreach } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { alertBreaches, budgetBreaches, readBudget } from "./budget.server.ts";
import type { FormFactor, SpeedResult } from "./model.ts";
import { projectPageUrls } from "./project-pages.server.ts";
import { queuePosition, startSpeedTest } from "./start.server.ts";
import { sampleByTemplate } from "./templates.ts";

/** Options of {@link sampleSiteSpeed}. */
export interface SampleSiteSpeedOptions {
  services: Services;
  owner: Owner;
  projectId: number;
  /** Pages per template (default 3). */
  perTemplate?: number | undefined;
  /** Lighthouse runs per form factor (default SPEED_RUNS). */
  runs?: number | undefined;
  trigger?: "manual" | "schedule";
}

/**
 * Starts a site speed run: speed tests of `perTemplate` pages per template of the latest audit.
 * @throws AppError "not_found" (field "idp"), "conflict" when the project has no finished audit.
 */
export async function sampleSiteSpeed(o: SampleSiteSpeedOptions): Promise<{ runId: number; templates: number; tests: number[] }> {
  await authorize({ db: o.services.db, owner: o.owner, resource: "project", id: o.projectId, action: "change", field: "idp" });
  const urls = await projectPageUrls({ db: o.services.db, owner: o.owner, projectId: o.projectId, limit: 50_000 });
  if (urls.length === 0) throw new AppError("conflict", errorText(58149), "idp");
  const groups = sampleByTemplate(urls, o.perTemplate ?? 3);
  const [run] = await o.services.db
    .insert(siteSpeedRuns)
    .values({ projectId: o.projectId, trigger: o.trigger ?? "manual" })
    .returning({ id: siteSpeedRuns.id });
  const queued: number[] = [];
  for (const g of groups) {
    for (const url of g.urls) {
      const { testId } = await startSpeedTest({
        services: o.services,
        owner: o.owner,
        url,
        projectId: o.projectId,
        template: g.template,
        runs: o.runs,
        siteRunId: run!.id,
      });
      queued.push(testId);
    }
  }
  return { runId: run!.id, templates: groups.length, tests: queued };
}

/** Median of numbers, null for none. */
export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Medians of one group of tests on one form factor: performance 0–100, LCP and TBT in ms, CLS unitless. */
export interface Medians {
  performance: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

/** A template's medians (mobile), what the budget is checked against. */
export interface TemplateMedians extends Medians {
  template: string;
}

const metricOf = (r: SpeedResult, id: "lcp" | "tbt" | "cls") => r.median.metrics.find((m) => m.id === id)?.value ?? null;
const nums = (xs: (number | null)[]) => xs.filter((v): v is number => typeof v === "number");

/** The medians over the done tests' results of one form factor (pure). */
export function mediansOf(results: SpeedResult[]): Medians {
  const round = (v: number | null, digits = 0) => (v === null ? null : Number(v.toFixed(digits)));
  return {
    performance: round(median(nums(results.map((r) => r.median.scores.performance)))),
    lcpMs: round(median(nums(results.map((r) => metricOf(r, "lcp"))))),
    tbtMs: round(median(nums(results.map((r) => metricOf(r, "tbt"))))),
    cls: round(median(nums(results.map((r) => metricOf(r, "cls")))), 3),
  };
}

type TestRow = { template: string | null; status: string; mobile: unknown; desktop: unknown };
const resultsOf = (rows: TestRow[], form: FormFactor) =>
  rows.filter((r) => r.status === "done" && r[form]).map((r) => r[form] as SpeedResult);

/**
 * Ends the run of a finished sample test when no test of it waits or runs any more: the run is
 * claimed once (finishedAt), its template medians checked against the budget, breaches e-mailed.
 * @returns the breaches, or null when the run is not finished yet (or was finished before).
 */
export async function finishSiteRun(services: Services, runId: number): Promise<BudgetBreach[] | null> {
  const db = services.db;
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(speedTests)
    .where(and(eq(speedTests.siteRunId, runId), inArray(speedTests.status, ["queued", "running"])));
  if ((open?.n ?? 0) > 0) return null;
  const [run] = await db
    .update(siteSpeedRuns)
    .set({ finishedAt: new Date() })
    .where(and(eq(siteSpeedRuns.id, runId), isNull(siteSpeedRuns.finishedAt)))
    .returning();
  if (!run) return null;
  const rows = await db
    .select({ template: speedTests.template, status: speedTests.status, mobile: speedTests.mobile, desktop: speedTests.desktop })
    .from(speedTests)
    .where(eq(speedTests.siteRunId, runId));
  const breaches = budgetBreaches(await readBudget(db, run.projectId), templateMedians(rows));
  await db.update(siteSpeedRuns).set({ breaches }).where(eq(siteSpeedRuns.id, runId));
  if (breaches.length > 0) await alertBreaches(services, runId);
  return breaches;
}

/** Mobile medians per template of some tests, templates sorted (pure). */
export function templateMedians(rows: TestRow[]): TemplateMedians[] {
  const by = new Map<string, TestRow[]>();
  for (const r of rows) if (r.template !== null) by.set(r.template, [...(by.get(r.template) ?? []), r]);
  return [...by]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([template, list]) => ({ template, ...mediansOf(resultsOf(list, "mobile")) }));
}

/** One template's row: pages tested, how many still wait or run, medians on mobile and desktop. */
export interface TemplateRow {
  template: string;
  tested: number;
  pending: number;
  mobile: Medians;
  desktop: Medians;
}

/** The table by template from each sampled URL's latest test. @throws AppError "not_found" (field "idp"). */
export async function siteSpeedByTemplate(o: { db: Database; owner: Owner; projectId: number }): Promise<TemplateRow[]> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read", field: "idp" });
  const rows = await o.db
    .selectDistinctOn([speedTests.url], {
      url: speedTests.url,
      template: speedTests.template,
      status: speedTests.status,
      mobile: speedTests.mobile,
      desktop: speedTests.desktop,
    })
    .from(speedTests)
    .where(and(eq(speedTests.projectId, o.projectId), isNotNull(speedTests.template)))
    .orderBy(speedTests.url, desc(speedTests.id));
  const by = new Map<string, typeof rows>();
  for (const r of rows) by.set(r.template!, [...(by.get(r.template!) ?? []), r]);
  return [...by]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([template, list]) => ({
      template,
      tested: list.filter((r) => r.status === "done").length,
      pending: list.filter((r) => r.status === "queued" || r.status === "running").length,
      mobile: mediansOf(resultsOf(list, "mobile")),
      desktop: mediansOf(resultsOf(list, "desktop")),
    }));
}

/** One finished run in the trend: its date, mobile medians over all its pages, and the budget breaches. */
export interface TrendPoint extends Medians {
  runId: number;
  /** ISO 8601 time the run started. */
  startedAt: string;
  trigger: "manual" | "schedule";
  pages: number;
  breaches: BudgetBreach[];
}

/** How many runs the trend shows. */
export const TREND_RUNS = 30;

/**
 * The project's site speed over its last finished runs (oldest first), and the run in progress with
 * its waiting tests and the queue position of the first one. @throws AppError "not_found" (field "idp").
 */
export async function siteSpeedTrend(o: {
  db: Database;
  owner: Owner;
  projectId: number;
}): Promise<{ points: TrendPoint[]; active: { runId: number; waiting: number; running: number; firstPosition: number | null } | null }> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read", field: "idp" });
  const runs = await o.db
    .select()
    .from(siteSpeedRuns)
    .where(eq(siteSpeedRuns.projectId, o.projectId))
    .orderBy(desc(siteSpeedRuns.id))
    .limit(TREND_RUNS + 1);
  const ids = runs.map((r) => r.id);
  const tests = ids.length
    ? await o.db
        .select({ id: speedTests.id, runId: speedTests.siteRunId, status: speedTests.status, mobile: speedTests.mobile })
        .from(speedTests)
        .where(inArray(speedTests.siteRunId, ids))
        .orderBy(asc(speedTests.id))
    : [];
  const points = runs
    .filter((r) => r.finishedAt !== null)
    .slice(0, TREND_RUNS)
    .reverse()
    .map((r) => {
      const done = tests.filter((t) => t.runId === r.id && t.status === "done" && t.mobile).map((t) => t.mobile as SpeedResult);
      return {
        runId: r.id,
        startedAt: r.createdAt.toISOString(),
        trigger: r.trigger,
        pages: done.length,
        breaches: r.breaches ?? [],
        ...mediansOf(done),
      };
    });
  const open = runs.find((r) => r.finishedAt === null);
  let active = null;
  if (open) {
    const mine = tests.filter((t) => t.runId === open.id);
    const firstQueued = mine.find((t) => t.status === "queued");
    const firstPosition = firstQueued ? await queuePosition(o.db, firstQueued.id) : null;
    active = {
      runId: open.id,
      waiting: mine.filter((t) => t.status === "queued").length,
      running: mine.filter((t) => t.status === "running").length,
      firstPosition,
    };
  }
  return { points, active };
}
