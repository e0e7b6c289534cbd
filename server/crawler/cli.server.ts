/**
 * `npm run audit -- <url> --crawl …` (issue 3 CLI, issue 14.1): crawls a site with one worker,
 * runs the site audit and prints a readable summary, one JSON document (summary, pages, issues)
 * or the issues as CSV. The crawl is kept in memory (no database, nothing started that a one-shot
 * audit does not use); store "database" runs the same crawl on an in-memory PGlite instead, the
 * store the resumable, multi-worker audits use (both give the same report).
 */
import { englishCheckTexts } from "../audit/check-texts.server.ts";
import { performance } from "node:perf_hooks";
import type { AuditPageFacts, Severity } from "../audit/model.ts";
import type { CrawlSettings } from "../audit/settings.server.ts";
import { ISSUE_HEADER, csvField, issueCells } from "../audit/csv.ts";
import { runCrawl } from "./crawl.server.ts";
import { MemoryCrawlStore } from "./memory-store.server.ts";

/** The --json document of a crawl audit. */
export interface AuditReportJson {
  summary: {
    startUrl: string;
    status: string;
    pagesCrawled: number;
    issuesBySeverity: Record<Severity, number>;
    healthScore: number | null;
    durationMs: number;
  };
  pages: {
    url: string;
    statusCode: number | null;
    title: string | null;
    metaDescription: string | null;
    canonical: string | null;
    depth: number | null;
    inlinks: number;
    indexable: boolean;
  }[];
  issues: { check: string; severity: string; url: string; details: { message: string; evidence?: string } }[];
}

/** Options of {@link auditForCli}. */
export interface CliCrawlOptions {
  settings: CrawlSettings;
  allowPrivate: boolean;
  format: "text" | "json" | "csv";
  /** Progress lines (pages recorded) go here, e.g. stderr; none when absent. */
  progress?: (line: string) => void;
  /** Where the crawl is kept: "memory" (default) or "database" (in-memory PGlite). */
  store?: "memory" | "database";
  /** Worker threads that parse pages (see runCrawl). */
  threads?: number;
}

/** The readable summary: totals, then checks by number of affected URLs. */
export function formatCrawlSummary(r: AuditReportJson): string {
  const s = r.summary;
  const counts = new Map<string, { severity: string; n: number }>();
  for (const i of r.issues) counts.set(i.check, { severity: i.severity, n: (counts.get(i.check)?.n ?? 0) + 1 });
  const rank: Record<string, number> = { error: 0, warning: 1, notice: 2 };
  const lines = [
    `Site:          ${s.startUrl}`,
    `Pages:         ${s.pagesCrawled} in ${(s.durationMs / 1000).toFixed(1)} s`,
    `Health score:  ${s.healthScore ?? "(none)"}/100`,
    `Issues:        ${s.issuesBySeverity.error} errors, ${s.issuesBySeverity.warning} warnings, ${s.issuesBySeverity.notice} notices`,
    "",
    ...[...counts.entries()]
      .sort((a, b) => rank[a[1].severity]! - rank[b[1].severity]! || b[1].n - a[1].n)
      .map(([check, { severity, n }]) => `  ${severity.padEnd(8)} ${String(n).padStart(6)}  ${check}`),
  ];
  return lines.join("\n");
}

/**
 * Crawls `url` in memory and returns the report, or the issues CSV (no BOM).
 * @throws Error when the crawl fails (the message says why).
 */
async function auditInMemory(
  url: string,
  opts: CliCrawlOptions,
  started: number,
  onBatch: (n: number) => void,
): Promise<AuditReportJson | string> {
  const store = new MemoryCrawlStore(url, opts.settings);
  await runCrawl(store, { allowPrivate: opts.allowPrivate, onBatch, ...(opts.threads !== undefined ? { threads: opts.threads } : {}) });
  const done = store.result();
  if (!done || done.status !== "done") {
    const row = await store.load();
    throw new Error(`crawl ${row.status}${row.error ? `: ${row.error}` : ""}`);
  }
  const { audit } = done;
  const durationMs = performance.now() - started;
  const english = englishCheckTexts();
  const occurrences = audit.issues.flatMap((issue) => issue.occurrences.map((o) => ({ issue, o })));
  if (opts.format === "csv") {
    const lines = [ISSUE_HEADER.map(csvField).join(",")];
    for (const { issue, o } of occurrences)
      lines.push(
        issueCells(english, { ...issue, url: o.url, message: o.message, evidence: o.evidence, target: o.target })
          .map(csvField)
          .join(","),
      );
    return lines.map((l) => `${l}\r\n`).join("");
  }
  // The first metric of a URL counts, as in the database (ON CONFLICT DO NOTHING).
  const metrics = new Map<string, { inlinks: number; indexable: boolean }>();
  for (const m of audit.pages) if (!metrics.has(m.url)) metrics.set(m.url, m);
  const pages = store.crawledPages().map(({ url, depth, page }) => {
    const facts = page?.facts as AuditPageFacts | null | undefined;
    return {
      url,
      statusCode: page?.statusCode ?? null,
      title: facts?.title ?? null,
      metaDescription: facts?.metaDescription ?? null,
      canonical: facts?.canonical ?? null,
      depth,
      inlinks: metrics.get(url)?.inlinks ?? 0,
      indexable: metrics.get(url)?.indexable ?? false,
    };
  });
  return {
    summary: {
      startUrl: url,
      status: done.status,
      pagesCrawled: pages.length,
      issuesBySeverity: audit.summary.issuesBySeverity,
      healthScore: audit.healthScore,
      durationMs: Math.round(durationMs),
    },
    pages,
    issues: occurrences.map(({ issue, o }) => ({
      check: issue.check,
      severity: issue.severity,
      url: o.url,
      details: {
        message: english.message(o.message),
        ...(o.evidence ? { evidence: english.evidence(o.evidence) } : {}),
        ...(o.target ? { target: o.target } : {}),
      },
    })),
  };
}

/**
 * Crawls `url` and returns the text to print.
 * @throws Error when the crawl fails (the message says why).
 */
export async function auditForCli(url: string, opts: CliCrawlOptions): Promise<string> {
  const started = performance.now();
  let recorded = 0;
  let lastReport = 0;
  const onBatch = (n: number) => {
    recorded += n;
    if (opts.progress && recorded - lastReport >= 100) {
      lastReport = recorded;
      opts.progress(`crawled ${recorded} URLs…`);
    }
  };
  const report =
    opts.store === "database"
      ? await (await import("./cli-db.server.ts")).auditWithDatabase(url, opts, started, onBatch)
      : await auditInMemory(url, opts, started, onBatch);
  if (typeof report === "string") return report;
  return opts.format === "json" ? JSON.stringify(report, null, 2) : formatCrawlSummary(report);
}
