/**
 * Stores report input data directly (issue 11 tests and bench): a project held by a guest visitor,
 * finished audits with pages, depths, status codes and issues from the real check catalogue,
 * Search Console rows, rank checks and speed tests.
 */
import { auditCatalogue } from "../../server/audit/run.ts";
import type { Database } from "../../server/db/client.server.ts";
import {
  auditIssues,
  auditPages,
  auditUrls,
  audits,
  projects,
  rankChecks,
  rankCompetitors,
  rankEngines,
  rankKeywords,
  searchConsoleProperties,
  searchConsoleRows,
} from "../../server/db/schema.server.ts";
import { createVisitorCookie } from "../../server/http/visitor.server.ts";
import type { Services } from "../../server/services.server.ts";

/** A guest visitor with a project: its cookie header, visitor id and project id. */
export async function guestWithProject(services: Services, domain = "example.com") {
  const v = await createVisitorCookie(services);
  const [p] = await services.db
    .insert(projects)
    .values({ visitorId: v.id, domain, url: `https://${domain}/` })
    .returning({ id: projects.id });
  return { cookie: v.setCookie.split(";")[0]!, owner: { visitorId: v.id, userId: null }, projectId: p!.id };
}

/**
 * A finished audit of `pages` pages: depth = i % 5, every 20th page 404, every 50th 301; the
 * first `issueChecks` checks of the catalogue fire on every `spread`-th page.
 */
export async function seedAudit(
  db: Database,
  o: { projectId: number; pages: number; healthScore: number; finishedAt: Date; issueChecks?: number; spread?: number },
): Promise<number> {
  const [a] = await db
    .insert(audits)
    .values({
      projectId: o.projectId,
      startUrl: "https://example.com/",
      settings: {},
      status: "done",
      phase: "links",
      healthScore: o.healthScore,
      summary: {
        pagesCrawled: o.pages,
        indexablePages: Math.round(o.pages * 0.9),
        issuesBySeverity: { error: 0, warning: 0, notice: 0 },
        checksFailedBySeverity: { error: 0, warning: 0, notice: 0 },
        checksRun: 100,
        healthScore: o.healthScore,
      },
      createdAt: o.finishedAt,
      finishedAt: o.finishedAt,
    })
    .returning({ id: audits.id });
  const auditId = a!.id;
  const urls = Array.from({ length: o.pages }, (_, i) => `https://example.com/p${i}`);
  for (let i = 0; i < urls.length; i += 500) {
    const batch = urls.slice(i, i + 500);
    const rows = await db
      .insert(auditUrls)
      .values(batch.map((url, j) => ({ auditId, url, kind: "page" as const, status: "done" as const, depth: (i + j) % 5, source: "link" })))
      .returning({ id: auditUrls.id, url: auditUrls.url });
    await db.insert(auditPages).values(
      rows.map((r, j) => {
        const n = i + j;
        return { urlId: r.id, auditId, url: r.url, statusCode: n % 20 === 19 ? 404 : n % 50 === 49 ? 301 : 200, headers: {}, findings: [] };
      }),
    );
  }
  const checks = auditCatalogue().slice(0, o.issueChecks ?? 8);
  const spread = o.spread ?? 10;
  const issues = checks.flatMap((c, k) =>
    urls
      .filter((_, i) => (i + k) % spread === 0)
      .map((url) => ({ auditId, check: c.id, category: c.category, severity: c.severity, url, details: { message: "" } })),
  );
  for (let i = 0; i < issues.length; i += 1000) await db.insert(auditIssues).values(issues.slice(i, i + 1000));
  return auditId;
}

/** Connects Search Console (as an import) with `days` days of rows ending `to` for two pages. */
export async function seedSearchConsole(db: Database, projectId: number, to: Date, days: number): Promise<void> {
  await db.insert(searchConsoleProperties).values({ projectId, siteUrl: "sc-domain:example.com", source: "import" });
  const rows = [];
  for (let d = 0; d < days; d++) {
    const date = new Date(to.getTime() - d * 86_400_000).toISOString().slice(0, 10);
    rows.push({ projectId, date, query: "seo audit", page: "https://example.com/", clicks: 10 + d, impressions: 100 + d, position: 3 });
    rows.push({ projectId, date, query: "seo blog", page: "https://example.com/blog", clicks: 2, impressions: 50, position: 8 });
  }
  await db.insert(searchConsoleRows).values(rows);
}

/** One keyword's positions in the seeded engine: a position (or null: not ranked) per day, oldest first; competitor positions alike. */
export interface SeedKeyword {
  keyword: string;
  positions: (number | null)[];
  competitor?: (number | null)[];
}

/**
 * Tracks the keywords in Google US desktop with one competitor ("rival.example") and stores one
 * successful check per keyword and day, the last day being `to` (yyyy-mm-dd).
 */
export async function seedRank(db: Database, projectId: number, to: string, keywords: SeedKeyword[]): Promise<{ engineId: number }> {
  const [engine] = await db
    .insert(rankEngines)
    .values({ projectId, engine: "google", country: "US", language: "en", device: "desktop" })
    .returning({ id: rankEngines.id });
  await db.insert(rankCompetitors).values({ projectId, domain: "rival.example" });
  for (const k of keywords) {
    const [row] = await db.insert(rankKeywords).values({ projectId, keyword: k.keyword }).returning({ id: rankKeywords.id });
    const n = k.positions.length;
    await db.insert(rankChecks).values(
      k.positions.map((position, i) => ({
        projectId,
        keywordId: row!.id,
        engineId: engine!.id,
        day: new Date(Date.parse(`${to}T00:00:00Z`) - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
        status: "ok" as const,
        position,
        url: position === null ? null : `https://example.com/${k.keyword.replaceAll(" ", "-")}`,
        competitors: { "rival.example": k.competitor?.[i] ?? null },
        provider: "test",
      })),
    );
  }
  return { engineId: engine!.id };
}
