/**
 * `npm run measure:memory` (issue 14 point 3): where the web server's memory goes with the embedded
 * database. Starts the built product in this process on a fresh DATA_DIR, loads its pages the way
 * `npm run bench:server` does (sequentially, a few hundred requests), and prints, at each stage,
 * the RSS and its parts: V8 heap, external and array buffers, and PGlite's WebAssembly memory (its
 * linear memory only grows: the high-water mark of every query and of shared_buffers) with the part
 * of it that is resident, with the database's own settings (shared_buffers, work_mem) and size.
 * Tunes the process as server/main.ts does (malloc's mmap threshold, V8's --optimize-for-size;
 * MEMORY_DEFAULTS=1 leaves both at their defaults, for comparison). Being a .ts script, it holds
 * Node's TypeScript stripper (≈ 18 MB) which the server does not. A measurement, not a test.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as AppModule from "../server/app.ts";
import v8 from "node:v8";
import { execWithMallocSettings } from "../server/lib/process-memory.server.ts";
import { ensureBuild } from "./ensure-build.ts";

const MB = 1024 * 1024;
const rows: [string, ...string[]][] = [];
type Pglite = { mod?: { HEAPU8?: Uint8Array }; query(q: string): Promise<{ rows: Record<string, string>[] }> };
const held: { pglite?: Pglite } = {};

/** Resident set size (bytes), from /proc (Linux). */
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;
/**
 * Resident bytes of the anonymous mappings exactly `size` bytes long (/proc/self/smaps): V8 maps
 * a WebAssembly memory of that size on its own, so this is how much of PGlite's linear memory is
 * resident (its untouched pages are not).
 */
function residentOfMappingsSized(size: number): number {
  let resident = 0;
  let inside = false;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ 0\s*$/.exec(line);
    if (range) inside = parseInt(range[2]!, 16) - parseInt(range[1]!, 16) === size;
    else if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inside = false;
    else if (inside) resident += Number(/^Rss:\s+(\d+) kB/.exec(line)?.[1] ?? 0) * 1024;
  }
  return resident;
}
function stage(name: string) {
  const m = process.memoryUsage();
  const wasm = held.pglite?.mod?.HEAPU8?.byteLength ?? 0;
  rows.push(
    [name, rss(), m.heapUsed, m.heapTotal, m.external, m.arrayBuffers, wasm, wasm && residentOfMappingsSized(wasm)].map((v, i) =>
      i ? (Number(v) / MB).toFixed(0) : String(v),
    ) as [string, ...string[]],
  );
}

if (process.env.MEMORY_DEFAULTS !== "1") {
  if (process.env.MALLOC_MMAP_THRESHOLD_ === undefined) execWithMallocSettings(process.argv.slice(1));
  v8.setFlagsFromString("--optimize-for-size");
}
ensureBuild();
stage("node started");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rf-memory-"));
const bundle = pathToFileURL(path.resolve(import.meta.dirname, "../build/server/index.js")).href;
const { createApp } = (await import(bundle)) as typeof AppModule;
stage("server bundle loaded");
const { app, services } = await createApp({ ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn" });
const pglite = services.database.pglite as unknown as Pglite | undefined;
held.pglite = pglite;
stage("services ready (PGlite, migrations, seed, jobs)");

const sitemap = await (await app.request("/sitemap-en.xml")).text();
const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).slice(0, 60);
for (const p of pages) await (await app.request(p)).arrayBuffer();
stage(`${pages.length} pages rendered once`);
let gzipBytes = 0;
for (let i = 0; i < 5; i++)
  for (const p of pages) gzipBytes += (await (await app.request(p, { headers: { "accept-encoding": "gzip" } })).arrayBuffer()).byteLength;
stage("the same pages 5× more (page cache)");
/** A gzipped page's mean size (bytes): what one page cache entry holds. */
const gzipPage = gzipBytes / 5 / Math.max(1, pages.length);
for (let i = 0; i < 200; i++)
  await app.request("/api/main/get", {
    method: "POST",
    headers: { "content-type": "application/json", origin: services.env.PUBLIC_ORIGIN },
    body: JSON.stringify({ datall: { lang: ["de", "fr", "es", "ua"][i % 4], groups: [], ids: [1262, 1263, 7898 + (i % 50)] } }),
  });
stage("200 × /api/main/get");
globalThis.gc?.();
stage("after a full GC (--expose-gc)");

const settings = pglite
  ? (
      await pglite.query(
        "select name, setting, unit from pg_settings where name in ('shared_buffers','work_mem','temp_buffers','maintenance_work_mem','wal_buffers')",
      )
    ).rows
  : [];
const databaseSize = pglite ? (await pglite.query("select pg_database_size(current_database())::text as size")).rows[0]?.size : undefined;
console.log(
  `\n${"stage".padEnd(48)} ${["RSS", "heap used", "heap total", "external", "arraybuf", "PGlite wasm", "resident"].map((h) => h.padStart(11)).join("")}  (MB)`,
);
for (const [name, ...v] of rows) console.log(`${name.padEnd(48)} ${v.map((x) => x.padStart(11)).join("")}`);
/** A setting in MB: pg_settings gives a count of its unit ("8kB", "kB", "MB"). */
const mb = (s: Record<string, string>) => (Number(s.setting) * ({ "8kB": 8, kB: 1, MB: 1024 }[s.unit ?? ""] ?? 0)) / 1024;
console.log(
  `\nPGlite settings (MB): ${settings.map((s) => `${s.name}=${mb(s)}`).join(", ")}; database size ${(Number(databaseSize ?? 0) / MB).toFixed(0)} MB`,
);
// Imported here, after the measurements: the source module is not part of what is measured.
const { PAGE_CACHE_MAX_BYTES } = await import("../server/http/page-cache.server.ts");
console.log(
  `Page cache: a gzipped page ${(gzipPage / 1024).toFixed(0)} KB on average; its bound (${PAGE_CACHE_MAX_BYTES / MB} MB) holds ≈ ${Math.round(PAGE_CACHE_MAX_BYTES / gzipPage)} pages`,
);
await services.close();
rmSync(dataDir, { recursive: true, force: true });
