import { Link } from "react-router";
import type { AuditOverview } from "../../server/audit/report.server.ts";
import type { RenderedChart } from "../../common/chart.ts";
import { Chart } from "../components/chart.tsx";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { CATEGORY_ORDER, CATEGORY_TEXT } from "./categories.ts";
import { SeverityBadge, scoreColor } from "./score.tsx";
import { A } from "./text-ids.ts";
import { ComparisonScopeNote, LimitNotice } from "./limit-notice.tsx";

/** Text ids of the severity names (plural, for totals). */
const SEVERITY_TEXT: Record<string, number> = { error: A.errorsLabel, warning: A.warningsLabel, notice: A.noticesLabel };
const SEVERITIES = ["error", "warning", "notice"] as const;

/** Export links of an audit (CSV and Excel, pages and issues), served by the audit API. */
function Exports({ auditId }: { auditId: number }) {
  const t = useT();
  const { lang } = useLang();
  const link = (what: "pages" | "issues", format: "csv" | "xlsx") => (
    <a
      href={`/api/audits/${auditId}/export/${what}.${format}?lang=${lang}`}
      className="rounded-md border border-ink-300 px-2.5 py-1 text-sm font-medium no-underline hover:border-ink-500"
      download
    >
      {t(format === "csv" ? A.exportCsv : A.exportXlsx)}
    </a>
  );
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="exports">
      <span className="flex items-center gap-2">
        <span className="text-ink-500">{t(A.exportIssues)}:</span>
        {link("issues", "csv")}
        {link("issues", "xlsx")}
      </span>
      <span className="flex items-center gap-2">
        <span className="text-ink-500">{t(A.exportPages)}:</span>
        {link("pages", "csv")}
        {link("pages", "xlsx")}
      </span>
    </div>
  );
}

/** The finished audit: health score, totals, change since the previous audit, issues by category and severity. */
/** The audit's charts (issue 11 point 8, server/reports/audit-charts.server.ts), each with its text alternative and data table. */
export interface AuditReportCharts {
  health: RenderedChart;
  trend: RenderedChart | null;
  severity: RenderedChart;
  categories: RenderedChart;
  status: RenderedChart;
  depth: RenderedChart;
}

export function AuditReport({
  overview,
  severity,
  charts,
}: {
  overview: AuditOverview;
  severity: string | null;
  charts?: AuditReportCharts | null;
}) {
  const t = useT();
  const to = useLocalized();
  const { audit, issues, comparison } = overview;
  const summary = audit.summary;
  const score = audit.healthScore ?? 0;
  const shown = severity ? issues.filter((i) => i.severity === severity) : issues;
  const byCategory = CATEGORY_ORDER.map((cat) => ({ cat, list: shown.filter((i) => i.category === cat) })).filter((g) => g.list.length > 0);
  const urlsOf = (sev: string) => issues.filter((i) => i.severity === sev).reduce((n, i) => n + i.urls, 0);
  const base = `/website-checker?audit=${audit.id}`;
  return (
    <div className="mt-6 grid grid-cols-1 gap-6" data-testid="audit-report">
      <LimitNotice auditId={audit.id} limit={audit.limit} action={to("/website-checker")} />
      <section className="card grid grid-cols-1 gap-6 md:grid-cols-[12rem_minmax(0,1fr)]" aria-label={t(A.healthScore)}>
        <div className="text-center md:text-left">
          <p className="text-sm text-ink-500">{t(A.healthScore)}</p>
          <p className={`text-6xl font-extrabold ${scoreColor(score)}`} data-testid="health-score">
            {score}
          </p>
          {comparison && (
            <p className="mt-1 text-sm text-ink-500" data-testid="comparison">
              <span className="block font-semibold">
                {comparison.scoreDelta >= 0 ? "+" : ""}
                {comparison.scoreDelta}
              </span>
              {comparison.totals.new} {t(A.newIssues)} · {comparison.totals.fixed} {t(A.fixedIssues)}
              <ComparisonScopeNote scope={comparison.scope} />
            </p>
          )}
        </div>
        <div className="grid content-start gap-4">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            <div>
              <dt className="text-xs text-ink-500">{t(A.pagesCrawled)}</dt>
              <dd className="text-2xl font-bold">{summary?.pagesCrawled ?? 0}</dd>
            </div>
            <div>
              <dt className="text-xs text-ink-500">{t(A.indexablePages)}</dt>
              <dd className="text-2xl font-bold">{summary?.indexablePages ?? 0}</dd>
            </div>
            {SEVERITIES.map((s) => (
              <div key={s}>
                <dt className="text-xs text-ink-500">{t(SEVERITY_TEXT[s]!)}</dt>
                <dd>
                  <Link
                    to={to(severity === s ? base : `${base}&severity=${s}`)}
                    className="text-2xl font-bold text-ink-900"
                    aria-current={severity === s ? "true" : undefined}
                  >
                    {urlsOf(s)}
                  </Link>
                </dd>
              </div>
            ))}
          </dl>
          <Exports auditId={audit.id} />
        </div>
      </section>

      {charts && (
        <section className="card grid grid-cols-1 gap-4 md:grid-cols-2" aria-label={charts.health.alt} data-testid="audit-charts">
          <Chart chart={charts.health} />
          {charts.trend ? <Chart chart={charts.trend} /> : <Chart chart={charts.severity} />}
          {charts.trend && <Chart chart={charts.severity} />}
          <Chart chart={charts.status} />
          <div className="md:col-span-2">
            <Chart chart={charts.categories} />
          </div>
          <Chart chart={charts.depth} />
        </section>
      )}

      {comparison && comparison.checks.some((c) => c.newUrls.length + c.fixedUrls.length > 0) && (
        <section className="card" aria-labelledby="changes-title" data-testid="changes">
          <h2 id="changes-title" className="text-lg font-semibold">
            {t(A.changesTitle)}
          </h2>
          <ul className="mt-2 divide-y divide-ink-100">
            {comparison.checks
              .filter((c) => c.newUrls.length + c.fixedUrls.length > 0)
              .slice(0, 8)
              .map((c) => (
                <li key={c.check} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <SeverityBadge severity={c.severity} />
                    <Link to={to(`${base}&check=${c.check}`)} className="text-ink-900">
                      {c.title}
                    </Link>
                  </span>
                  <span className="shrink-0 text-sm">
                    {c.newUrls.length > 0 && (
                      <span className="font-semibold text-danger-600">
                        +{c.newUrls.length} {t(A.newIssues)}
                      </span>
                    )}
                    {c.newUrls.length > 0 && c.fixedUrls.length > 0 && " · "}
                    {c.fixedUrls.length > 0 && (
                      <span className="font-semibold text-signal-600">
                        −{c.fixedUrls.length} {t(A.fixedIssues)}
                      </span>
                    )}
                  </span>
                </li>
              ))}
          </ul>
        </section>
      )}

      <section className="card" aria-labelledby="issues-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="issues-title" className="text-lg font-semibold">
            {t(A.issuesTitle)} ({shown.length})
          </h2>
          <nav className="flex flex-wrap gap-2 text-sm" aria-label={t(A.issuesTitle)}>
            <Link
              to={to(base)}
              className={`rounded-full px-3 py-1 no-underline ${severity ? "bg-ink-50 text-ink-700" : "bg-ink-900 text-white"}`}
            >
              {t(A.allCategories)}
            </Link>
            {SEVERITIES.map((s) => (
              <Link
                key={s}
                to={to(`${base}&severity=${s}`)}
                className={`rounded-full px-3 py-1 no-underline ${severity === s ? "bg-ink-900 text-white" : "bg-ink-50 text-ink-700"}`}
              >
                {t(SEVERITY_TEXT[s]!)} ({issues.filter((i) => i.severity === s).length})
              </Link>
            ))}
          </nav>
        </div>
        {shown.length === 0 && <p className="mt-3 text-signal-600">{t(A.noIssues)}</p>}
        {byCategory.map(({ cat, list }) => (
          <div key={cat} className="mt-5">
            <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-ink-500 uppercase">
              {t(CATEGORY_TEXT[cat]!)}
              <span className="rounded-full bg-ink-100 px-2 text-xs text-ink-700">{list.reduce((n, i) => n + i.urls, 0)}</span>
            </h3>
            <ul className="mt-1 divide-y divide-ink-100">
              {list.map((i) => (
                <li key={i.check}>
                  <Link
                    to={to(`${base}&check=${i.check}`)}
                    className="flex items-center justify-between gap-3 py-2.5 text-ink-900 no-underline hover:bg-ink-50"
                  >
                    <span className="flex min-w-0 items-center gap-2">
                      <SeverityBadge severity={i.severity} />
                      <span className="min-w-0">{i.title}</span>
                    </span>
                    <span className="shrink-0 font-semibold" aria-label={`${i.urls} ${t(A.affectedUrls)}`}>
                      {i.urls}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </div>
  );
}
