import { Link } from "react-router";
import type { ProjectCharts } from "../../server/project/project-charts.server.ts";
import { Chart } from "../components/chart.tsx";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { R } from "../reports/text-ids.ts";

/**
 * Ranking visibility and page speed scores on the project screen (issue 11 point 8), shown only
 * where that data exists; links lead to the rankings tab, the page speed screen and the dashboard.
 */
export function ProjectRankSpeed({ projectId, charts }: { projectId: number; charts: Pick<ProjectCharts, "visibility" | "speed"> }) {
  const t = useT();
  const to = useLocalized();
  if (!charts.visibility && !charts.speed) return null;
  return (
    <section className="card mt-6" aria-labelledby="project-rank-speed-title" data-testid="project-rank-speed">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="project-rank-speed-title" className="text-lg font-semibold">
          {t(R.projectRankSpeed)}
        </h2>
        <Link to={to(`/dashboard/${projectId}`)} className="btn-secondary text-sm">
          {t(R.projectDashboard)}
        </Link>
      </div>
      <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-2">
        {charts.visibility && (
          <div className="min-w-0">
            <h3 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
              <Link to={to(`/project/rankings?idp=${projectId}`)}>{t(R.projectVisibility)}</Link>
            </h3>
            <Chart chart={charts.visibility} className="mt-2" />
          </div>
        )}
        {charts.speed && (
          <div className="min-w-0">
            <h3 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
              <Link to={to(`/page-speed?idp=${projectId}`)}>{t(R.projectSpeed)}</Link>
            </h3>
            <Chart chart={charts.speed} className="mt-2" />
          </div>
        )}
      </div>
    </section>
  );
}
