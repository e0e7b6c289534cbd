import {
  audits,
  auditIssues,
  auditPageMetrics,
  auditPages,
  auditUrls,
  projects,
  searchConsoleRows,
  speedTests,
} from "../../server/db/schema.server.ts";
import type { Database } from "../../server/db/client.server.ts";
import type { SpeedResult } from "../../server/speed/model.ts";

/** A project of user `userId` on https://shop.example/. */
export async function fixtureProject(db: Database, userId: number): Promise<number> {
  const [p] = await db.insert(projects).values({ userId, domain: "shop.example", url: "https://shop.example/" }).returning();
  return p!.id;
}

/** One page of a fixture audit. */
export interface FixturePage {
  url: string;
  wordCount: number;
  inlinks: number;
  linkScore: number;
  /** Issues on the page: [check, severity]. */
  issues?: [string, "error" | "warning" | "notice"][];
}

/** A finished audit of the project with these pages, link metrics and issues. */
export async function fixtureAudit(db: Database, projectId: number, pages: FixturePage[], finishedAt = new Date()): Promise<number> {
  const [a] = await db
    .insert(audits)
    .values({ projectId, startUrl: "https://shop.example/", settings: {}, status: "done", finishedAt })
    .returning();
  const auditId = a!.id;
  for (const p of pages) {
    const [u] = await db
      .insert(auditUrls)
      .values({ auditId, url: p.url, kind: "page", status: "done", depth: 1, source: "link" })
      .returning();
    await db.insert(auditPages).values({
      urlId: u!.id,
      auditId,
      url: p.url,
      statusCode: 200,
      contentType: "text/html; charset=utf-8",
      headers: {},
      facts: { title: p.url, wordCount: p.wordCount },
      findings: [],
    });
    await db
      .insert(auditPageMetrics)
      .values({ auditId, url: p.url, inlinks: p.inlinks, outlinks: 3, linkScore: p.linkScore, indexable: true });
    for (const [check, severity] of p.issues ?? []) {
      await db
        .insert(auditIssues)
        .values({ auditId, check, category: "content", severity, url: p.url, details: { message: `${check} on ${p.url}` } });
    }
  }
  return auditId;
}

/** Search Console rows: [date, query, page, clicks, impressions, position]. */
export async function fixtureSearchConsole(db: Database, projectId: number, rows: [string, string, string, number, number, number][]) {
  await db.insert(searchConsoleRows).values(
    rows.map(([date, query, page, clicks, impressions, position]) => ({
      projectId,
      date,
      query,
      page,
      device: "MOBILE",
      country: "usa",
      clicks,
      impressions,
      position,
    })),
  );
}

/** A mobile SpeedResult whose median has this performance score, LCP and TBT (ms) and CLS; other scores 90. */
export function fixtureSpeedResult(url: string, performance: number, lcpMs: number, at = new Date(), tbtMs = 0, cls = 0): SpeedResult {
  return {
    runs: [
      {
        error: null,
        scores: { performance, accessibility: 90, "best-practices": 90, seo: 90 },
        metrics: { lcp: lcpMs, cls, tbt: tbtMs, fcp: 900, si: 1000, tti: 1200 },
      },
    ],
    medianIndex: 0,
    median: {
      finalUrl: url,
      fetchTime: at.toISOString(),
      lighthouseVersion: "13.5.0",
      scores: { performance, accessibility: 90, "best-practices": 90, seo: 90 },
      metrics: [
        { id: "lcp", value: lcpMs, score: null, rating: null, display: null },
        { id: "tbt", value: tbtMs, score: null, rating: null, display: null },
        { id: "cls", value: cls, score: null, rating: null, display: null },
      ],
      lcpElement: null,
      renderBlocking: [],
      largestRequests: [],
      opportunities: [],
      diagnostics: [],
      filmstrip: [],
      finalScreenshot: null,
      warnings: [],
    },
    spread: {
      performance: { min: performance, max: performance },
      metrics: {
        lcp: { min: lcpMs, max: lcpMs },
        cls: { min: cls, max: cls },
        tbt: { min: tbtMs, max: tbtMs },
        fcp: { min: 900, max: 900 },
        si: { min: 1000, max: 1000 },
        tti: { min: 1200, max: 1200 },
      },
    },
  };
}

/**
 * A finished speed test of `url` (a site-speed sample when `template` is given) whose mobile median
 * has this performance score and LCP (ms); a desktop result too when `desktop` is given.
 */
export async function fixtureSpeedTest(
  db: Database,
  projectId: number,
  url: string,
  performance: number,
  lcpMs: number,
  finishedAt = new Date(),
  template: string | null = null,
  desktop: { performance: number; lcpMs: number } | null = null,
) {
  await db.insert(speedTests).values({
    projectId,
    userId: null,
    url,
    runs: 1,
    template,
    status: "done",
    mobile: fixtureSpeedResult(url, performance, lcpMs, finishedAt),
    desktop: desktop ? fixtureSpeedResult(url, desktop.performance, desktop.lcpMs, finishedAt) : null,
    startedAt: finishedAt,
    finishedAt,
    createdAt: finishedAt,
  });
}
