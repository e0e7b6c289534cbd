/**
 * Report sections drawn from the project's site audits (issue 3 data): health, issues, site
 * structure and the changes since the audit before.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { TREND_LENGTH, getProjectAudit, toRef } from "../../audit/history.server.ts";
import { audits } from "../../db/schema.server.ts";
import { auditCharts } from "../audit-charts.server.ts";
import type { ReportSection, SectionContext, SectionSource } from "../model.ts";

const NO_AUDIT = "No finished site audit of this project yet: run one in the website checker.";

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
  const { charts, issues } = await auditCharts({ db: ctx.db, auditId: audit.id, healthScore: audit.healthScore ?? 0, trend });
  return { charts, issues, audit };
}

const empty = (id: string, title: string): ReportSection => ({ id, title, connected: true, blocks: [{ kind: "note", text: NO_AUDIT }] });

/** The audit section sources. */
export const auditSections: SectionSource[] = [
  {
    id: "audit-health",
    title: "Site health",
    async load(ctx) {
      const data = await latest(ctx);
      if (!data) return empty("audit-health", "Site health");
      const s = data.audit.summary;
      return {
        id: "audit-health",
        title: "Site health",
        connected: true,
        blocks: [
          {
            kind: "metrics",
            items: [
              { label: "Health score", value: `${data.audit.healthScore ?? 0} / 100` },
              { label: "Pages crawled", value: String(s?.pagesCrawled ?? 0) },
              { label: "Indexable pages", value: String(s?.indexablePages ?? 0) },
              { label: "Audit finished", value: (data.audit.finishedAt ?? data.audit.createdAt).slice(0, 10) },
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
    title: "Issues",
    async load(ctx) {
      const data = await latest(ctx);
      if (!data) return empty("audit-issues", "Issues");
      return {
        id: "audit-issues",
        title: "Issues",
        connected: true,
        blocks: [
          { kind: "chart", chart: data.charts.categories },
          {
            kind: "table",
            title: "Issues found",
            head: ["Issue", "Category", "Severity", "URLs"],
            rows: data.issues.map((i) => [i.title, i.category, i.severity, i.urls]),
          },
        ],
      };
    },
  },
  {
    id: "audit-structure",
    title: "Site structure",
    async load(ctx) {
      const data = await latest(ctx);
      if (!data) return empty("audit-structure", "Site structure");
      return {
        id: "audit-structure",
        title: "Site structure",
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
    title: "Site audit changes",
    async load(ctx) {
      const history = await getProjectAudit(ctx.db, ctx.projectId);
      const c = history.comparison;
      if (!c)
        return {
          id: "audit-changes",
          title: "Site audit changes",
          connected: true,
          blocks: [{ kind: "note", text: "Changes need two finished audits of this project; there are fewer so far." }],
        };
      return {
        id: "audit-changes",
        title: "Site audit changes",
        connected: true,
        blocks: [
          {
            kind: "metrics",
            items: [
              { label: "Health score change", value: `${c.scoreDelta > 0 ? "+" : ""}${c.scoreDelta}` },
              { label: "New issue URLs", value: String(c.totals.new) },
              { label: "Fixed issue URLs", value: String(c.totals.fixed) },
              { label: "Unchanged issue URLs", value: String(c.totals.persisting) },
            ],
          },
          {
            kind: "table",
            title: "Changes per check",
            head: ["Issue", "Severity", "New URLs", "Fixed URLs", "Unchanged"],
            rows: c.checks.map((d) => [d.title, d.severity, d.newUrls.length, d.fixedUrls.length, d.persisting]),
          },
        ],
      };
    },
  },
];
