/**
 * The Dedicated SEO Dashboard (issue 11 point 7): a project's health gauge and trend, issues by
 * category, status and depth charts, Search Console clicks and impressions over a date range, and
 * the rank and speed panels (the report sections of {@link DASHBOARD_PANELS}). Shared read-only
 * through a revocable token; embeddable only by the origins the owner lists.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { RenderedChart } from "../../common/chart.ts";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { getProjectAudit } from "../audit/history.server.ts";
import { lineChart } from "../charts/render.server.ts";
import type { Database } from "../db/client.server.ts";
import { dashboardShares } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { searchConsoleProperty } from "../search-console/performance.server.ts";
import { auditCharts, type AuditChartSet } from "./audit-charts.server.ts";
import { REPORT_TEXT_GROUPS } from "./model.ts";
import { translator } from "../i18n/texts.server.ts";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import { brandingOf } from "./branding.server.ts";
import { projectOwner } from "./build.server.ts";
import type { Branding } from "./render-html.server.ts";
import type { ReportSection } from "./model.ts";
import { dailySeries } from "./sections/search-console.server.ts";
import { loadSection } from "./sections/registry.server.ts";

/** Longest date range of the dashboard, in days. */
export const MAX_RANGE_DAYS = 366;
/** Report sections the dashboard shows as panels after the audit and Search Console ones. */
export const DASHBOARD_PANELS = ["rankings", "rank-moves", "page-speed", "speed-moves"] as const;
/** Default date range, in days. */
export const DEFAULT_RANGE_DAYS = 28;

/** Everything the dashboard screen shows. */
export interface DashboardView {
  projectId: number;
  domain: string;
  from: string;
  to: string;
  brand: Branding;
  audit: (AuditChartSet & { healthScore: number; finishedAt: string; pages: number }) | null;
  searchConsole: { connected: boolean; clicks: number; impressions: number; chart: RenderedChart | null };
  /** Rankings (visibility, distribution, top movers) and page speed panels: report sections of the range. */
  panels: ReportSection[];
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The date range of `from`/`to` query values: valid, ordered, at most {@link MAX_RANGE_DAYS}; defaults to the last 28 days. */
export function dateRange(from: string | null, to: string | null, now = new Date()): { from: string; to: string } {
  const valid = (s: string | null) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) ? s : null);
  const end = valid(to) ?? ymd(now);
  let start = valid(from) ?? ymd(new Date(Date.parse(end) - (DEFAULT_RANGE_DAYS - 1) * 86_400_000));
  if (start > end) start = end;
  const min = ymd(new Date(Date.parse(end) - (MAX_RANGE_DAYS - 1) * 86_400_000));
  return { from: start < min ? min : start, to: end };
}

/** The dashboard of a project for its owner (`owner`) or a share-link visitor (ownership proven by the token). */
export async function dashboardView(o: {
  db: Database;
  projectId: number;
  from: string;
  to: string;
  lang?: string;
}): Promise<DashboardView> {
  const { owner, domain } = await projectOwner(o.db, o.projectId);
  const [share] = await o.db.select().from(dashboardShares).where(eq(dashboardShares.projectId, o.projectId));
  const history = await getProjectAudit(o.db, o.projectId);
  const done = history.lastDone;
  let audit: DashboardView["audit"] = null;
  if (done) {
    const { charts } = await auditCharts({
      db: o.db,
      auditId: done.id,
      healthScore: done.healthScore ?? 0,
      trend: history.trend,
      ...(o.lang ? { lang: o.lang } : {}),
    });
    audit = {
      ...charts,
      healthScore: done.healthScore ?? 0,
      finishedAt: done.finishedAt ?? done.createdAt,
      pages: done.summary?.pagesCrawled ?? 0,
    };
  }
  const lang = o.lang ?? DEFAULT_LANG;
  const t = await translator(o.db, lang, REPORT_TEXT_GROUPS);
  const ctx = { db: o.db, owner, lang, t, projectId: o.projectId, domain, from: o.from, to: o.to, periodDays: 0 };
  const connected = (await searchConsoleProperty(ctx)) !== null;
  let sc: DashboardView["searchConsole"] = { connected, clicks: 0, impressions: 0, chart: null };
  if (connected) {
    const days = await dailySeries(ctx);
    const clicks = days.reduce((n, d) => n + d.clicks, 0);
    const impressions = days.reduce((n, d) => n + d.impressions, 0);
    sc = {
      connected,
      clicks,
      impressions,
      chart: lineChart({
        categories: days.map((d) => d.day),
        series: [
          { name: t(53218), values: days.map((d) => d.clicks) },
          { name: t(53219), values: days.map((d) => d.impressions) },
        ],
        alt: t(53221, { from: o.from, to: o.to, clicks, impressions }),
        categoryLabel: t(53220),
      }),
    };
  }
  const panels = await Promise.all(DASHBOARD_PANELS.map((id) => loadSection(id, ctx)));
  return {
    projectId: o.projectId,
    domain,
    from: o.from,
    to: o.to,
    brand: await brandingOf(o.db, share?.whiteLabelId ?? null),
    audit,
    searchConsole: sc,
    panels,
  };
}

/** The project a share token opens, or null (unknown or revoked token). */
export async function projectOfToken(db: Database, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db.select({ projectId: dashboardShares.projectId }).from(dashboardShares).where(eq(dashboardShares.token, token));
  return row?.projectId ?? null;
}

/** The origins allowed to frame a project's shared dashboard (the share token was checked by the caller). */
export async function shareOrigins(db: Database, projectId: number): Promise<string[]> {
  const [row] = await db.select({ o: dashboardShares.frameOrigins }).from(dashboardShares).where(eq(dashboardShares.projectId, projectId));
  return row?.o ?? [];
}

/** The sharing settings of a project (owner only). */
export async function getShare(o: { db: Database; owner: Owner; projectId: number }) {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read", field: "id_project" });
  const [row] = await o.db.select().from(dashboardShares).where(eq(dashboardShares.projectId, o.projectId));
  return row ?? { projectId: o.projectId, token: null, frameOrigins: [] as string[], whiteLabelId: null };
}

/** Origins allowed to frame the dashboard must be https (or http on localhost) origins without a path. */
const originSchema = z
  .string()
  .trim()
  .transform((s, ctx) => {
    try {
      const u = new URL(s);
      const local = ["localhost", "127.0.0.1"].includes(u.hostname);
      if ((u.protocol === "https:" || (u.protocol === "http:" && local)) && (u.pathname === "/" || u.pathname === "")) return u.origin;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: "custom", message: "an origin such as https://client.example" });
    return z.NEVER;
  });

/** Input of the sharing form. */
export const shareSchema = z.object({
  intent: z.enum(["share", "revoke", "settings"]),
  frameOrigins: z
    .preprocess((v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : (v ?? [])), z.array(originSchema).max(20))
    .default([]),
  whiteLabelId: z.preprocess((v) => (v === "" || v === "0" ? null : v), z.coerce.number().int().positive().nullable()).default(null),
});

/** Creates a new share token ("share", which also replaces an old one), revokes it, or saves framing origins and branding. */
export async function updateShare(o: { db: Database; owner: Owner; projectId: number; input: z.output<typeof shareSchema> }) {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "change", field: "id_project" });
  if (o.input.whiteLabelId !== null)
    await authorize({ db: o.db, owner: o.owner, resource: "whiteLabel", id: o.input.whiteLabelId, action: "read", field: "whiteLabelId" });
  const current = await getShare(o);
  const token = o.input.intent === "share" ? randomBytes(24).toString("base64url") : o.input.intent === "revoke" ? null : current.token;
  const values = { projectId: o.projectId, token, frameOrigins: o.input.frameOrigins, whiteLabelId: o.input.whiteLabelId };
  await o.db.insert(dashboardShares).values(values).onConflictDoUpdate({ target: dashboardShares.projectId, set: values });
  return values;
}

/** The Content-Security-Policy frame-ancestors value of a project's dashboard. */
export function frameAncestors(origins: readonly string[]): string {
  return `frame-ancestors 'self'${origins.map((o) => ` ${o}`).join("")}`;
}

/** @throws AppError not_found naming the token when a share token opens nothing. */
export async function projectOfTokenOrThrow(db: Database, token: string): Promise<number> {
  const id = await projectOfToken(db, token);
  if (id === null) throw new AppError("not_found", errorText(58148), "token");
  return id;
}
