/**
 * `npm run bench:speed` (issue 12 "Tests and benchmark"): 20 pages of the jena test site (served on
 * loopback) are queued as speed tests (BENCH_RUNS Lighthouse runs per form factor, default 1) and
 * run by the product's workers with their bounded concurrency (SPEED_CONCURRENCY, default one
 * Chromium per core). Prints the wall time, the most tests running at once, the peak RSS of this
 * process and its children (Chromium included), and the same pages run one after another through
 * Lighthouse's own CLI (mobile, then --preset=desktop), with the ratio of the two wall times.
 * BENCH_PAGES changes the page count. A benchmark, not a test: it never fails.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { speedTests } from "../server/db/schema.server.ts";
import { parseEnv } from "../server/env.server.ts";
import { QUEUES } from "../server/jobs/names.server.ts";
import { CHROMIUM_ARGS, chromiumPath } from "../server/lib/browser.server.ts";
import { createServices } from "../server/services.server.ts";
import { speedConcurrency } from "../server/speed/concurrency.server.ts";
import { serveStatic, testSitePath } from "../tests/helpers/static-site.ts";

const root = path.resolve(import.meta.dirname, "..");
const pagesWanted = Number(process.env.BENCH_PAGES ?? 20);
const runs = Number(process.env.BENCH_RUNS ?? 1);

/** RSS in bytes of `pid` and all its descendants (Linux /proc). */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"));
      total += Number(m?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

/** The first `n` HTML pages of the site, sorted, as paths. */
function sitePages(dir: string, n: number): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (e.name.endsWith(".html")) out.push("/" + path.relative(dir, path.join(d, e.name)));
    }
  };
  walk(dir);
  return out.slice(0, n);
}

const site = await serveStatic(testSitePath());
const pages = sitePages(testSitePath(), pagesWanted).map((p) => site.origin + p);
const env = parseEnv({
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: "memory://",
  DATABASE_URL: "",
  LOG_LEVEL: "warn",
  ALLOW_PRIVATE_NETWORKS: "1",
});
const services = await createServices(env, { role: "worker" });
console.log(
  `${pages.length} pages, ${runs} run(s) per form factor, concurrency ${speedConcurrency(env)} (cores: ${(await import("node:os")).availableParallelism()})`,
);

let peakRss = 0;
let peakRunning = 0;
const started = performance.now();
const rows = await services.db
  .insert(speedTests)
  .values(pages.map((url) => ({ url, runs, userId: 1 })))
  .returning({ id: speedTests.id });
for (const r of rows) await services.jobs.send(QUEUES.speedTest, { testId: r.id });
for (;;) {
  peakRss = Math.max(peakRss, treeRss(process.pid));
  const [c] = await services.db
    .select({
      running: sql<number>`count(*) filter (where ${speedTests.status} = 'running')::int`,
      open: sql<number>`count(*) filter (where ${speedTests.status} in ('queued', 'running'))::int`,
    })
    .from(speedTests);
  peakRunning = Math.max(peakRunning, Number(c!.running));
  if (Number(c!.open) === 0) break;
  await new Promise((r) => setTimeout(r, 250));
}
const ours = (performance.now() - started) / 1000;
const failed = await services.db
  .select({ url: speedTests.url, error: speedTests.error })
  .from(speedTests)
  .where(eq(speedTests.status, "failed"));
console.log(
  `\nRankforge speed jobs:   ${ours.toFixed(1)} s wall, ${peakRunning} running at once at most, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB, ${failed.length} failed`,
);
for (const f of failed) console.log(`  failed: ${f.url}: ${f.error}`);
await services.close();

// Lighthouse's own CLI on the same pages, one after another (mobile, then desktop; `runs` times each).
const chrome = await chromiumPath();
/** One CLI run; a run that hangs is stopped after 3 minutes and counted as such. */
function runCli(args: string[]): Promise<{ status: number | null; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chrome }, stdio: "ignore" });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, 180_000);
    child.once("exit", (status) => {
      clearTimeout(timer);
      resolve({ status, timedOut });
    });
  });
}
const cliStarted = performance.now();
for (const url of pages) {
  for (const preset of [[], ["--preset=desktop"]]) {
    for (let i = 0; i < runs; i++) {
      // Asynchronous: the served site lives in this process, so its event loop must keep running.
      const r = await runCli([
        path.join(root, "node_modules/lighthouse/cli/index.js"),
        url,
        ...preset,
        "--output=json",
        "--output-path=/dev/null",
        "--quiet",
        // Other hosts fail at once, as the product's guard proxy refuses them (the machine has no internet):
        // a proxy that refuses every connection; loopback bypasses it by Chromium's default.
        `--chrome-flags=${[...CHROMIUM_ARGS, "--proxy-server=http://127.0.0.1:9"].join(" ")}`,
      ]);
      if (r.status !== 0) console.log(`CLI ${r.timedOut ? "timed out" : "failed"} on ${url} ${preset.join(" ")}`);
    }
  }
}
const cli = (performance.now() - cliStarted) / 1000;
site.server.closeAllConnections();
await site.close();
console.log(`Lighthouse CLI in turn: ${cli.toFixed(1)} s wall`);
console.log(`ratio (ours / CLI):     ${(ours / cli).toFixed(2)}`);
console.log(`commit ${execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim()}`);
