/**
 * `npm run bench:ranks` (issue 10 "Tests and benchmark"): 10,000 keywords × 2 engines of one
 * project checked against the local SERP provider server (SerpApi protocol), which refuses calls
 * beyond its rate limit with 429. The project starts with `--history-days` days of earlier checks
 * (so the run writes into a table that already holds history), and the run's checks/s is printed
 * for each tenth of the run: the rate must hold while history grows. The peer, measured in the same
 * run before and after: the raw provider round trip (the same pages fetched with the same transport,
 * concurrency and rate limit, without our pipeline: no claims, no matching, no database, no alerts).
 * Also: wall time, provider calls per check, peak calls in one second against the allowed rate,
 * 429s, peak RSS, and a second run on the same day, which must make no provider call.
 *
 * Options: --keywords N (default 10000), --per-minute N (provider rate, default 120000),
 * --depth N (default 100), --concurrency N (pairs at once, default 64), --history-days N (default 7).
 * DATABASE_URL: a PostgreSQL server instead of the in-memory embedded database.
 */
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { parseEnv } from "../server/env.server.ts";
import { createServices } from "../server/services.server.ts";
import { projects, rankEngines, rankKeywords } from "../server/db/schema.server.ts";
import { fetchTransport } from "../server/rank/check-keyword.server.ts";
import { addDays, localDay } from "../server/rank/day.ts";
import { serpApi } from "../server/rank/providers/serpapi.server.ts";
import { createRateLimiter } from "../server/rank/rate-limit.server.ts";
import { checkProject, checksOn } from "../server/rank/run-checks.server.ts";
import { localScenario, startSerpServer } from "../tests/helpers/serp-providers.ts";

const { values } = parseArgs({
  options: {
    keywords: { type: "string", default: "10000" },
    "per-minute": { type: "string", default: "120000" },
    depth: { type: "string", default: "100" },
    concurrency: { type: "string", default: "64" },
    "history-days": { type: "string", default: "7" },
  },
});
const n = Number(values.keywords);
const perMinute = Number(values["per-minute"]);
const concurrency = Number(values.concurrency);
const historyDays = Number(values["history-days"]);
const domain = "bench.example";
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

const serp = await startSerpServer({ perMinute, scenario: (_e, k) => localScenario(domain, k) });
const env = parseEnv({
  NODE_ENV: "test",
  DATA_DIR: "memory://",
  DATABASE_URL: process.env.DATABASE_URL ?? "",
  LOG_LEVEL: "warn",
  RANK_PROVIDER: "serpapi",
  SERPAPI_KEY: "test-key",
  SERPAPI_URL: serp.origin,
  RANK_RATE_PER_MINUTE: String(perMinute),
  RANK_DEPTH: values.depth,
  RANK_BACKOFF_MS: "1000",
});
const services = await createServices(env, { role: "cli" });
const [project] = await services.db
  .insert(projects)
  .values({ domain, url: `https://${domain}/` })
  .returning();
const projectId = project!.id;
await services.db.insert(rankEngines).values([
  { projectId, engine: "google", country: "US", language: "en", device: "desktop" },
  { projectId, engine: "bing", country: "US", language: "en", device: "desktop" },
]);
for (let i = 0; i < n; i += 1000) {
  await services.db
    .insert(rankKeywords)
    .values(Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({ projectId, keyword: `bench keyword ${i + j}` })));
}
const now = new Date();
const today = localDay(now, "UTC");
// Earlier days' checks of every pair, one day per statement (the history the run adds to).
const seedStarted = performance.now();
for (let d = historyDays; d >= 1; d--) {
  await services.db.execute(sql`
    insert into rank_checks (project_id, keyword_id, engine_id, day, status, position, url, provider, checked_at)
    select ${projectId}, k.id, e.id, ${addDays(today, -d)}::date, 'ok', 1 + (k.id * 7 + e.id + ${d}) % 100,
           'https://' || ${domain} || '/p' || k.id, 'serpapi', now()
    from rank_keywords k cross join rank_engines e
    where k.project_id = ${projectId} and e.project_id = ${projectId}`);
}
const historyRows = n * 2 * historyDays;
const seedSeconds = round((performance.now() - seedStarted) / 1000);
console.error(`seeded ${historyRows} history rows in ${seedSeconds} s`);

/** The peer: `calls` result pages fetched straight from the provider (same transport, concurrency and rate), in calls/s. */
async function rawRoundTrips(calls: number): Promise<number> {
  const limiter = createRateLimiter({ perMinute });
  const cfg = { baseUrl: serp.origin, apiKey: "test-key" };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const i = next++;
        const q = {
          keyword: `peer keyword ${i % n}`,
          engine: i % 2 ? "bing" : "google",
          country: "US",
          language: "en",
          location: "",
          locationCode: null,
          device: "desktop",
          page: 1 + (i % 5),
        } as const;
        await limiter.take();
        const answer = await fetchTransport(serpApi.buildRequest(q, cfg));
        if ("error" in (serpApi.parseResponse(answer, q) as object)) throw new Error(`peer call ${i} failed: HTTP ${answer.status}`);
      }
    }),
  );
  return calls / ((performance.now() - started) / 1000);
}

const peerCalls = Math.min(5_000, n * 2);
const peerBefore = await rawRoundTrips(peerCalls);
const callsBeforeRun = serp.calls.length;

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const doneAt: number[] = [];
const callsAtDone: number[] = [];
const started = performance.now();
const first = await checkProject({
  services,
  projectId,
  now,
  concurrency,
  onChecked: () => {
    doneAt.push(performance.now());
    callsAtDone.push(serp.calls.length);
    // Progress on stderr at each tenth, so a long run shows its rate as it goes.
    if (doneAt.length % Math.max(1, Math.floor((n * 2) / 10)) === 0)
      console.error(
        `${doneAt.length} checks in ${round((performance.now() - started) / 1000)} s (${round(doneAt.length / ((performance.now() - started) / 1000))} checks/s)`,
      );
  },
});
const wallMs = performance.now() - started;
const callsFirst = serp.calls.length - callsBeforeRun;
const second = await checkProject({ services, projectId, now, concurrency });
const secondCalls = serp.calls.length - callsBeforeRun - callsFirst;
clearInterval(sampler);
const peerAfter = await rawRoundTrips(peerCalls);

// The rate in each tenth of the run (by checks done), with the history rows at that point.
const tenths = Array.from({ length: 10 }, (_, i) => {
  const from = Math.floor((doneAt.length * i) / 10);
  const to = Math.floor((doneAt.length * (i + 1)) / 10) - 1;
  const t0 = i === 0 ? started : doneAt[from - 1]!;
  const seconds = (doneAt[to]! - t0) / 1000;
  const calls = callsAtDone[to]! - (i === 0 ? callsBeforeRun : callsAtDone[from - 1]!);
  return {
    tenth: i + 1,
    historyRows: historyRows + to + 1,
    checksPerSecond: round((to - from + 1) / seconds),
    providerCallsPerSecond: round(calls / seconds),
  };
});
// Highest number of calls answered within any one-second window (of the pipeline's first run).
const times = serp.calls
  .slice(callsBeforeRun, callsBeforeRun + callsFirst)
  .map((c) => c.at)
  .sort((a, b) => a - b);
let peakPerSecond = 0;
for (let i = 0, j = 0; i < times.length; i++) {
  while (times[i]! - times[j]! >= 1000) j++;
  peakPerSecond = Math.max(peakPerSecond, i - j + 1);
}
const checks = await checksOn(services, projectId, first.day);
const pipelineCallsPerSecond = callsFirst / (wallMs / 1000);
const peer = (peerBefore + peerAfter) / 2;
const rates = tenths.map((t) => t.checksPerSecond);
const result = {
  keywords: n,
  engines: 2,
  historyDaysSeeded: historyDays,
  historyRowsBefore: historyRows,
  seedSeconds,
  checks: first.checked,
  errors: first.errors,
  wallSeconds: round(wallMs / 1000),
  checksPerSecond: round(first.checked / (wallMs / 1000)),
  tenths,
  lastTenthOverFirst: round(rates[9]! / rates[0]!, 2),
  slowestTenthOverMedian: round(Math.min(...rates) / [...rates].sort((a, b) => a - b)[5]!, 2),
  providerCalls: callsFirst,
  callsPerCheck: round(callsFirst / Math.max(1, first.checked), 2),
  pipelineProviderCallsPerSecond: round(pipelineCallsPerSecond),
  peerRawRoundTripsPerSecond: { before: round(peerBefore), after: round(peerAfter), calls: peerCalls },
  pipelineOverPeer: round(pipelineCallsPerSecond / peer, 2),
  allowedPerSecond: round(perMinute / 60),
  peakCallsInOneSecond: peakPerSecond,
  refusedWith429: serp.rejected(),
  peakRssMb: Math.round(peakRss / 1048576),
  secondRun: { checked: second.checked, skipped: second.skipped, providerCalls: secondCalls },
  storedChecksToday: checks,
};
console.log(JSON.stringify(result, null, 2));
const ok = secondCalls === 0 && result.refusedWith429 === 0 && checks === n * 2;
console.log(ok ? "OK: provider kept at its rate, one check per keyword × engine × day" : "FAILED");
await services.close();
await serp.close();
process.exit(ok ? 0 : 1);
