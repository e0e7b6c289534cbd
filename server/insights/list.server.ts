/**
 * Insights (spec 2 /insights, issue 12.4): one prioritised to-do list per project, built from
 * - the audit diff: error checks that fire on pages where the previous audit had no such error;
 * - speed regressions: a page's latest speed test lost ≥ {@link SPEED_DROP} performance points
 *   against the test before it;
 * - Search Console drops: pages that lost ≥ {@link DROP.minClicks} clicks and ≥ 20 % against the
 *   previous period;
 * - rank moves: queries whose average position fell by ≥ {@link RANK_DROP} places (Search Console);
 * - pages near page one: average position 11–20 with ≥ {@link NEAR.minImpressions} impressions.
 * Each item carries its evidence, its expected impact in clicks and a link to fix it. Order: things
 * that broke (audit, speed) first, then losses (Search Console, ranks), then opportunities; within a
 * tier the biggest impact first. "done" / "ignored" are kept per item key in insight_states, so
 * they survive new audits (the key names the check or page, not the audit).
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { loadCheckTexts } from "../audit/check-texts.server.ts";
import { listBestPages, periods } from "../best-pages/list.server.ts";
import type { Database } from "../db/client.server.ts";
import { auditIssues, audits, insightStates, speedTests } from "../db/schema.server.ts";
import { queryPerformance } from "../search-console/performance.server.ts";
import type { SpeedResult } from "../speed/model.ts";

/** Performance points a page must lose between two speed tests to count as a regression. */
export const SPEED_DROP = 10;
/** A Search Console drop: at least this many clicks and this share lost. */
export const DROP = { minClicks: 10, minShare: 0.2 } as const;
/** Places a query's average position must fall (with ≥ 20 impressions in both periods). */
export const RANK_DROP = 3;
/** Near page one: average position 11–20 and at least this many impressions. */
export const NEAR = { minImpressions: 50, ctrOnPageOne: 0.03 } as const;

/** What an insight is about. */
export type InsightKind = "audit-error" | "speed-regression" | "search-drop" | "rank-drop" | "near-page-one";

/** One to-do item. `impact` is the expected effect in clicks over the period (kept or won); 0 when unknown. */
export interface Insight {
  key: string;
  kind: InsightKind;
  /** 1: something broke; 2: a loss; 3: an opportunity. */
  tier: 1 | 2 | 3;
  /** The check id, page URL or query it is about. */
  subject: string;
  /** The subject as the reader reads it: an audit error's check title in the reader's language (issue 16.9), else the subject. */
  title: string;
  /** Facts behind it, e.g. { pages: [...], count } or { before, after }. */
  evidence: Record<string, unknown>;
  impact: number;
  /** Path (without language prefix) of the screen where it is fixed. */
  href: string;
  state: "open" | "done" | "ignored";
}

const TIER: Record<InsightKind, 1 | 2 | 3> = {
  "audit-error": 1,
  "speed-regression": 1,
  "search-drop": 2,
  "rank-drop": 2,
  "near-page-one": 3,
};

/** Error issues of the project's two latest finished audits, as check → URLs. */
async function auditDiff(db: Database, projectId: number) {
  const two = await db
    .select({ id: audits.id })
    .from(audits)
    .where(and(eq(audits.projectId, projectId), eq(audits.status, "done")))
    .orderBy(desc(audits.id))
    .limit(2);
  if (two.length === 0) return null;
  const rows = await db
    .select({ auditId: auditIssues.auditId, check: auditIssues.check, url: auditIssues.url })
    .from(auditIssues)
    .where(
      and(
        inArray(
          auditIssues.auditId,
          two.map((a) => a.id),
        ),
        eq(auditIssues.severity, "error"),
      ),
    );
  const latest = two[0]!.id;
  const before = new Set(rows.filter((r) => r.auditId !== latest).map((r) => `${r.check} ${r.url}`));
  // A check can fire several times on one page (one issue per broken link): each page counts once.
  const fresh = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.auditId !== latest || before.has(`${r.check} ${r.url}`)) continue;
    fresh.set(r.check, (fresh.get(r.check) ?? new Set()).add(r.url));
  }
  return { auditId: latest, fresh: new Map([...fresh].map(([check, urls]) => [check, [...urls]])) };
}

/** Pages whose latest speed test lost ≥ SPEED_DROP points against the one before. */
async function speedRegressions(db: Database, projectId: number) {
  const rows = await db
    .select({ id: speedTests.id, url: speedTests.url, mobile: speedTests.mobile })
    .from(speedTests)
    .where(and(eq(speedTests.projectId, projectId), eq(speedTests.status, "done")))
    .orderBy(desc(speedTests.id));
  const seen = new Map<string, number[]>();
  for (const r of rows) {
    const list = seen.get(r.url) ?? [];
    if (list.length < 2) list.push((r.mobile as SpeedResult | null)?.median.scores.performance ?? -1);
    seen.set(r.url, list);
  }
  return [...seen]
    .filter(
      ([, [after, before]]) => after !== undefined && before !== undefined && after >= 0 && before >= 0 && before - after >= SPEED_DROP,
    )
    .map(([url, [after, before]]) => ({ url, before: before!, after: after! }));
}

/** Input of {@link listInsights}. */
export interface InsightsOptions {
  db: Database;
  owner: Owner;
  projectId: number;
  /** Language of the check titles (a spec language code); English by default. */
  lang?: string | undefined;
}

/**
 * The project's insights, open ones first in priority order, then done and ignored ones (same order).
 * @throws AppError "not_found" (field "idp") when the project is not the owner's.
 */
export async function listInsights(o: InsightsOptions): Promise<Insight[]> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read", field: "idp" });
  const { db, projectId } = o;
  const idp = `idp=${projectId}`;
  const [diff, regressions, pages, span, states, checkTexts] = await Promise.all([
    auditDiff(db, projectId),
    speedRegressions(db, projectId),
    listBestPages({ db, owner: o.owner, projectId }),
    periods(db, projectId, 28),
    db.select().from(insightStates).where(eq(insightStates.projectId, projectId)),
    loadCheckTexts(db, o.lang ?? DEFAULT_LANG),
  ]);
  const clicksOf = new Map(pages.rows.map((r) => [r.url, r.clicks ?? 0]));
  const items: Omit<Insight, "tier" | "state" | "title">[] = [];

  for (const [check, urls] of diff?.fresh ?? []) {
    items.push({
      key: `audit-error:${check}`,
      kind: "audit-error",
      subject: check,
      evidence: { auditId: diff!.auditId, count: urls.length, pages: urls.slice(0, 5) },
      impact: urls.reduce((n, u) => n + (clicksOf.get(u) ?? 0), 0),
      href: `/website-checker?audit=${diff!.auditId}&check=${encodeURIComponent(check)}`,
    });
  }
  for (const r of regressions) {
    items.push({
      key: `speed-regression:${r.url}`,
      kind: "speed-regression",
      subject: r.url,
      evidence: { before: r.before, after: r.after },
      impact: clicksOf.get(r.url) ?? 0,
      href: `/page-speed?${idp}`,
    });
  }
  for (const r of pages.rows) {
    const prev = r.previousClicks ?? 0;
    const lost = -(r.clicksChange ?? 0);
    if (lost >= DROP.minClicks && lost >= prev * DROP.minShare) {
      items.push({
        key: `search-drop:${r.url}`,
        kind: "search-drop",
        subject: r.url,
        evidence: { before: prev, after: r.clicks ?? 0 },
        impact: lost,
        href: `/best-pages?${idp}&view=lost`,
      });
    }
    if (r.position !== null && r.position > 10 && r.position <= 20 && (r.impressions ?? 0) >= NEAR.minImpressions) {
      items.push({
        key: `near-page-one:${r.url}`,
        kind: "near-page-one",
        subject: r.url,
        evidence: { position: Math.round(r.position * 10) / 10, impressions: r.impressions },
        impact: Math.max(0, Math.round((r.impressions ?? 0) * NEAR.ctrOnPageOne) - (r.clicks ?? 0)),
        href: `/analyzer?url=${encodeURIComponent(r.url)}`,
      });
    }
  }
  if (span) {
    const q = (p: { from: string; to: string }) => queryPerformance({ db, owner: o.owner, projectId, ...p });
    const [cur, prev] = await Promise.all([q(span.period), q(span.previous)]);
    const before = new Map(prev.map((r) => [r.key, r]));
    for (const r of cur) {
      const b = before.get(r.key);
      if (!b || b.impressions < 20 || r.impressions < 20 || r.position - b.position < RANK_DROP) continue;
      items.push({
        key: `rank-drop:${r.key}`,
        kind: "rank-drop",
        subject: r.key,
        evidence: { before: Math.round(b.position * 10) / 10, after: Math.round(r.position * 10) / 10 },
        impact: Math.max(0, b.clicks - r.clicks),
        href: `/project?${idp}&tab=rankings`,
      });
    }
  }
  const stateOf = new Map(states.map((s) => [s.key, s.state]));
  const rank = { open: 0, done: 1, ignored: 2 } as const;
  return items
    .map((i) => ({
      ...i,
      title: i.kind === "audit-error" ? checkTexts.title(i.subject) : i.subject,
      tier: TIER[i.kind],
      state: stateOf.get(i.key) ?? ("open" as const),
    }))
    .sort(
      (a, b) => rank[a.state] - rank[b.state] || a.tier - b.tier || b.impact - a.impact || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
}

/**
 * Marks an insight done or ignored, or reopens it ("open" forgets the state).
 * @throws AppError "not_found" (field "idp") when the project is not the owner's.
 */
export async function setInsightState(o: InsightsOptions & { key: string; state: Insight["state"] }): Promise<void> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "change", field: "idp" });
  if (o.state === "open") {
    await o.db.delete(insightStates).where(and(eq(insightStates.projectId, o.projectId), eq(insightStates.key, o.key)));
    return;
  }
  await o.db
    .insert(insightStates)
    .values({ projectId: o.projectId, key: o.key, state: o.state })
    .onConflictDoUpdate({ target: [insightStates.projectId, insightStates.key], set: { state: o.state, updatedAt: new Date() } });
}
