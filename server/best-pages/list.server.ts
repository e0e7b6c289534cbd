/**
 * Best pages (spec 2 /best-pages, issue 12.3): a project's pages ranked by what matters. One row
 * per page of the latest finished audit or of Search Console, joining
 * - Search Console clicks, impressions, CTR and position over the period and the one before it
 *   (server/search-console/performance.server.ts, the only reader of that data);
 * - link score and inlinks of the latest audit, its word count and issue count;
 * - the mobile performance score and LCP of the page's latest speed test.
 * Views: "all", "lost" (pages that lost the most clicks against the previous period) and
 * "low-ctr" (high impressions, low CTR: see {@link LOW_CTR}).
 */
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { auditIssues, auditPageMetrics, auditPages, searchConsoleRows, speedTests } from "../db/schema.server.ts";
import { pagePerformance, type PerformanceRow } from "../search-console/performance.server.ts";
import type { SpeedResult } from "../speed/model.ts";
import { latestAuditId } from "../speed/project-pages.server.ts";

/** "High impressions, low CTR": at least `minImpressions`, average position within `maxPosition` (pages 1–2), CTR under `maxCtr`. */
export const LOW_CTR = { minImpressions: 100, maxPosition: 20, maxCtr: 0.02 } as const;

/** One page of the list. Search Console figures are null when the project has none for the page. */
export interface BestPageRow {
  url: string;
  clicks: number | null;
  impressions: number | null;
  /** 0–1. */
  ctr: number | null;
  position: number | null;
  /** Clicks in the previous period of the same length. */
  previousClicks: number | null;
  /** clicks − previousClicks (negative: lost). */
  clicksChange: number | null;
  /** Internal link score 0–100 of the latest audit. */
  linkScore: number | null;
  inlinks: number | null;
  wordCount: number | null;
  issues: number | null;
  /** Mobile performance score (0–100) and LCP (ms) of the page's latest speed test. */
  speed: number | null;
  lcpMs: number | null;
}

/** Sortable columns. */
export const BEST_PAGE_SORTS = [
  "clicks",
  "impressions",
  "ctr",
  "position",
  "clicksChange",
  "linkScore",
  "inlinks",
  "speed",
  "wordCount",
  "issues",
  "url",
] as const;
export type BestPageSort = (typeof BEST_PAGE_SORTS)[number];

/** Input of {@link listBestPages}. */
export interface BestPagesOptions {
  db: Database;
  owner: Owner;
  projectId: number;
  view?: "all" | "lost" | "low-ctr";
  /** Period length in days, ending at the latest day with Search Console data (default 28). */
  days?: number;
  sort?: BestPageSort;
  order?: "asc" | "desc";
  /** Substring of the URL, case-insensitive. */
  q?: string;
}

/** The list and the period it covers (null dates without Search Console data). */
export interface BestPages {
  rows: BestPageRow[];
  period: { from: string; to: string } | null;
  previous: { from: string; to: string } | null;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const shift = (day: string, days: number) => ymd(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/** The period of `days` days ending at the project's latest Search Console day, and the one before it. */
export async function periods(db: Database, projectId: number, days: number) {
  const [row] = await db
    .select({ last: sql<string | null>`max(${searchConsoleRows.date})::text` })
    .from(searchConsoleRows)
    .where(eq(searchConsoleRows.projectId, projectId));
  if (!row?.last) return null;
  const to = row.last;
  const from = shift(to, -(days - 1));
  return { period: { from, to }, previous: { from: shift(from, -days), to: shift(from, -1) } };
}

/** Audit facts per URL of the latest audit: link score, inlinks, word count, issues. */
async function auditFacts(db: Database, projectId: number) {
  const auditId = await latestAuditId(db, projectId);
  const out = new Map<string, Pick<BestPageRow, "linkScore" | "inlinks" | "wordCount" | "issues">>();
  if (auditId === null) return out;
  const [pages, metrics, issues] = await Promise.all([
    db
      .select({ url: auditPages.url, wordCount: sql<number | null>`(${auditPages.facts}->>'wordCount')::int` })
      .from(auditPages)
      .where(
        and(
          eq(auditPages.auditId, auditId),
          gte(auditPages.statusCode, 200),
          lt(auditPages.statusCode, 300),
          sql`${auditPages.contentType} like 'text/html%'`,
        ),
      ),
    db.select().from(auditPageMetrics).where(eq(auditPageMetrics.auditId, auditId)),
    db
      .select({ url: auditIssues.url, n: sql<number>`count(*)::int` })
      .from(auditIssues)
      .where(eq(auditIssues.auditId, auditId))
      .groupBy(auditIssues.url),
  ]);
  const m = new Map(metrics.map((x) => [x.url, x]));
  const iss = new Map(issues.map((x) => [x.url, Number(x.n)]));
  for (const p of pages) {
    out.set(p.url, {
      linkScore: m.get(p.url)?.linkScore ?? null,
      inlinks: m.get(p.url)?.inlinks ?? null,
      wordCount: p.wordCount,
      issues: iss.get(p.url) ?? 0,
    });
  }
  return out;
}

/** Latest finished speed test per URL of the project: mobile score and LCP. */
async function speedFacts(db: Database, projectId: number) {
  const rows = await db
    .selectDistinctOn([speedTests.url], { url: speedTests.url, mobile: speedTests.mobile })
    .from(speedTests)
    .where(and(eq(speedTests.projectId, projectId), eq(speedTests.status, "done")))
    .orderBy(speedTests.url, desc(speedTests.id));
  return new Map(
    rows.map((r) => {
      const m = r.mobile as SpeedResult | null;
      return [r.url, { speed: m?.median.scores.performance ?? null, lcpMs: m?.median.metrics.find((x) => x.id === "lcp")?.value ?? null }];
    }),
  );
}

/** Compares two rows on `sort`; nulls always last, then URL for a stable order. */
function comparator(sort: BestPageSort, order: "asc" | "desc") {
  const dir = order === "asc" ? 1 : -1;
  return (a: BestPageRow, b: BestPageRow) => {
    if (sort !== "url") {
      const x = a[sort];
      const y = b[sort];
      if (x === null && y !== null) return 1;
      if (y === null && x !== null) return -1;
      if (x !== null && y !== null && x !== y) return (x - y) * dir;
    } else if (a.url !== b.url) return a.url < b.url ? -dir : dir;
    return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
  };
}

/**
 * The project's best pages (see the module comment). Default order: clicks, most first.
 * @throws AppError "not_found" (field "idp") when the project is not the owner's.
 */
export async function listBestPages(o: BestPagesOptions): Promise<BestPages> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read", field: "idp" });
  const days = o.days ?? 28;
  const span = await periods(o.db, o.projectId, days);
  const perf = async (p: { from: string; to: string } | undefined) =>
    p
      ? new Map((await pagePerformance({ db: o.db, owner: o.owner, projectId: o.projectId, ...p })).map((r) => [r.key, r]))
      : new Map<string, PerformanceRow>();
  const [cur, prev, audit, speed] = await Promise.all([
    perf(span?.period),
    perf(span?.previous),
    auditFacts(o.db, o.projectId),
    speedFacts(o.db, o.projectId),
  ]);
  const urls = new Set([...audit.keys(), ...cur.keys(), ...prev.keys()]);
  let rows: BestPageRow[] = [...urls].map((url) => {
    const c = cur.get(url);
    const p = prev.get(url);
    const a = audit.get(url);
    const s = speed.get(url);
    const has = span !== null;
    const clicks = has ? (c?.clicks ?? 0) : null;
    const previousClicks = has ? (p?.clicks ?? 0) : null;
    return {
      url,
      clicks,
      impressions: has ? (c?.impressions ?? 0) : null,
      ctr: has ? (c?.ctr ?? 0) : null,
      position: c && c.impressions > 0 ? c.position : null,
      previousClicks,
      clicksChange: clicks !== null && previousClicks !== null ? clicks - previousClicks : null,
      linkScore: a?.linkScore ?? null,
      inlinks: a?.inlinks ?? null,
      wordCount: a?.wordCount ?? null,
      issues: a?.issues ?? null,
      speed: s?.speed ?? null,
      lcpMs: s?.lcpMs ?? null,
    };
  });
  const q = o.q?.trim().toLowerCase();
  if (q) rows = rows.filter((r) => r.url.toLowerCase().includes(q));
  let sort = o.sort ?? "clicks";
  let order = o.order ?? (sort === "url" || sort === "position" ? "asc" : "desc");
  if (o.view === "lost") {
    rows = rows.filter((r) => (r.clicksChange ?? 0) < 0);
    if (!o.sort) [sort, order] = ["clicksChange", "asc"];
  } else if (o.view === "low-ctr") {
    rows = rows.filter(
      (r) =>
        (r.impressions ?? 0) >= LOW_CTR.minImpressions &&
        r.position !== null &&
        r.position <= LOW_CTR.maxPosition &&
        (r.ctr ?? 1) < LOW_CTR.maxCtr,
    );
    if (!o.sort) [sort, order] = ["impressions", "desc"];
  }
  rows.sort(comparator(sort, order));
  return { rows, period: span?.period ?? null, previous: span?.previous ?? null };
}
