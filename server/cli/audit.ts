/**
 * `npm run audit -- <url> [--json] [--allow-private] [--timeout <ms>]` — analyse one page from the shell.
 * `npm run audit -- --list-checks [--json]` — print the check catalogue.
 * `npm run audit -- <url> --crawl [--max-pages N] [--max-depth N] [--concurrency N] [--render]
 *   [--json|--csv] [--allow-private]` — crawl the whole site (kept in memory) and audit it.
 *
 * Exit codes: 0 success (whatever issues the page has), 1 the page could not be fetched,
 * 2 bad usage. With --json, stdout holds exactly one JSON document (the AnalyzerReport, or the
 * catalogue array); messages go to stderr. ALLOW_PRIVATE_NETWORKS=1 also opens loopback.
 */
import { enableCompileCache } from "node:module";
import { parseArgs } from "node:util";
import type { AnalyzerIssue, AnalyzerReport, Severity } from "../analyzer/types.ts";
import { installPackageFormatHook } from "../lib/package-format.server.ts";

// Issue 14.1 (fixed cost of a CLI audit): modules are loaded when a mode needs them, and their
// compiled code (TypeScript stripped, V8 bytecode) is cached between runs; package files' formats
// are known without re-reading package.json (--store database loads drizzle-orm).
enableCompileCache();
installPackageFormatHook();

const USAGE = `Usage: npm run audit -- <url> [--json] [--allow-private] [--timeout <ms>]
       npm run audit -- --list-checks [--json]
       npm run audit -- <url> --crawl [--max-pages N] [--max-depth N] [--concurrency N] [--render] [--json|--csv] [--allow-private]

  --json           print one JSON document instead of the readable summary
  --allow-private  allow loopback addresses (127.0.0.0/8, ::1, localhost); also ALLOW_PRIVATE_NETWORKS=1
  --timeout <ms>   whole-fetch deadline (default 15000)
  --list-checks    print every check of the site audit (page-level and site-wide)
  --crawl          crawl the whole site from <url> and audit it (summary, pages, issues)
  --max-pages N    pages crawled at most (default 500)
  --max-depth N    clicks from <url> followed at most (default unlimited)
  --concurrency N  parallel requests to the site (default 8)
  --render         also render pages in Chromium and compare raw and rendered HTML
  --csv            with --crawl: print the issues as CSV
  --store S        with --crawl: keep the crawl in "memory" (default) or in a "database" (in-memory PGlite)
  --threads N      with --crawl: worker threads that parse pages (default: one per core but two; 0: none)`;

/** Writes to stdout and resolves when the data is flushed (so a pipe gets the whole JSON). */
const out = (text: string) => new Promise<void>((resolve) => process.stdout.write(`${text}\n`, () => resolve()));

function usageError(message: string): void {
  process.stderr.write(`audit: ${message}\n\n${USAGE}\n`);
  process.exitCode = 2;
}

const HEADINGS: Record<Severity, string> = { error: "Errors", warning: "Warnings", notice: "Notices" };
const MARK: Record<Severity, string> = { error: "✖", warning: "▲", notice: "•" };

/** The readable summary printed without --json. */
export function formatSummary(r: AnalyzerReport): string {
  const p = r.page;
  const show = (v: string | null | undefined) => (v === null || v === undefined || v === "" ? "(none)" : v);
  const lines = [
    `URL:          ${r.url}`,
    ...(r.finalUrl !== r.url ? [`Final URL:    ${r.finalUrl} (${r.redirects.length} redirect(s))`] : []),
    `Status:       ${r.statusCode}`,
    `Time:         ${Math.round(r.timings.totalMs)} ms total, TTFB ${Math.round(r.timings.ttfbMs)} ms, ${p.htmlBytes} bytes`,
    `Title:        ${show(p.title)}${p.title ? ` (${[...p.title].length} chars)` : ""}`,
    `Description:  ${show(p.metaDescription)}`,
    `Canonical:    ${show(p.canonical)}`,
    `H1:           ${p.h1.length === 0 ? "(none)" : p.h1.map((h) => `"${h}"`).join(", ")}`,
    `Lang:         ${show(p.lang)}`,
    `Robots:       ${p.robots.length === 0 ? "(none)" : p.robots.join(", ")}`,
    `Hreflang:     ${p.hreflang.length} alternate(s)`,
    `Links:        ${p.links.internal} internal, ${p.links.external} external; images: ${p.images.total} (${p.images.withoutAlt.length} without alt)`,
    `Score:        ${r.summary.score}/100 (${r.summary.errors} errors, ${r.summary.warnings} warnings, ${r.summary.notices} notices; ${r.summary.checksRun} checks run)`,
  ];
  for (const severity of ["error", "warning", "notice"] as const) {
    const list = r.issues.filter((i: AnalyzerIssue) => i.severity === severity);
    if (list.length === 0) continue;
    lines.push("", `${HEADINGS[severity]} (${list.length})`);
    for (const i of list) {
      lines.push(`  ${MARK[severity]} [${i.check}] ${i.title}: ${i.message}`);
      if (i.evidence) lines.push(`      Found: ${i.evidence.length > 200 ? `${i.evidence.slice(0, 200)}…` : i.evidence}`);
      lines.push(`      Fix:   ${i.fix}`);
    }
  }
  if (r.issues.length === 0) lines.push("", "No issues found.");
  return lines.join("\n");
}

/** Runs the CLI with the given arguments; sets process.exitCode. */
export async function main(argv: string[]): Promise<void> {
  let args: ReturnType<typeof parse>;
  const parse = (a: string[]) =>
    parseArgs({
      args: a,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: "boolean", default: false },
        "allow-private": { type: "boolean", default: false },
        "list-checks": { type: "boolean", default: false },
        timeout: { type: "string" },
        crawl: { type: "boolean", default: false },
        "max-pages": { type: "string" },
        "max-depth": { type: "string" },
        concurrency: { type: "string" },
        render: { type: "boolean", default: false },
        csv: { type: "boolean", default: false },
        store: { type: "string", default: "memory" },
        threads: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  try {
    args = parse(argv);
  } catch (err) {
    return usageError((err as Error).message);
  }
  const { values, positionals } = args;
  if (values.help) {
    await out(USAGE);
    return;
  }
  if (values["list-checks"]) {
    const { auditCatalogue } = await import("../audit/run.ts");
    const { englishText } = await import("../analyzer/checks/texts.ts");
    const list = auditCatalogue().map((c) => ({ ...c, title: englishText(c.title) }));
    if (values.json)
      await out(
        JSON.stringify(
          list.map(({ id, category, severity, title }) => ({ id, category, severity, title })),
          null,
          2,
        ),
      );
    else
      await out(
        list.map((c) => `${c.id.padEnd(34)} ${c.severity.padEnd(8)} ${c.category.padEnd(16)} ${c.scope.padEnd(5)} ${c.title}`).join("\n"),
      );
    return;
  }
  if (positionals.length !== 1) return usageError(positionals.length === 0 ? "a URL is required" : "give exactly one URL");
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    return usageError("--timeout must be a positive integer (ms)");
  const env = process.env.ALLOW_PRIVATE_NETWORKS;
  const allowPrivate = values["allow-private"] || env === "1" || env === "true";
  const { checkDomainInput } = await import("../../common/url-check.ts");
  const checked = checkDomainInput(positionals[0]!, { allowLoopback: allowPrivate });
  if (!checked.ok) return usageError(`${checked.error}: ${positionals[0]}`);
  if (values.crawl) {
    if (values.json && values.csv) return usageError("--json and --csv exclude each other");
    if (values.store !== "memory" && values.store !== "database") return usageError("--store must be memory or database");
    const threads = values.threads === undefined ? undefined : Number(values.threads);
    if (threads !== undefined && !(Number.isInteger(threads) && threads >= 0 && threads <= 64))
      return usageError("--threads must be an integer from 0 to 64");
    const { crawlSettingsSchema } = await import("../audit/settings.server.ts");
    const settings = crawlSettingsSchema.safeParse({
      ...(values["max-pages"] !== undefined ? { maxPages: values["max-pages"] } : {}),
      ...(values["max-depth"] !== undefined ? { maxDepth: values["max-depth"] } : {}),
      ...(values.concurrency !== undefined ? { concurrency: values.concurrency } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
      render: values.render,
    });
    if (!settings.success) {
      const issue = settings.error.issues[0]!;
      return usageError(`--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${issue.message}`);
    }
    try {
      // Loaded only for --crawl (the database only for --store database).
      const { auditForCli } = await import("../crawler/cli.server.ts");
      const format = values.json ? "json" : values.csv ? "csv" : "text";
      await out(
        await auditForCli(checked.url, {
          settings: settings.data,
          allowPrivate,
          format,
          store: values.store,
          ...(threads !== undefined ? { threads } : {}),
          progress: (l) => process.stderr.write(`${l}\n`),
        }),
      );
    } catch (err) {
      process.stderr.write(`audit: could not crawl ${checked.url}: ${(err as Error).message}\n`);
      process.exitCode = 1;
    }
    return;
  }

  const [{ analyzePage }, { SsrfError, closeGuardedAgents }] = await Promise.all([
    import("../analyzer/analyze.server.ts"),
    import("../net/ssrf.server.ts"),
  ]);
  try {
    const report = await analyzePage(checked.url, { allowPrivate, ...(timeoutMs ? { timeoutMs } : {}) });
    await out(values.json ? JSON.stringify(report, null, 2) : formatSummary(report));
  } catch (err) {
    const detail = err instanceof SsrfError ? `${err.message} (${err.code})` : (err as Error).message;
    process.stderr.write(`audit: could not analyse ${checked.url}: ${detail}\n`);
    process.exitCode = 1;
  } finally {
    await closeGuardedAgents();
  }
}

if (import.meta.main) await main(process.argv.slice(2));
