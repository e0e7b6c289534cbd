/**
 * `npm run bench:crawl` (issue 14.1/14.2): for each benchmark site, one CLI audit (the `npm run
 * audit` command of package.json with `<url> --crawl`, all checks, resources checked, external
 * links not) and one linkinator `--recurse` run, each as its own process measured by
 * /usr/bin/time, side by side in the same run: wall time, peak RSS, CPU time and the share of the
 * the audit's wall time spent idle (sampled: no thread running or waiting for a core), then the ratios (floor: as fast as linkinator; goal 3×; RSS ≤ 150
 * MB for a few hundred pages; idle < 10 % on the idle site; fixed cost ≤ 0.5 s on the one-page
 * site). Sites: a real documentation site from ../shared/testdata/sites (--site, default
 * jena-apache-org); the "idle" site: generated pages of 100–300 KB whose resources sit on hosts
 * that do not resolve and whose relative links answer 404; a one-page site.
 *
 * `npm run bench:crawl -- --generate 50000` crawls a generated site of that many pages (served
 * from memory, ~10 links each) with the database store and prints peak RSS during the crawl and
 * during the audit (target < 300 MB). The crawl runs in a child process whose V8 young generation
 * (16 MB) and old space (256 MB) are capped; the audit of the whole site (the site-wide step that
 * ends a crawl) then runs in a child process of its own, set up as the checkout's `npm run worker`
 * process (server/lib/worker-process.server.ts where the checkout has it), measured by /usr/bin/time. With
 * --compare <dir>, the other checkout's audit step runs first on the same crawl, then this one's
 * (the crawl reopened for it), side by side with their health scores and issue counts. The
 * database is DATABASE_URL when set (PostgreSQL), else PGlite on disk in a temporary folder.
 *
 * Options: --site <name>, --concurrency N (default 16), --idle-pages N (default 150),
 * --store memory|database (the CLI audit's crawl store, default memory), --generate N,
 * --compare <dir> (also runs the CLI audit of another checkout, e.g. an export of main, on each
 * site in the same run: before and after side by side), --sites site,idle,one (the sites measured).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { spawn } from "node:child_process";
import { type RequestListener, createServer } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { prepareWorkerProcess } from "../server/lib/worker-process.server.ts";
import { serveSite } from "../tests/helpers/site-model.ts";

const { values } = parseArgs({
  options: {
    site: { type: "string", default: "jena-apache-org" },
    concurrency: { type: "string", default: "16" },
    generate: { type: "string" },
    store: { type: "string", default: "memory" },
    "idle-pages": { type: "string", default: "150" },
    "crawl-child": { type: "string" },
    "audit-child": { type: "string" },
    checkout: { type: "string" },
    dir: { type: "string" },
    compare: { type: "string" },
    sites: { type: "string", default: "site,idle,one" },
  },
});
const concurrency = Number(values.concurrency);
const repo = path.resolve(import.meta.dirname, "..");
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A loopback HTTP server on an ephemeral port: its origin and a closer. */
function listen(handler: RequestListener): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
      });
    }),
  );
}

/** Answers an HTML page, or 404 when `body` is null. */
function html(res: Parameters<RequestListener>[1], body: string | null): void {
  res.writeHead(body === null ? 404 : 200, { "content-type": "text/html; charset=utf-8" });
  res.end(body ?? "<!doctype html><title>Not found</title>");
}

/** Peak RSS of this process sampled every 50 ms until `stop`. */
function rssPeak() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return () => (clearInterval(timer), Math.max(peak, process.memoryUsage().rss));
}

/** A generated site: / links to the first pages; /p/N.html has a unique title, text and 10 links. */
function generatedSite(pages: number) {
  // 400 made-up words; each page draws its own 150 from a generator seeded by its number, so pages
  // differ as real ones do (a site of near-copies would be one giant duplicate cluster).
  const words = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}${"aeiou"[i % 5]}${"rstnl"[(i >> 2) % 5]}`);
  const textOf = (n: number) => {
    let x = (n + 1) * 2654435761;
    return Array.from({ length: 150 }, () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return words[x % words.length];
    }).join(" ");
  };
  return listen((req, res) => {
    const n = Number(/^\/p\/(\d+)\.html$/.exec(req.url ?? "")?.[1] ?? -1);
    if (req.url !== "/" && (n < 0 || n >= pages)) return html(res, null);
    const targets = n < 0 ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] : Array.from({ length: 10 }, (_, k) => (n * 31 + k * 4099 + 1) % pages);
    html(
      res,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Generated page ${n}</title>` +
        `<meta name="description" content="Page ${n} of a generated site for the crawler benchmark.">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Page ${n}</h1><p>${textOf(n)} ${n}</p>` +
        targets.map((t) => `<a href="/p/${t}.html">Page ${t}</a>`).join(" ") +
        `</body></html>`,
    );
  });
}

/**
 * The idle site: `pages` pages of 100–300 KB; each references 8 images and a script on hosts that
 * do not resolve (*.invalid) and links to 6 relative URLs that answer 404 and to 4 other pages.
 */
function idleSite(pages: number) {
  const filler = (n: number) => {
    const para = `<p>Section ${n}: measured text about crawling, links and resources for page ${n}. </p>`;
    return para.repeat(Math.ceil((100_000 + ((n * 7919) % 200_000)) / para.length));
  };
  return listen((req, res) => {
    const m = /^\/(?:p\/(\d+)\.html)?$/.exec(req.url ?? "");
    const n = m ? Number(m[1] ?? 0) : -1;
    if (!m || n >= pages) return html(res, null);
    html(
      res,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Idle benchmark page ${n}</title>` +
        `<meta name="description" content="Page ${n} of the idle-time benchmark site."><script src="https://js${n % 5}.nohost.invalid/app.js"></script></head>` +
        `<body><h1>Page ${n}</h1>${Array.from({ length: 8 }, (_, k) => `<img src="https://img${(n + k) % 20}.nohost.invalid/i${k}.png" alt="i">`).join("")}` +
        filler(n) +
        Array.from({ length: 6 }, (_, k) => `<a href="missing-${n}-${k}.html">gone</a>`).join(" ") +
        [1, 2, 3, 4].map((k) => `<a href="/p/${(n * 13 + k * 37) % pages}.html">Page</a>`).join(" ") +
        `</body></html>`,
    );
  });
}

/** A one-page site: the CLI audit's fixed cost. */
function onePageSite() {
  return listen((req, res) =>
    html(
      res,
      req.url === "/"
        ? `<!doctype html><html lang="en"><head><title>One page</title></head><body><h1>One</h1><p>Only page.</p></body></html>`
        : null,
    ),
  );
}

/** What /usr/bin/time says about one child process, and its idle share as sampled. */
interface ProcessFigures {
  wallS: number;
  peakRssKb: number;
  cpuS: number;
  code: number;
  /** Share of samples (every 10 ms) in which no thread of the process was running or waiting for a core; null when not sampled. */
  idle: number | null;
}

/**
 * Samples the process `pid` (and its children) every 10 ms: a sample is idle when none of its
 * threads is running or runnable (state R or D in /proc), so time spent waiting for a core on a
 * busy machine is not counted as idle (issue 14.2). Returns a stopper giving the idle share.
 */
function sampleIdle(pid: number): () => number | null {
  let samples = 0;
  let idle = 0;
  const busy = (p: number): boolean => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      return false;
    }
    for (const t of tasks) {
      try {
        const stat = readFileSync(`/proc/${p}/task/${t}/stat`, "utf8");
        const state = stat[stat.lastIndexOf(")") + 2];
        if (state === "R" || state === "D") return true;
        const children = readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim();
        for (const c of children ? children.split(" ") : []) if (busy(Number(c))) return true;
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return false;
  };
  const timer = setInterval(() => {
    if (!existsSync(`/proc/${pid}`)) return;
    samples++;
    if (!busy(pid)) idle++;
  }, 10);
  return () => (clearInterval(timer), samples >= 10 ? idle / samples : null);
}

/** Runs a command to its end under /usr/bin/time (stdout discarded) and returns its figures. */
async function measure(command: string[]): Promise<ProcessFigures> {
  const child = spawn("/usr/bin/time", ["-f", "RFTIME %e %M %U %S %x", ...command], { stdio: ["ignore", "ignore", "pipe"] });
  const stop = process.platform === "linux" && child.pid ? sampleIdle(child.pid) : () => null;
  let last = "";
  for await (const line of createInterface({ input: child.stderr })) if (line.startsWith("RFTIME ")) last = line;
  const idle = stop();
  const [wall, rss, user, sys, code] = last.split(" ").slice(1).map(Number);
  return { wallS: wall ?? 0, peakRssKb: rss ?? 0, cpuS: (user ?? 0) + (sys ?? 0), code: code ?? -1, idle };
}

/**
 * The `npm run audit` command of the checkout in `dir` as argv (node flags included), node resolved
 * to this one; leading `NAME=value` assignments (`${NAME:-default}` expanded) are passed through env(1).
 */
function auditCommand(dir: string): string[] {
  const script = (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.audit!;
  const words = script.split(/\s+/);
  const assignments: string[] = [];
  while (/^\w+=/.test(words[0] ?? "")) {
    assignments.push(words.shift()!.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => process.env[name] || fallback));
  }
  const [bin, ...args] = words;
  if (bin !== "node") throw new Error(`unexpected audit script: ${script}`);
  const node = [process.execPath, ...args.map((a) => (a.endsWith(".ts") ? path.join(dir, a) : a))];
  return assignments.length > 0 ? ["/usr/bin/env", ...assignments, ...node] : node;
}

/** The CLI audit and linkinator on each benchmark site, one after the other, with their ratios. */
async function sideBySide() {
  const served = await serveSite(path.resolve(repo, "../shared/testdata/sites", values.site));
  const idle = await idleSite(Number(values["idle-pages"]));
  const one = await onePageSite();
  const chosen = new Set(values.sites.split(","));
  const sites = [
    { key: "site", name: values.site, origin: served.origin, skipExternal: true },
    { key: "idle", name: `idle site (${values["idle-pages"]} pages)`, origin: idle.origin, skipExternal: false },
    { key: "one", name: "one-page site", origin: one.origin, skipExternal: true },
  ].filter((s) => chosen.has(s.key));
  const idleOf = (f: ProcessFigures) => (f.idle === null ? "n/a" : `${(100 * f.idle).toFixed(0)} %`);
  const fmt = (f: ProcessFigures) =>
    `${f.wallS.toFixed(2)} s wall, peak RSS ${Math.round(f.peakRssKb / 1024)} MB, CPU ${f.cpuS.toFixed(2)} s, idle ${idleOf(f)}`;
  const audit = auditCommand(repo);
  const store = values.store === "memory" ? [] : ["--store", values.store];
  const cliArgs = (origin: string) => [
    `${origin}/`,
    "--crawl",
    "--csv",
    "--allow-private",
    "--max-pages",
    "100000",
    "--concurrency",
    String(concurrency),
  ];
  console.log(`CLI audit: ${audit.slice(1).join(" ")} <url> --crawl ${store.join(" ")}`);
  try {
    for (const site of sites) {
      const before = values.compare ? await measure([...auditCommand(path.resolve(values.compare)), ...cliArgs(site.origin)]) : null;
      const ours = await measure([...audit, ...cliArgs(site.origin), ...store]);
      const peer = await measure([
        process.execPath,
        path.join(repo, "node_modules/linkinator/build/src/cli.js"),
        `${site.origin}/`,
        "--recurse",
        "--silent",
        ...(site.skipExternal ? ["--skip", `^(?!${site.origin.replace(/[.]/g, "\\.")})`] : []),
      ]);
      console.log(`\n${site.name} on ${site.origin} (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
      if (before)
        console.log(`  Rankforge before:    ${fmt(before)}${before.code === 0 ? "" : ` (exit ${before.code})`} (${values.compare})`);
      console.log(`  Rankforge CLI audit: ${fmt(ours)}${ours.code === 0 ? "" : ` (exit ${ours.code})`}`);
      console.log(`  linkinator:          ${fmt(peer)}`);
      console.log(
        `  Ratio (linkinator wall / ours): ${(peer.wallS / ours.wallS).toFixed(2)}× (floor 1×: ${peer.wallS >= ours.wallS ? "met" : "NOT met"}; goal 3×); ` +
          `RSS ours / linkinator: ${(ours.peakRssKb / Math.max(peer.peakRssKb, 1)).toFixed(2)}; audit idle ${idleOf(ours)} (target < 10 % on the idle site)`,
      );
    }
  } finally {
    await Promise.all([served.close(), idle.close(), one.close()]);
  }
}

/** The crawl worker of --generate mode: crawls until the frontier is empty, leaves the audit; prints its peak RSS as JSON. */
async function crawlChild(auditId: number) {
  prepareWorkerProcess();
  const { openDatabase } = await import("../server/db/client.server.ts");
  const { runCrawlWorker } = await import("../server/crawler/worker.server.ts");
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: values.dir ?? "memory://" });
  const stop = rssPeak();
  let recorded = 0;
  let lastPrint = performance.now();
  await runCrawlWorker(handle.db, auditId, {
    allowPrivate: true,
    finalize: false,
    onBatch: (n) => {
      recorded += n;
      if (performance.now() - lastPrint < 10_000) return;
      lastPrint = performance.now();
      console.log(`  … ${recorded} URLs, RSS ${mb(process.memoryUsage().rss)}`);
    },
  });
  const peak = stop();
  await handle.close();
  console.log(JSON.stringify({ peak }));
}

/** The audit step of --generate mode: the checkout `checkout`'s finalizeAudit on the crawl `auditId`; exit 1 when it did not run. */
async function auditChild(auditId: number, checkout: string) {
  const load = (file: string) => import(pathToFileURL(path.join(checkout, file)).href);
  // Set up as the checkout's `npm run worker` process sets itself up, where it has that step.
  const setup = "server/lib/worker-process.server.ts";
  if (existsSync(path.join(checkout, setup)))
    ((await load(setup)) as typeof import("../server/lib/worker-process.server.ts")).prepareWorkerProcess();
  const { openDatabase } = (await load("server/db/client.server.ts")) as typeof import("../server/db/client.server.ts");
  const { finalizeAudit } = (await load("server/crawler/finalize.server.ts")) as typeof import("../server/crawler/finalize.server.ts");
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: values.dir ?? "memory://" });
  const done = await finalizeAudit(handle.db, auditId);
  await handle.close();
  if (!done) process.exitCode = 1;
}

/** --generate N: the database store on a generated N-page site, crawl and site-wide audit measured apart. */
async function generated(pages: number) {
  const [{ sql }, { openDatabase }, { createAudit }, { crawlSettingsSchema }] = await Promise.all([
    import("drizzle-orm"),
    import("../server/db/client.server.ts"),
    import("../server/audit/create.server.ts"),
    import("../server/audit/settings.server.ts"),
  ]);
  const site = await generatedSite(pages);
  const dir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), "rf-bench-"));
  console.log(`Generated site: ${pages} pages on ${site.origin}; database: ${dir ? "PGlite on disk" : "PostgreSQL"}`);
  const open = () => openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dir ?? "memory://" });
  let handle = await open();
  await handle.migrate();
  const id = await createAudit(handle.db, {
    startUrl: `${site.origin}/`,
    settings: crawlSettingsSchema.parse({ maxPages: pages + 10, concurrency, checkResources: true }),
  });
  // PGlite on disk has one owner at a time: the child opens it while this process has it closed.
  if (dir) await handle.close();
  const started = performance.now();
  const flags = ["--max-semi-space-size=16", "--max-old-space-size=256"];
  const child = spawn(process.execPath, [...flags, import.meta.filename, "--crawl-child", String(id), ...(dir ? ["--dir", dir] : [])], {
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
  });
  let last = "";
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith("{")) last = line;
    else console.log(line);
  }
  const crawlSeconds = (performance.now() - started) / 1000;
  const peakCrawl = (JSON.parse(last || '{"peak":0}') as { peak: number }).peak;
  // PGlite on disk is opened only between children; a PostgreSQL handle stays open throughout.
  const query = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => {
    if (dir) handle = await open();
    try {
      return ((await handle.db.execute(q)) as unknown as { rows: T[] }).rows;
    } finally {
      if (dir) await handle.close();
    }
  };
  const checkouts = values.compare ? [path.resolve(values.compare), repo] : [repo];
  const runs: { checkout: string; figures: ProcessFigures; score: unknown; issues: number }[] = [];
  for (const checkout of checkouts) {
    // Reopens the crawl for the next checkout's audit step (it replaces issues and metrics).
    if (runs.length > 0) await query(sql`UPDATE audits SET status = 'running', finished_at = NULL, health_score = NULL WHERE id = ${id}`);
    const figures = await measure([
      process.execPath,
      import.meta.filename,
      "--audit-child",
      String(id),
      "--checkout",
      checkout,
      ...(dir ? ["--dir", dir] : []),
    ]);
    const [row] = await query<{ score: unknown; n: string }>(
      sql`SELECT health_score AS score, (SELECT count(*) FROM audit_issues WHERE audit_id = ${id}) AS n FROM audits WHERE id = ${id}`,
    );
    runs.push({ checkout, figures, score: row?.score, issues: Number(row?.n ?? 0) });
  }
  const [counted] = await query<{ n: string }>(
    sql`SELECT count(*) AS n FROM audit_urls WHERE audit_id = ${id} AND kind = 'page' AND status = 'done'`,
  );
  const crawled = Number(counted?.n ?? 0);
  if (!dir) await handle.close();
  await site.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  const met = (bytes: number) => (bytes > 0 && bytes < 300 * 1024 * 1024 ? "met" : "NOT met");
  console.log(
    `Crawl:   ${crawled} pages in ${crawlSeconds.toFixed(1)} s = ${(crawled / crawlSeconds).toFixed(0)} pages/s (one worker process)`,
  );
  console.log(`Peak RSS of the crawl worker: ${mb(peakCrawl)} (target < 300 MB: ${met(peakCrawl)})`);
  for (const r of runs) {
    const peak = r.figures.peakRssKb * 1024;
    console.log(
      `Audit of the whole site${values.compare ? ` (${r.checkout === repo ? "this checkout" : r.checkout})` : ""}: ${r.figures.wallS.toFixed(1)} s, ` +
        `peak RSS ${mb(peak)} (target < 300 MB: ${met(peak)}); health score ${String(r.score)}, ${r.issues} issue rows` +
        `${r.figures.code === 0 ? "" : ` (exit ${r.figures.code})`}`,
    );
  }
  if (runs.length === 2)
    console.log(`Audit peak RSS after / before: ${(runs[1]!.figures.peakRssKb / Math.max(runs[0]!.figures.peakRssKb, 1)).toFixed(2)}`);
}

if (values["crawl-child"]) await crawlChild(Number(values["crawl-child"]));
else if (values["audit-child"]) await auditChild(Number(values["audit-child"]), values.checkout ?? repo);
else if (values.generate) await generated(Number(values.generate));
else await sideBySide();
