import { Form, Link, useNavigation } from "react-router";
import type { ProjectAudit } from "../../server/audit/history.server.ts";
import type { ProjectCharts } from "../../server/project/project-charts.server.ts";
import { Chart } from "../components/chart.tsx";
import { R } from "../reports/text-ids.ts";
import { formatDate } from "../../common/i18n/format.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { SeverityBadge, scoreColor } from "./score.tsx";
import { A } from "./text-ids.ts";
import { ComparisonScopeNote, ProjectLimitLine } from "./limit-notice.tsx";
import { P } from "../projects/text-ids.ts";
import { SCORE_HELP_ID } from "../projects/score-label.tsx";

const FREQUENCIES = [
  ["never", A.scheduleOff],
  ["daily", A.scheduleDaily],
  ["weekly", A.scheduleWeekly],
  ["monthly", A.scheduleMonthly],
] as const;

/** Scheduled repeat audits of the project (pg-boss schedules): never, daily, weekly or monthly. */
function ScheduleForm({ projectId, frequency, saved }: { projectId: number; frequency: string | null; saved: boolean }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-end gap-2 border-t border-ink-100 pt-4" aria-label={t(A.scheduleLabel)}>
      <input type="hidden" name="idp" value={projectId} />
      <label className="grid gap-1 text-sm text-ink-700">
        {t(A.scheduleLabel)}
        <select name="frequency" defaultValue={frequency ?? "never"} className="rounded-lg border border-ink-300 bg-white px-3 py-2">
          {FREQUENCIES.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary py-2 text-sm" disabled={busy}>
        {t(A.scheduleSave)}
      </button>
      {saved && (
        <span role="status" className="text-sm text-signal-600">
          {t(A.scheduleSaved)}
        </span>
      )}
    </Form>
  );
}

/**
 * The audit part of the project screen (issue 3): latest health score, top issues, changes, repeat
 * audit schedule, and the charts of issue 11 point 8 (health trend, issues by severity and category).
 */
export function ProjectAuditCard({
  projectId,
  audit,
  charts,
  frequency,
  saved,
}: {
  projectId: number;
  audit: ProjectAudit;
  charts: Pick<ProjectCharts, "trend" | "severity" | "categories">;
  frequency: string | null;
  saved: boolean;
}) {
  const t = useT();
  const to = useLocalized();
  const { lang } = useLang();
  const { latest, lastDone, topIssues, comparison } = audit;
  const running = latest && latest.status !== "done" && latest.status !== "failed" && latest.status !== "cancelled";
  return (
    <section className="card mt-6" aria-labelledby="project-audit-title" data-testid="project-audit">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="project-audit-title" className="text-lg font-semibold">
          {t(A.projectAuditTitle)}
        </h2>
        <Link to={to(`/website-checker?idp=${projectId}`)} className="btn-secondary text-sm">
          {t(A.projectStartAudit)}
        </Link>
      </div>
      {!lastDone && !running && <p className="mt-3 text-ink-700">{t(A.projectNoCrawl)}</p>}
      {running && (
        <p className="mt-3 text-ink-700" aria-live="polite">
          {t(A.auditRunning)}{" "}
          <Link to={to(`/website-checker?audit=${latest.id}`)} className="font-medium">
            {t(A.viewReport)} →
          </Link>
        </p>
      )}
      {lastDone && (
        <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-[13rem_minmax(0,1fr)]">
          <div className="text-center md:text-left">
            <p className="text-sm text-ink-500">{t(A.healthScore)}</p>
            <p className={`text-6xl font-extrabold ${scoreColor(lastDone.healthScore ?? 0)}`}>
              <span data-testid="project-health">{lastDone.healthScore}</span>
              <span className="text-lg font-semibold text-ink-500">{t(P.outOf100)}</span>
            </p>
            <a href={`#${SCORE_HELP_ID}-health`} className="text-xs">
              {t(P.healthHow)}
            </a>
            {comparison && (
              <p className="mt-1 text-sm text-ink-500">
                <span className="block font-semibold">
                  {comparison.scoreDelta >= 0 ? "+" : ""}
                  {comparison.scoreDelta}
                </span>
                {comparison.totals.new} {t(A.newIssues)} · {comparison.totals.fixed} {t(A.fixedIssues)}
                <ComparisonScopeNote scope={comparison.scope} />
              </p>
            )}
            <ProjectLimitLine limit={lastDone.limit} />
            <p className="mt-1 text-xs text-ink-500">
              {t(A.projectLastCrawl)}: {formatDate(lang, new Date(lastDone.finishedAt ?? lastDone.createdAt), "medium")}
            </p>
          </div>
          <div className="min-w-0">
            <h3 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">{t(A.projectTopIssues)}</h3>
            {topIssues.length === 0 ? (
              <p className="mt-2 text-signal-600">{t(A.noIssues)}</p>
            ) : (
              <ul className="mt-2 divide-y divide-ink-100">
                {topIssues.map((i) => (
                  <li key={i.check} className="flex items-center justify-between gap-3 py-2">
                    <span className="flex min-w-0 items-center gap-2">
                      <SeverityBadge severity={i.severity} />
                      <Link to={to(`/website-checker?audit=${lastDone.id}&check=${i.check}`)} className="truncate text-ink-900">
                        {i.title}
                      </Link>
                    </span>
                    <span className="shrink-0 font-semibold">{i.urls}</span>
                  </li>
                ))}
              </ul>
            )}
            {charts.trend && (
              <div className="mt-4" data-testid="project-trend-chart">
                <h3 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">{t(A.projectTrend)}</h3>
                <Chart chart={charts.trend} className="mt-2" />
              </div>
            )}
            <Link to={to(`/website-checker?audit=${lastDone.id}`)} className="mt-4 inline-block font-semibold">
              {t(A.projectOpenReport)} →
            </Link>
          </div>
        </div>
      )}
      {charts.severity && charts.categories && (
        <div className="mt-6 grid grid-cols-1 gap-6 border-t border-ink-100 pt-4 lg:grid-cols-2" data-testid="project-issue-charts">
          <div className="min-w-0">
            <h3 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">{t(R.dbSeverity)}</h3>
            <Chart chart={charts.severity} className="mt-2" />
          </div>
          <div className="min-w-0">
            <h3 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">{t(R.dbIssues)}</h3>
            <Chart chart={charts.categories} className="mt-2" />
          </div>
        </div>
      )}
      <ScheduleForm projectId={projectId} frequency={frequency} saved={saved} />
    </section>
  );
}
