import { useEffect, useState } from "react";
import { Link, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/project";
import { DomainStartBox } from "../components/domain-start-box.tsx";
import { AnalysisReport } from "../components/analysis-report.tsx";
import { ProjectAuditCard } from "../audit/project-audit.tsx";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { AppError } from "../../server/errors.server.ts";
import { getProject, listProjects } from "../../server/project/get-project.server.ts";
import { getProjectAudit } from "../../server/audit/history.server.ts";
import { projectsVisibility } from "../../server/rank/rankings.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { getSchedule, removeSchedule, scheduleFormSchema, setSchedule } from "../../server/audit/schedule.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";

/**
 * The project screen (spec 2 /project?idp=, reached from /project/{id}?auto=1 after a site is
 * added, spec 4): the latest home-page analysis with its progress, then its result, and the site
 * audit part (issue 3): latest health score, top issues and trend. A signed-in user also sees the
 * projects of their account (issue 5).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const url = new URL(request.url);
  const idp = Number(url.searchParams.get("idp"));
  // The rankings tab lives at /project/rankings (issue 10).
  if (url.searchParams.get("tab") === "rankings") throw redirect(`${url.pathname.replace(/\/$/, "")}/rankings?idp=${idp}`);
  const projects = await listProjects({ services, owner });
  // Issue 10: each project of the list shows its ranking visibility and its change.
  if (!Number.isInteger(idp) || idp <= 0) {
    const visibility = await projectsVisibility({ db: services.db, projectIds: projects.map((p) => p.id) });
    return { project: null, projects: projects.map((p) => ({ ...p, visibility: visibility[p.id] ?? null })), notFound: false, audit: null, frequency: null };
  }
  try {
    const project = await getProject({ services, owner, projectId: idp });
    const [audit, schedule] = await Promise.all([
      getProjectAudit(services.db, project.id),
      getSchedule({ services, owner, projectId: project.id }),
    ]);
    return { project, projects, notFound: false, audit, frequency: schedule?.frequency ?? null };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found")
      return { project: null, projects, notFound: true, audit: null, frequency: null };
    throw err;
  }
}

/** Sets or removes the project's scheduled repeat audit (issue 3: daily, weekly, monthly; "never" removes it). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  try {
    const { idp, frequency } = await formInput(request, scheduleFormSchema);
    const owner = await context.get(requestInfoContext).owner();
    if (frequency === "never") await removeSchedule({ services, owner, projectId: idp });
    else await setSchedule({ services, owner, projectId: idp, frequency, settings: crawlSettingsSchema.parse({}) });
    return { saved: true };
  } catch (err) {
    return actionError(err);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.project ? `${loaderData.project.domain} — SEO analysis — Rankforge` : "Projects — Rankforge" }];
}

export const handle = { noindex: true };

/** Re-loads the screen every second while the analysis is queued or running. */
function usePollWhilePending(pending: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => {
      if (state === "idle") void revalidate();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [pending, revalidate, state]);
}

export default function ProjectScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { project, projects, notFound, audit, frequency } = loaderData;
  const to = useLocalized();
  const analysis = project?.analysis ?? null;
  const pending = !!analysis && (analysis.status === "queued" || analysis.status === "running");
  usePollWhilePending(pending);
  const [showAdd, setShowAdd] = useState(false);

  return (
    <main id="main" className="min-w-0">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <p className="eyebrow">Project</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight break-all">{project ? project.domain : "Your projects"}</h1>
            {project && (
              <p className="mt-1 text-sm text-ink-500">
                <a href={project.url} rel="nofollow noopener" target="_blank">
                  {project.url}
                </a>
              </p>
            )}
          </div>
          {project && (
            <Link className="btn-secondary" to={to(`/project/rankings?idp=${project.id}`)}>
              Rankings
            </Link>
          )}
          <button type="button" className="btn-secondary" onClick={() => setShowAdd((v) => !v)} aria-expanded={showAdd}>
            Add another site
          </button>
        </div>
        {(showAdd || (!project && projects.length === 0)) && (
          <div className="card mt-6">
            <DomainStartBox id="project-start" size="md" />
          </div>
        )}
        {notFound && (
          <p role="alert" className="mt-6 rounded-lg bg-warn-100 p-4 text-warn-600">
            This project does not exist or belongs to another account.
          </p>
        )}
        {analysis && pending && (
          <section className="card mt-6" aria-live="polite">
            <h2 className="text-lg font-semibold">Analysing {analysis.url}…</h2>
            <div
              className="mt-4 h-3 w-full overflow-hidden rounded-full bg-ink-100"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={analysis.progress}
              aria-label="Analysis progress"
            >
              <div
                className="h-full rounded-full bg-forge-500 transition-all duration-500"
                style={{ width: `${Math.max(analysis.progress, 3)}%` }}
              />
            </div>
            <p className="mt-2 text-sm text-ink-500">
              {analysis.status === "queued" ? "Waiting for a worker…" : `${analysis.progress}% done`}
            </p>
          </section>
        )}
        {analysis?.status === "failed" && (
          <section className="card mt-6 border-danger-100" role="alert">
            <h2 className="text-lg font-semibold text-danger-600">The analysis could not finish</h2>
            <p className="mt-2 text-ink-700">{analysis.error}</p>
          </section>
        )}
        {project && audit && (
          <ProjectAuditCard projectId={project.id} audit={audit} frequency={frequency} saved={!!actionData && "saved" in actionData} />
        )}
        {analysis?.status === "done" && analysis.report && <AnalysisReport report={analysis.report} />}
        {!project && projects.length > 0 && (
          <section className="card mt-6">
            <h2 className="text-lg font-semibold">Your sites</h2>
            <ul className="mt-3 divide-y divide-ink-100">
              {projects.map((p) => (
                <li key={p.id} className="py-2">
                  <Link to={to(`/project?idp=${p.id}`)}>{p.domain}</Link>
                  {"visibility" in p && <VisibilityLink idp={p.id} vis={p.visibility as ProjectVisibility | null} />}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </main>
  );
}

type ProjectVisibility = { visibility: number; change: number | null };

/** A project's ranking visibility and its change since the previous check day (issue 10 point 6), linking to its rankings. */
function VisibilityLink({ idp, vis }: { idp: number; vis: ProjectVisibility | null }) {
  const to = useLocalized();
  if (!vis) return null;
  return (
    <Link className="ml-3 text-sm text-ink-500" to={to(`/project/rankings?idp=${idp}`)}>
      Visibility {vis.visibility} %{vis.change !== null && ` (${vis.change > 0 ? "+" : ""}${vis.change})`}
    </Link>
  );
}
