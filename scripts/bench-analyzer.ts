/**
 * `npm run bench:analyzer` (issue 3 "Speed and memory"): runs the single-page analyzer's parse and
 * every page-level check (analyzeHtml, no network) over the real pages of the npm package
 * htmlparser-benchmark, and prints pages/s and p50/p99 ms per page. Target: well under a second
 * for a normal page (issue 3 /analyzer).
 */
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { analyzeHtml } from "../server/analyzer/analyze.server.ts";

const dir = path.join(path.dirname(createRequire(import.meta.url).resolve("htmlparser-benchmark/package.json")), "files");
const pages = readdirSync(dir)
  .filter((f) => f.endsWith(".html"))
  .map((f) => readFileSync(path.join(dir, f)));
const headers = { "content-type": "text/html; charset=utf-8" };
const run = () =>
  pages.map((body, i) => {
    const t = performance.now();
    analyzeHtml(body, { url: `https://example.com/page-${i}.html`, headers });
    return performance.now() - t;
  });
run(); // warm-up: JIT and lazy module state
const rounds = 3;
const times: number[] = [];
const started = performance.now();
for (let r = 0; r < rounds; r++) times.push(...run());
const seconds = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
const mb = pages.reduce((n, b) => n + b.length, 0) / 1024 / 1024;
console.log(`htmlparser-benchmark: ${pages.length} pages (${mb.toFixed(1)} MB), ${rounds} rounds`);
console.log(
  `Analyzer: ${(times.length / seconds).toFixed(0)} pages/s; p50 ${pct(50).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
);
