/**
 * `npm run bench:ranks` (issue 10 "Tests and benchmark"): 10,000 keywords × 2 engines of one
 * project checked against the local SERP provider server (SerpApi protocol), which refuses calls
 * beyond its rate limit with 429. Prints wall time, provider calls per keyword check, peak RSS,
 * the highest number of calls in any one second against the allowed rate, the 429s received, and
 * a second run on the same day, which must make no provider call (one check per keyword × engine × day).
 *
 * Options: --keywords N (default 10000), --per-minute N (provider rate, default 120000),
 * --depth N (default 100), --concurrency N (pairs at once, default 64).
 */
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { parseEnv } from "../server/env.server.ts";
import { createServices } from "../server/services.server.ts";
import { projects, rankEngines, rankKeywords } from "../server/db/schema.server.ts";
import { checkProject, checksOn } from "../server/rank/run-checks.server.ts";
import { localScenario, startSerpServer } from "../tests/helpers/serp-providers.ts";

const { values } = parseArgs({
  options: {
    keywords: { type: "string", default: "10000" },
    "per-minute": { type: "string", default: "120000" },
    depth: { type: "string", default: "100" },
    concurrency: { type: "string", default: "64" },
  },
});
const n = Number(values.keywords);
const perMinute = Number(values["per-minute"]);
const domain = "bench.example";

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

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const now = new Date();
const started = performance.now();
const first = await checkProject({ services, projectId, now, concurrency: Number(values.concurrency) });
const wallMs = performance.now() - started;
const callsFirst = serp.calls.length;
const second = await checkProject({ services, projectId, now, concurrency: Number(values.concurrency) });
clearInterval(sampler);

// Highest number of calls answered within any one-second window.
const times = serp.calls.map((c) => c.at).sort((a, b) => a - b);
let peakPerSecond = 0;
for (let i = 0, j = 0; i < times.length; i++) {
  while (times[i]! - times[j]! >= 1000) j++;
  peakPerSecond = Math.max(peakPerSecond, i - j + 1);
}
const checks = await checksOn(services, projectId, first.day);
const result = {
  keywords: n,
  engines: 2,
  checks: first.checked,
  errors: first.errors,
  wallSeconds: Math.round(wallMs / 100) / 10,
  providerCalls: callsFirst,
  callsPerCheck: Math.round((callsFirst / Math.max(1, first.checked)) * 100) / 100,
  allowedPerSecond: Math.round((perMinute / 60) * 10) / 10,
  peakCallsInOneSecond: peakPerSecond,
  refusedWith429: serp.rejected(),
  peakRssMb: Math.round(peakRss / 1048576),
  secondRun: { checked: second.checked, skipped: second.skipped, providerCalls: serp.calls.length - callsFirst },
  storedChecksToday: checks,
};
console.log(JSON.stringify(result, null, 2));
const ok = result.secondRun.providerCalls === 0 && result.refusedWith429 === 0 && checks === n * 2;
console.log(ok ? "OK: provider kept at its rate, one check per keyword × engine × day" : "FAILED");
await services.close();
await serp.close();
process.exit(ok ? 0 : 1);
