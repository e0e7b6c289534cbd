import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, rankChecks, rankEngines, rankKeywords } from "../../server/db/schema.server.ts";
import { checkKeyword, fetchTransport } from "../../server/rank/check-keyword.server.ts";
import { dataForSeo } from "../../server/rank/providers/dataforseo.server.ts";
import { createDataForSeoQueue, taskPageSource, type DataForSeoQueueOptions } from "../../server/rank/providers/dataforseo-tasks.server.ts";
import { checkProject } from "../../server/rank/run-checks.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";
import { rankingAt, startSerpServer, type SerpScenario, type SerpServer } from "../helpers/serp-providers.ts";

const OURS = "https://www.ours.example/pricing/";

const SCENARIOS: Record<string, SerpScenario> = {
  "on page three": (() => {
    const s = rankingAt("on page three", OURS, 23);
    s.results.splice(6, 1, "https://rival.example/page");
    return s;
  })(),
  "top result": rankingAt("top result", OURS, 1, { features: { featured_snippet: [OURS] }, searchVolume: 880 }),
  "not ranked": rankingAt("not ranked", OURS, null),
  "engine failing": rankingAt("engine failing", OURS, 4, { failPages: [1] }),
};

let server: SerpServer;
let slow: SerpServer;
beforeAll(async () => {
  server = await startSerpServer({ scenario: (_e, k) => SCENARIOS[k] ?? rankingAt(k, OURS, null) });
  slow = await startSerpServer({ scenario: (_e, k) => rankingAt(k, OURS, 3), taskReadyAfterPolls: 1000 });
});
afterAll(async () => {
  await server.close();
  await slow.close();
});

const query = (keyword: string) =>
  ({ keyword, engine: "google", country: "US", language: "en", location: "", locationCode: null, device: "desktop" }) as const;

/** Checks `keyword` through `queue` against `server` (or `on`), tracking rival.example unless `competitors` says otherwise. */
function check(
  keyword: string,
  queue: ReturnType<typeof createDataForSeoQueue>,
  opts: { on?: SerpServer; password?: string; competitors?: string[] } = {},
) {
  return checkKeyword({
    provider: dataForSeo,
    config: { baseUrl: (opts.on ?? server).origin, login: "login", password: opts.password ?? "password" },
    query: query(keyword),
    pageSource: taskPageSource(queue, query(keyword), 30, "ours.example"),
    domain: "ours.example",
    targetUrl: null,
    competitors: opts.competitors ?? ["rival.example"],
    depth: 30,
  });
}

const queueOn = (s: SerpServer, extra: Partial<DataForSeoQueueOptions> = {}) =>
  createDataForSeoQueue({
    config: { baseUrl: s.origin, login: "login", password: "password" },
    transport: fetchTransport,
    pollMs: 20,
    timeoutMs: 5_000,
    ...extra,
  });

describe("issue 10.3 DataForSEO queued flow: task_post / tasks_ready / task_get (local server)", () => {
  it("posts the checks of one tick in one task_post, polls tasks_ready until listed, fetches each task once, ranks as the live flow", async () => {
    const postsBefore = server.tasks.length;
    const pollsBefore = server.tasksReadyCalls.length;
    const queue = queueOn(server);
    const [three, top, none] = await Promise.all([check("on page three", queue), check("top result", queue), check("not ranked", queue)]);
    queue.close();
    expect(three).toMatchObject({ position: 23, url: OURS, error: null, competitors: { "rival.example": 7 } });
    expect(top).toMatchObject({ position: 1, features: ["featured_snippet"], ownFeatures: ["featured_snippet"], searchVolume: 880 });
    expect(none).toMatchObject({ position: null, error: null, pages: 3 });
    const posted = server.tasks.slice(postsBefore);
    expect(posted.map((t) => t.keyword).sort()).toEqual(["not ranked", "on page three", "top result"]);
    // One task_post for all three, each task tagged, stopping on our domain, asking the whole depth.
    expect(new Set(posted.map((t) => t.tag)).size).toBe(3);
    expect(posted.every((t) => t.depth === 30 && t.stopOn[0] === "ours.example" && t.collected)).toBe(true);
    const postCalls = server.calls.filter((c) => c.provider === "dataforseo" && c.keyword === "(task_post)");
    expect(postCalls.length).toBeGreaterThanOrEqual(1);
    // Not listed on the first poll (taskReadyAfterPolls 1), listed on the second.
    expect(server.tasksReadyCalls.length - pollsBefore).toBe(2);
    // The check's calls: its share of the task_post and its one task_get.
    expect(three.calls).toBe(2);
  });

  it("tasks_ready is polled no faster than pollMs (DataForSEO allows 20 calls a minute)", async () => {
    const pollsBefore = slow.tasksReadyCalls.length;
    const queue = queueOn(slow, { pollMs: 100, timeoutMs: 450 });
    const r = await check("waits", queue, { on: slow, competitors: [] });
    queue.close();
    const polls = slow.tasksReadyCalls.slice(pollsBefore);
    const gaps = polls.slice(1).map((t, i) => t - polls[i]!);
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95);
    // Never ready within the timeout: an error naming it, not "not ranked".
    expect(r.position).toBeNull();
    expect(r.error).toMatch(/^not_ready: task .* not ready after/);
  });

  it("a task failing at DataForSEO (40101) is an error; wrong credentials fail every task at task_post", async () => {
    const queue = queueOn(server);
    const failed = await check("engine failing", queue);
    queue.close();
    expect(failed.position).toBeNull();
    expect(failed.error).toMatch(/^upstream: Internal SE Server Error/);
    const bad = createDataForSeoQueue({
      config: { baseUrl: server.origin, login: "login", password: "wrong" },
      transport: fetchTransport,
      pollMs: 20,
      timeoutMs: 5_000,
    });
    const denied = await check("top result", bad, { password: "wrong", competitors: [] });
    bad.close();
    expect(denied.error).toMatch(/^auth \(HTTP 401\)/);
    expect(denied.calls).toBe(1);
  });
});

describe("issue 10.3/10.5 DATAFORSEO_MODE=task in the daily check", () => {
  let services: Services;
  afterAll(() => services?.close());

  it("checkProject posts the project's pairs as tasks and stores each position once", async () => {
    services = await startTestServices("pglite", {
      RANK_PROVIDER: "dataforseo",
      DATAFORSEO_LOGIN: "login",
      DATAFORSEO_PASSWORD: "password",
      DATAFORSEO_URL: server.origin,
      DATAFORSEO_MODE: "task",
      DATAFORSEO_POLL_MS: "20",
      RANK_DEPTH: "30",
      RANK_RATE_PER_MINUTE: "60000",
    });
    const [p] = await services.db.insert(projects).values({ domain: "ours.example", url: "https://ours.example/" }).returning();
    const projectId = p!.id;
    await services.db.insert(rankEngines).values([
      { projectId, engine: "google", country: "US", language: "en", device: "desktop" },
      { projectId, engine: "bing", country: "US", language: "en", device: "mobile" },
    ]);
    await services.db.insert(rankKeywords).values(["on page three", "top result", "not ranked"].map((keyword) => ({ projectId, keyword })));
    const postsBefore = server.tasks.length;
    const now = new Date("2026-11-10T12:00:00Z");
    const s = await checkProject({ services, projectId, now });
    expect(s).toMatchObject({ checked: 6, errors: 0, provider: "dataforseo" });
    expect(server.tasks.length - postsBefore).toBe(6);
    expect(new Set(server.tasks.slice(postsBefore).map((t) => t.engine))).toEqual(new Set(["google", "bing"]));
    const rows = await services.db.select().from(rankChecks).where(eq(rankChecks.projectId, projectId));
    const byKeyword = new Map<number | null, number>();
    const keywords = await services.db.select().from(rankKeywords).where(eq(rankKeywords.projectId, projectId));
    for (const r of rows) byKeyword.set(r.position, (byKeyword.get(r.position) ?? 0) + 1);
    expect(rows.every((r) => r.status === "ok")).toBe(true);
    expect(Object.fromEntries(byKeyword)).toEqual({ 23: 2, 1: 2, null: 2 });
    expect(keywords).toHaveLength(3);
    // Same day again: nothing posted.
    const again = await checkProject({ services, projectId, now });
    expect(again).toMatchObject({ checked: 0, skipped: 6 });
    expect(server.tasks.length - postsBefore).toBe(6);
  });
});
