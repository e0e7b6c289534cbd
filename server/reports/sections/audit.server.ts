/**
 * Report sections drawn from the project's site audits (issue 3 data): health, issues, site
 * structure and the changes since the audit before.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { TREND_LENGTH, getProjectAudit, toRef } from "../../audit/history.server.ts";
import { audits } from "../../db/schema.server.ts";
import { auditCharts } from "../audit-charts.server.ts";
import type { ReportSection, SectionContext, SectionSource } from "../model.ts";
import { loadCheckTexts } from "../../audit/check-texts.server.ts";

/** Text ids of the audit sections (reports.json, groups "report" and "charts"). */
const T = {
  noAudit: 53230,
  health: 53200,
  healthScore: 53202,
  issues: 53208,
  severity: 53210,
  category: 53212,
  pagesCrawled: 53232,
  indexable: 53233,
  finished: 53234,
  issuesFound: 53235,
  issue: 53236,
  urls: 53238,
  structure: 53239,
  changes: 53240,
  needTwo: 53241,
  scoreChange: 53242,
  newUrls: 53243,
  fixedUrls: 53244,
  unchangedUrls: 53245,
  perCheck: 53246,
  newCol: 53247,
  fixedCol: 53248,
  unchangedCol: 53249,
} as const;

/** The last finished audit with its charts, loaded once per report (the sections of one report share it). */
const loaded = new WeakMap<SectionContext, ReturnType<typeof loadLatest>>();
const latest = (ctx: SectionContext) => {
  let p = loaded.get(ctx);
  if (!p) loaded.set(ctx, (p = loadLatest(ctx)));
  return p;
};

async function loadLatest(ctx: SectionContext) {
  const rows = await ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.projectId, ctx.projectId), eq(audits.status, "done"), isNotNull(audits.healthScore)))
    .orderBy(desc(audits.id))
    .limit(TREND_LENGTH);
  const done = rows.map(toRef);
  const audit = done[0];
  if (!audit) return null;
  const trend = done.reverse().map((a) => ({ finishedAt: a.finishedAt ?? a.createdAt, healthScore: a.healthScore ?? 0 }));
  const { charts, issues } = await auditCharts({
    db: ctx.db,
    auditId: audit.id,
    healthScore: audit.healthScore ?? 0,
    trend,
    lang: ctx.lang,
  });
  return { charts, issues, audit };
}

const empty = (ctx: SectionContext, id: string, title: number): ReportSection => ({
  id,
  title: ctx.t(title),
  connected: true,
  blocks: [{ kind: "note", text: ctx.t(T.noAudit) }],
});

/** The audit section sources. */
export const auditSections: SectionSource[] = [
  {
    id: "audit-health",
    title: T.health,
    async load(ctx) {
      const data = await latest(ctx);
      if (!data) return empty(ctx, "audit-health", T.health);
      const s = data.audit.summary;
      return {
        id: "audit-health",
        title: ctx.t(T.health),
        connected: true,
        blocks: [
          {
            kind: "metrics",
            items: [
              { label: ctx.t(T.healthScore), value: `${data.audit.healthScore ?? 0} / 100` },
              { label: ctx.t(T.pagesCrawled), value: String(s?.pagesCrawled ?? 0) },
              { label: ctx.t(T.indexable), value: String(s?.indexablePages ?? 0) },
              { label: ctx.t(T.finished), value: (data.audit.finishedAt ?? data.audit.createdAt).slice(0, 10) },
            ],
          },
          { kind: "chart", chart: data.charts.health },
          ...(data.charts.trend ? [{ kind: "chart" as const, chart: data.charts.trend }] : []),
          { kind: "chart", chart: data.charts.severity },
        ],
      };
    },
  },
  {
    id: "audit-issues",
    title: T.issues,
    async load(ctx) {
      const data = await latest(ctx);
      if (!data) return empty(ctx, "audit-issues", T.issues);
      return {
        id: "audit-issues",
        title: ctx.t(T.issues),
        connected: true,
        blocks: [
          { kind: "chart", chart: data.charts.categories },
          {
            kind: "table",
            title: ctx.t(T.issuesFound),
            head: [ctx.t(T.issue), ctx.t(T.category), ctx.t(T.severity), ctx.t(T.urls)],
            rows: data.issues.map((i) => [i.title, i.category, i.severity, i.urls]),
          },
        ],
      };
    },
  },
  {
    id: "audit-structure",
    title: T.structure,
    async load(ctx) {
      const data = await latest(ctx);
      if (!data) return empty(ctx, "audit-structure", T.structure);
      return {
        id: "audit-structure",
        title: ctx.t(T.structure),
        connected: true,
        blocks: [
          { kind: "chart", chart: data.charts.status },
          { kind: "chart", chart: data.charts.depth },
        ],
      };
    },
  },
  {
    id: "audit-changes",
    title: T.changes,
    async load(ctx) {
      const history = await getProjectAudit(ctx.db, ctx.projectId, await loadCheckTexts(ctx.db, ctx.lang));
      const c = history.comparison;
      if (!c)
        return {
          id: "audit-changes",
          title: ctx.t(T.changes),
          connected: true,
          blocks: [{ kind: "note", text: ctx.t(T.needTwo) }],
        };
      return {
        id: "audit-changes",
        title: ctx.t(T.changes),
        connected: true,
        blocks: [
          {
            kind: "metrics",
            items: [
              { label: ctx.t(T.scoreChange), value: `${c.scoreDelta > 0 ? "+" : ""}${c.scoreDelta}` },
              { label: ctx.t(T.newUrls), value: String(c.totals.new) },
              { label: ctx.t(T.fixedUrls), value: String(c.totals.fixed) },
              { label: ctx.t(T.unchangedUrls), value: String(c.totals.persisting) },
            ],
          },
          {
            kind: "table",
            title: ctx.t(T.perCheck),
            head: [ctx.t(T.issue), ctx.t(T.severity), ctx.t(T.newCol), ctx.t(T.fixedCol), ctx.t(T.unchangedCol)],
            rows: c.checks.map((d) => [d.title, d.severity, d.newUrls.length, d.fixedUrls.length, d.persisting]),
          },
        ],
      };
    },
  },
];
