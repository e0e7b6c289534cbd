/**
 * The charts of the project screen (issue 11 point 8; spec 2 /project?idp=): the health trend over
 * the finished audits and the latest audit's issues by severity and by category (one query with the
 * audit report and the dashboard, server/reports/audit-charts.server.ts), and — where the data
 * exists — ranking visibility and page speed scores over the last {@link PROJECT_CHART_DAYS} days.
 */
import type { RenderedChart } from "../../common/chart.ts";
import type { Owner } from "../access/owner.server.ts";
import type { ProjectAudit } from "../audit/history.server.ts";
import type { Database } from "../db/client.server.ts";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import { translator } from "../i18n/texts.server.ts";
import { auditCharts } from "../reports/audit-charts.server.ts";
import { REPORT_TEXT_GROUPS } from "../reports/model.ts";
import { loadRankPeriod, visibilityChart } from "../reports/rank-data.server.ts";
import { loadSpeedPeriod, scoresChart } from "../reports/speed-data.server.ts";

/** Days of rank and speed history the project screen draws. */
export const PROJECT_CHART_DAYS = 90;

/** The project screen's charts; each null where its data does not exist. */
export interface ProjectCharts {
  /** Health score per finished audit (two or more audits). */
  trend: RenderedChart | null;
  severity: RenderedChart | null;
  categories: RenderedChart | null;
  /** Ranking visibility per day, one line per search engine. */
  visibility: RenderedChart | null;
  /** Latest performance score per tested page, mobile and desktop. */
  speed: RenderedChart | null;
}

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Builds the charts of a project the caller may read (`audit` is its history, already loaded), their
 * words in `lang` (issue 15; English by default).
 * @throws AppError not_found (idp) when the project is not the owner's.
 */
export async function projectCharts(o: {
  db: Database;
  owner: Owner;
  projectId: number;
  audit: ProjectAudit;
  lang?: string;
  now?: Date;
}): Promise<ProjectCharts> {
  const now = (o.now ?? new Date()).getTime();
  const period = { db: o.db, owner: o.owner, projectId: o.projectId, from: ymd(now - (PROJECT_CHART_DAYS - 1) * 86_400_000), to: ymd(now) };
  const done = o.audit.lastDone;
  const lang = o.lang ?? DEFAULT_LANG;
  const [audit, rank, speed, t] = await Promise.all([
    done
      ? auditCharts({ db: o.db, auditId: done.id, healthScore: done.healthScore ?? 0, trend: o.audit.trend, lang }).then((a) => a.charts)
      : null,
    loadRankPeriod(period),
    loadSpeedPeriod(period),
    translator(o.db, lang, REPORT_TEXT_GROUPS),
  ]);
  const hasIssues = audit !== null && audit.severity.table.rows.some((r) => r[1] !== "0");
  return {
    trend: audit?.trend ?? null,
    severity: hasIssues ? audit.severity : null,
    categories: hasIssues ? audit.categories : null,
    visibility: visibilityChart(rank, t, { height: 220 }),
    speed: scoresChart(speed, t),
  };
}
