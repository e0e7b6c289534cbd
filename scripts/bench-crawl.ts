/**
 * `npm run bench:crawl` (issue 14.1/14.2): for each benchmark site, one CLI audit
 * (`npm run audit -- <url> --crawl`, all checks, resources checked, external links not) and one
 * linkinator `--recurse` run, each as its own process measured by /usr/bin/time, side by side in
 * the same run: wall time, peak RSS, CPU time and the share of the audit's wall time spent idle,
 * then the ratios (floor: as fast as linkinator; goal 3×; RSS ≤ 150 MB for a few hundred pages;
 * idle < 10 % on the idle site). Sites: a real documentation site from ../shared/testdata/sites
 * (--site, default jena-apache-org), and the "idle" site: generated pages of 100–300 KB whose
 * resources sit on hosts that do not resolve and whose relative links answer 404. A one-page
 * site measures the audit's fixed cost (target ≤ 0.5 s).
 *
 * `npm run bench:crawl -- --generate 50000` crawls a generated site of that many pages (served
 * from memory, ~10 links each) and prints peak RSS during the crawl and during the audit
 * (target < 300 MB). The database is DATABASE_URL when set (PostgreSQL), else PGlite on disk in a
 * temporary folder.
 *
 * In --generate mode the crawl runs in a child process whose V8 young generation (16 MB) and old
 * space (256 MB) are capped (without caps V8 grows its heap lazily and RSS says more about GC
 * pacing than about what the crawler keeps); the audit of the whole site, which needs the whole
 * site's model in memory, then runs in this process.
 *
 * Options: --site <name> (default jena-apache-org), --concurrency N (default 16), --generate N,
 * --db memory (in-memory PGlite, as the CLI uses, instead of PGlite on disk), --external (both tools
 * also request external links; without internet that measures DNS failures, not crawling).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { LinkChecker } from "linkinator";
import { openDatabase } from "../server/db/client.server.ts";
import { audits } from "../server/db/schema.server.ts";
import { createAudit } from "../server/audit/create.server.ts";
import { finalizeAudit } from "../server/crawler/finalize.server.ts";
import { crawlSettingsSchema } from "../server/audit/settings.server.ts";
import { runCrawlWorker } from "../server/crawler/worker.server.ts";
import { serveSite } from "../tests/helpers/site-model.ts";

const { values } = parseArgs({
  options: {
    site: { type: "string", default: "jena-apache-org" },
    concurrency: { type: "string", default: "16" },
    generate: { type: "string" },
    db: { type: "string", default: "" },
    external: { type: "boolean", default: false },
    "crawl-child": { type: "string" },
    "in-process": { type: "boolean", default: false },
    "idle-pages": { type: "string", default: "150" },
    dir: { type: "string" },
  },
});
const concurrency = Number(values.concurrency);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Samples RSS every 50 ms; `mark` starts a new named phase. */
function rssSampler() {
  const peaks = new Map<string, number>();
  let phase = "crawl";
  const sample = () => peaks.set(phase, Math.max(peaks.get(phase) ?? 0, process.memoryUsage().rss));
  const timer = setInterval(sample, 50);
  return {
    mark: (p: string) => ((phase = p), sample()),
    stop: () => (clearInterval(timer), sample(), peaks),
  };
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
  const server = createServer((req, res) => {
    const m = /^\/p\/(\d+)\.html$/.exec(req.url ?? "");
    const n = m ? Number(m[1]) : -1;
    if (req.url !== "/" && (n < 0 || n >= pages)) {
      res.writeHead(404, { "content-type": "text/html" });
      return res.end("<!doctype html><title>Not found</title>");
    }
    const targets = n < 0 ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] : Array.from({ length: 10 }, (_, k) => (n * 31 + k * 4099 + 1) % pages);
    const text = textOf(n);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Generated page ${n}</title>` +
        `<meta name="description" content="Page ${n} of a generated site for the crawler benchmark.">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Page ${n}</h1><p>${text} ${n}</p>` +
        targets.map((t) => `<a href="/p/${t}.html">Page ${t}</a>`).join(" ") +
        `</body></html>`,
    );
  });
  return new Promise<{ origin: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
      });
    }),
  );
}

/** Crawls `origin` to the end; returns counts, seconds and RSS peaks. */
async function crawlSite(origin: string, settings: Record<string, unknown>) {
  const dir = process.env.DATABASE_URL || values.db === "memory" ? null : mkdtempSync(path.join(tmpdir(), "rf-bench-"));
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dir ?? "memory://" });
  try {
    await handle.migrate();
    const id = await createAudit(handle.db, { startUrl: `${origin}/`, settings: crawlSettingsSchema.parse(settings) });
    const rss = rssSampler();
    const started = performance.now();
    let crawlEnd = 0;
    const watch = setInterval(() => {
      void handle.db
        .select({ s: audits.status })
        .from(audits)
        .where(eq(audits.id, id))
        .then(([r]) => {
          if (r?.s === "finishing" && crawlEnd === 0) {
            crawlEnd = performance.now();
            rss.mark("audit");
          }
        });
    }, 200);
    let recorded = 0;
    let lastPrint = performance.now();
    const result = await runCrawlWorker(handle.db, id, {
      allowPrivate: true,
      onBatch: (n) => {
        recorded += n;
        if (performance.now() - lastPrint > 10_000) {
          lastPrint = performance.now();
          console.log(`  … ${recorded} URLs, RSS ${mb(process.memoryUsage().rss)}`);
        }
      },
    });
    const ended = performance.now();
    clearInterval(watch);
    const peaks = rss.stop();
    if (result.status !== "done") throw new Error(`crawl ended ${result.status}`);
    const counts = (await handle.db.execute(
      sql`SELECT count(*) FILTER (WHERE kind = 'page') AS pages, count(*) AS urls FROM audit_urls WHERE audit_id = ${id} AND status IN ('done', 'blocked')`,
    )) as unknown as { rows: { pages: string; urls: string }[] };
    const crawlSeconds = ((crawlEnd || ended) - started) / 1000;
    return {
      pages: Number(counts.rows[0]!.pages),
      urls: Number(counts.rows[0]!.urls),
      crawlSeconds,
      totalSeconds: (ended - started) / 1000,
      peakCrawl: peaks.get("crawl") ?? 0,
      peakAudit: peaks.get("audit") ?? 0,
    };
  } finally {
    await handle.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (values["crawl-child"]) {
  // The crawl worker of --generate mode: crawls until the frontier is empty, leaves the audit.
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: values.dir ?? "memory://" });
  const rss = rssSampler();
  let recorded = 0;
  let lastPrint = performance.now();
  await runCrawlWorker(handle.db, Number(values["crawl-child"]), {
    allowPrivate: true,
    finalize: false,
    onBatch: (n) => {
      recorded += n;
      if (performance.now() - lastPrint > 10_000) {
        lastPrint = performance.now();
        console.log(`  … ${recorded} URLs, RSS ${mb(process.memoryUsage().rss)}`);
      }
    },
  });
  const peak = rss.stop().get("crawl") ?? 0;
  await handle.close();
  console.log(JSON.stringify({ peak }));
} else if (values.generate) {
  const pages = Number(values.generate);
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
  const child = spawn(
    process.execPath,
    [
      "--max-semi-space-size=16",
      "--max-old-space-size=256",
      import.meta.filename,
      "--crawl-child",
      String(id),
      ...(dir ? ["--dir", dir] : []),
    ],
    { stdio: ["ignore", "pipe", "inherit"], env: process.env },
  );
  let last = "";
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith("{")) last = line;
    else console.log(line);
  }
  const crawlSeconds = (performance.now() - started) / 1000;
  const peakCrawl = (JSON.parse(last || '{"peak":0}') as { peak: number }).peak;
  if (dir) handle = await open();
  const rss = rssSampler();
  rss.mark("audit");
  const auditStart = performance.now();
  await finalizeAudit(handle.db, id);
  const auditSeconds = (performance.now() - auditStart) / 1000;
  const peakAudit = rss.stop().get("audit") ?? 0;
  const counted = (await handle.db.execute(
    sql`SELECT count(*) AS n FROM audit_urls WHERE audit_id = ${id} AND kind = 'page' AND status = 'done'`,
  )) as unknown as { rows: { n: string }[] };
  const crawled = Number(counted.rows[0]?.n ?? 0);
  await handle.close();
  await site.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log(
    `Crawl:   ${crawled} pages in ${crawlSeconds.toFixed(1)} s = ${(crawled / crawlSeconds).toFixed(0)} pages/s (one worker process)`,
  );
  console.log(
    `Peak RSS of the crawl worker: ${mb(peakCrawl)} (target < 300 MB: ${peakCrawl > 0 && peakCrawl < 300 * 1024 * 1024 ? "met" : "NOT met"})`,
  );
  console.log(
    `Audit of the whole site: ${auditSeconds.toFixed(1)} s, peak RSS ${mb(peakAudit)} (the site-wide checks hold the whole site's model)`,
  );
} else if (values["in-process"]) {
  const root = path.resolve(import.meta.dirname, "../../shared/testdata/sites", values.site);
  const site = await serveSite(root);
  const db = process.env.DATABASE_URL ? "PostgreSQL" : values.db === "memory" ? "PGlite in memory" : "PGlite on disk";
  console.log(
    `Site: ${values.site} on ${site.origin}; database: ${db}; external links ${values.external ? "checked" : "skipped"} by both tools`,
  );
  const ours = await crawlSite(site.origin, { maxPages: 100_000, concurrency, checkResources: true, checkExternal: values.external });
  const oursPps = ours.pages / ours.totalSeconds;
  console.log(
    `Rankforge:  ${ours.pages} pages (${ours.urls} URLs incl. resources and external links) in ${ours.totalSeconds.toFixed(2)} s ` +
      `(crawl ${ours.crawlSeconds.toFixed(2)} s + audit) = ${oursPps.toFixed(0)} pages/s; peak RSS ${mb(Math.max(ours.peakCrawl, ours.peakAudit))}`,
  );
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const checker = new LinkChecker();
  const result = await checker.check({
    path: `${site.origin}/`,
    recurse: true,
    concurrency: 100,
    ...(values.external ? {} : { linksToSkip: async (link: string) => !link.startsWith(site.origin) }),
  });
  const seconds = (performance.now() - started) / 1000;
  // linkinator reports a URL once per distinct href (fragments included): count distinct documents.
  const internal = new Set(result.links.filter((l) => l.url.startsWith(site.origin)).map((l) => l.url.split("#")[0]));
  const linkUps = internal.size / seconds;
  const oursUps = ours.urls / ours.totalSeconds;
  console.log(
    `linkinator: ${internal.size} distinct URLs (${result.links.length} links) in ${seconds.toFixed(2)} s = ${linkUps.toFixed(0)} URLs/s; RSS ${mb(Math.max(before, process.memoryUsage().rss))}`,
  );
  console.log(`Rankforge URLs/s (same measure): ${oursUps.toFixed(0)}`);
  await site.close();
  const ratio = oursUps / linkUps;
  console.log(
    `Ratio: ${ratio.toFixed(1)}× linkinator (target ≥ 3×: ${ratio >= 3 ? "met" : "NOT met"}); ≥ 200 pages/s: ${oursPps >= 200 ? "met" : "NOT met"}`,
  );
} else {
  await sideBySide();
}

/** What /usr/bin/time says about one child process. */
interface ProcessFigures {
  wallS: number;
  peakRssKb: number;
  cpuS: number;
  code: number;
}

/** Runs a command to its end under /usr/bin/time (stdout discarded) and returns its figures. */
async function measure(command: string[]): Promise<ProcessFigures> {
  const child = spawn("/usr/bin/time", ["-f", "RFTIME %e %M %U %S %x", ...command], { stdio: ["ignore", "ignore", "pipe"] });
  let last = "";
  for await (const line of createInterface({ input: child.stderr })) if (line.startsWith("RFTIME ")) last = line;
  const [wall, rss, user, sys, code] = last.split(" ").slice(1).map(Number);
  return { wallS: wall ?? 0, peakRssKb: rss ?? 0, cpuS: (user ?? 0) + (sys ?? 0), code: code ?? -1 };
}

/**
 * The idle site: `pages` pages of 100–300 KB; each references 8 images and a script on hosts that
 * do not resolve (*.invalid) and links to 6 relative URLs that answer 404 and to 4 other pages.
 */
function idleSite(pages: number) {
  const filler = (n: number) => {
    const size = 100_000 + ((n * 7919) % 200_000);
    const para = `<p>Section ${n}: measured text about crawling, links and resources for page ${n}. </p>`;
    return para.repeat(Math.ceil(size / para.length));
  };
  const server = createServer((req, res) => {
    const m = /^\/(?:p\/(\d+)\.html)?$/.exec(req.url ?? "");
    const n = m ? Number(m[1] ?? 0) : -1;
    if (!m || n >= pages) {
      res.writeHead(404, { "content-type": "text/html" });
      return res.end("<!doctype html><title>Not found</title>");
    }
    const links = [1, 2, 3, 4].map((k) => (n * 13 + k * 37) % pages);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Idle benchmark page ${n}</title>` +
        `<meta name="description" content="Page ${n} of the idle-time benchmark site."><script src="https://js${n % 5}.nohost.invalid/app.js"></script></head>` +
        `<body><h1>Page ${n}</h1>${Array.from({ length: 8 }, (_, k) => `<img src="https://img${(n + k) % 20}.nohost.invalid/i${k}.png" alt="i">`).join("")}` +
        filler(n) +
        Array.from({ length: 6 }, (_, k) => `<a href="missing-${n}-${k}.html">gone</a>`).join(" ") +
        links.map((t) => `<a href="/p/${t}.html">Page ${t}</a>`).join(" ") +
        `</body></html>`,
    );
  });
  return new Promise<{ origin: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
      });
    }),
  );
}

/** A one-page site: the CLI audit's fixed cost. */
function onePageSite() {
  const server = createServer((req, res) => {
    res.writeHead(req.url === "/" ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>One page</title></head><body><h1>One</h1><p>Only page.</p></body></html>`);
  });
  return new Promise<{ origin: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
      });
    }),
  );
}

/** The CLI audit and linkinator on each benchmark site, one after the other, with their ratios. */
async function sideBySide() {
  const node = process.execPath;
  const repo = path.resolve(import.meta.dirname, "..");
  const root = path.resolve(repo, "../shared/testdata/sites", values.site);
  const served = await serveSite(root);
  const idle = await idleSite(Number(values["idle-pages"]));
  const one = await onePageSite();
  const sites = [
    { name: values.site, origin: served.origin, skipExternal: true },
    { name: `idle site (${values["idle-pages"]} pages)`, origin: idle.origin, skipExternal: false },
    { name: "one-page site", origin: one.origin, skipExternal: true },
  ];
  const fmt = (f: ProcessFigures) =>
    `${f.wallS.toFixed(2)} s wall, peak RSS ${Math.round(f.peakRssKb / 1024)} MB, CPU ${f.cpuS.toFixed(2)} s, idle ${Math.max(0, 100 * (1 - f.cpuS / Math.max(f.wallS, 0.01))).toFixed(0)} %`;
  try {
    for (const site of sites) {
      const ours = await measure([
        node,
        path.join(repo, "server/cli/audit.ts"),
        `${site.origin}/`,
        "--crawl",
        "--csv",
        "--allow-private",
        "--max-pages",
        "100000",
        "--concurrency",
        String(concurrency),
      ]);
      const peer = await measure([
        node,
        path.join(repo, "node_modules/linkinator/build/src/cli.js"),
        `${site.origin}/`,
        "--recurse",
        "--silent",
        ...(site.skipExternal ? ["--skip", `^(?!${site.origin.replace(/[.]/g, "\\.")})`] : []),
      ]);
      const idleShare = Math.max(0, 1 - ours.cpuS / Math.max(ours.wallS, 0.01));
      console.log(`\n${site.name} on ${site.origin}`);
      console.log(`  Rankforge CLI audit: ${fmt(ours)}${ours.code === 0 ? "" : ` (exit ${ours.code})`}`);
      console.log(`  linkinator:          ${fmt(peer)}`);
      console.log(
        `  Ratio (linkinator wall / ours): ${(peer.wallS / ours.wallS).toFixed(2)}× (floor 1×: ${peer.wallS >= ours.wallS ? "met" : "NOT met"}; goal 3×); ` +
          `RSS ours / linkinator: ${(ours.peakRssKb / Math.max(peer.peakRssKb, 1)).toFixed(2)}; audit idle ${(100 * idleShare).toFixed(0)} % (target < 10 % on the idle site)`,
      );
    }
  } finally {
    await Promise.all([served.close(), idle.close(), one.close()]);
  }
}
