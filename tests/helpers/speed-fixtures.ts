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

/** A finished speed test of `url` (a site-speed sample when `template` is given) whose mobile median has this performance score and LCP (ms). */
export async function fixtureSpeedTest(
  db: Database,
  projectId: number,
  url: string,
  performance: number,
  lcpMs: number,
  finishedAt = new Date(),
  template: string | null = null,
) {
  const mobile: SpeedResult = {
    runs: [
      {
        error: null,
        scores: { performance, accessibility: 90, "best-practices": 90, seo: 90 },
        metrics: { lcp: lcpMs, cls: 0, tbt: 0, fcp: 900, si: 1000, tti: 1200 },
      },
    ],
    medianIndex: 0,
    median: {
      finalUrl: url,
      fetchTime: finishedAt.toISOString(),
      lighthouseVersion: "13.5.0",
      scores: { performance, accessibility: 90, "best-practices": 90, seo: 90 },
      metrics: [{ id: "lcp", value: lcpMs, score: null, rating: null, display: null }],
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
        cls: { min: 0, max: 0 },
        tbt: { min: 0, max: 0 },
        fcp: { min: 900, max: 900 },
        si: { min: 1000, max: 1000 },
        tti: { min: 1200, max: 1200 },
      },
    },
  };
  await db.insert(speedTests).values({
    projectId,
    userId: null,
    url,
    runs: 1,
    template,
    status: "done",
    mobile,
    startedAt: finishedAt,
    finishedAt,
    createdAt: finishedAt,
  });
}
