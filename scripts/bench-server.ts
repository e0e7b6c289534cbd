/**
 * `npm run bench:server` (issue 14 point 3): builds if needed, starts the built product in
 * production mode on a free port with its own fresh DATA_DIR (embedded PGlite), and loads it with
 * autocannon (keep-alive, `accept-encoding: gzip` like a browser) at 32 and 200 concurrent
 * connections: the main page, a blog post, /autoseo, POST /api/main/get and a hashed static
 * asset. Prints requests/s, p50 and p99 per target, each page's throughput as a share of the
 * static asset's measured in the same run (goal ≥ 50 %, p99 < 200 ms at 32), and the server's
 * RSS idle and after the run (goal ≤ 300 MB). BENCH_SECONDS sets each run's length (default 8).
 * A benchmark, not a test: it never fails.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { firstBlogPost, startProductServer } from "./product-server.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kb ?? 0) / 1024);
}

const product = await startProductServer({ env: { NODE_ENV: "production" } });
const { base } = product;
const server = product.process;
const post = await firstBlogPost(base);
const home = await (await fetch(`${base}/`)).text();
// The page's script entry: the islands entry on marketing pages (decision 0017 point 6), else React Router's.
const asset = /\/assets\/(?:islands\/islands|entry\.client)-[\w-]+\.js/.exec(home)?.[0];
if (!asset) throw new Error("no hashed entry asset on the main page");

interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}
const targets: Target[] = [
  { name: "static asset", path: asset },
  { name: "/", path: "/" },
  ...(post ? [{ name: "blog post", path: post }] : []),
  { name: "/autoseo", path: "/autoseo" },
  {
    name: "/api/main/get",
    path: "/api/main/get",
    method: "POST",
    body: JSON.stringify({ datall: { lang: "de", groups: [], ids: [1262, 1263, 7898] } }),
    headers: { "content-type": "application/json", origin: base },
  },
];
if (!post) console.log("(no blog post in the sitemap: skipped)");

/**
 * Waits until the server has worked off the requests a run left queued (autocannon stops sending,
 * the server still answers them): the next run must not start behind them.
 */
async function drained(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const t = performance.now();
    await fetch(`${base}/healthz`);
    if (performance.now() - t < 50) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const idleRss = rssMb(server.pid!);
const loadBefore = os.loadavg()[0]!.toFixed(2);
const results: { name: string; connections: number; rps: number; p50: number; p99: number; errors: number; completed: number }[] = [];
try {
  for (const t of targets) {
    // Warm-up: fills caches and lets V8 optimise, as a long-running server would be.
    await autocannon({ url: base + t.path, connections: 8, duration: 2, method: t.method ?? "GET", body: t.body, headers: t.headers });
    await drained();
    for (const connections of [32, 200]) {
      const r = await autocannon({
        url: base + t.path,
        connections,
        duration: seconds,
        // A loaded 2-core machine answers slowly: count a late answer, not a timeout (s).
        timeout: 30,
        method: t.method ?? "GET",
        body: t.body,
        headers: { "accept-encoding": "gzip", ...t.headers },
      });
      results.push({
        name: t.name,
        connections,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx + r.timeouts,
        completed: r.requests.total,
      });
      await drained();
    }
  }
  const afterRss = rssMb(server.pid!);
  const staticRps = (c: number) => results.find((r) => r.name === "static asset" && r.connections === c)?.rps ?? 0;
  console.log(
    `\n${"target".padEnd(16)} ${"conns".padStart(5)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"vs static".padStart(10)} errors`,
  );
  for (const r of results) {
    const ratio = r.name === "static asset" ? "" : `${((100 * r.rps) / Math.max(1, staticRps(r.connections))).toFixed(1)} %`;
    if (r.completed === 0) {
      console.log(`${r.name.padEnd(16)} ${String(r.connections).padStart(5)}  no answer within the ${seconds} s run (every answer slower)`);
      continue;
    }
    console.log(
      `${r.name.padEnd(16)} ${String(r.connections).padStart(5)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${ratio.padStart(10)} ${r.errors}`,
    );
  }
  console.log(`\nserver RSS: ${idleRss} MB idle after start, ${afterRss} MB after the run (goal ≤ 300 MB)`);
  console.log(
    `load average: ${loadBefore} (1 min) before the run; after (1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ")}; ${os.cpus().length} cores`,
  );
} finally {
  await product.stop();
}
