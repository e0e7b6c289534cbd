import { fill } from "../../common/i18n/message.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { loadCheckTexts, localizeAnalyzerReport } from "../../server/audit/check-texts.server.ts";
import { useEffect, useState } from "react";
import { Link, redirect, useRevalidator, useSearchParams } from "react-router";
import type { Route } from "./+types/project";
import { DomainStartBox } from "../components/domain-start-box.tsx";
import { AnalysisReport } from "../components/analysis-report.tsx";
import { ProjectAuditCard } from "../audit/project-audit.tsx";
import { AuditProgress } from "../audit/audit-progress.tsx";
import { ProjectList } from "../projects/project-list.tsx";
import { ProjectRankSpeed } from "../projects/project-rank-speed.tsx";
import { WelcomeCard } from "../projects/welcome-card.tsx";
import { R } from "../rank/text-ids.ts";
import { projectsVisibility } from "../../server/rank/rankings.server.ts";
import { ScoreHelp } from "../projects/score-help.tsx";
import { SCORE_HELP_ID } from "../projects/score-label.tsx";
import { P } from "../projects/text-ids.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { requestInfoContext, servicesContext, type RequestInfo } from "../../server/http/router-context.server.ts";
import type { Owner } from "../../server/access/owner.server.ts";
import type { Services } from "../../server/services.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { getProject } from "../../server/project/get-project.server.ts";
import { listProjectCards } from "../../server/project/list-projects.server.ts";
import { listGroups, moveProject } from "../../server/project/groups.server.ts";
import { deleteProject, projectFormSchema, renameProject } from "../../server/project/manage.server.ts";
import { startAutoAudit } from "../../server/project/auto-audit.server.ts";
import { healthSparkline } from "../../server/project/sparkline.server.ts";
import { projectCharts } from "../../server/project/project-charts.server.ts";
import { SCORE_CONSTANTS } from "../../server/project/score-constants.server.ts";
import { getProjectAudit } from "../../server/audit/history.server.ts";
import { auditProgress } from "../../server/audit/progress.server.ts";
import { cancelAudit, cancelFormSchema } from "../../server/audit/start.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { getSchedule, removeSchedule, scheduleFormSchema, setSchedule } from "../../server/audit/schedule.server.ts";
import { actionError, readForm } from "../../server/http/action.server.ts";
import { validate } from "../../server/http/input.server.ts";
import { createVisitorCookie } from "../../server/http/visitor.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";
import { TL } from "../tools/text-ids.ts";

/** Audit statuses that have not ended: the project screen shows live progress. */
const ACTIVE_AUDIT = new Set(["queued", "starting", "running", "finishing"]);

/** The first id-like query value (`idp`, `group`) as a positive integer, else null. */
function queryId(url: URL, name: string): number | null {
  const n = Number(url.searchParams.get(name));
  return Number.isSafeInteger(n) && n >= 0 && url.searchParams.has(name) ? n : null;
}

/**
 * The project screen (spec 2 /project and /sproject). Without ?idp: the projects list (issue 8.5)
 * with group filter (?group=, 0 for no group). With ?idp: the project, reached from
 * /project/{id}?auto=1 after a site is added (spec 4): auto=1 starts the first whole-site audit once
 * (issue 8.7) and redirects to the plain URL; then the audit's live progress, its result, and the
 * home-page analysis.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const info = context.get(requestInfoContext);
  const owner = await info.owner();
  const url = new URL(request.url);
  const idp = queryId(url, "idp");
  // The rankings tab lives at /project/rankings (issue 10).
  if (url.searchParams.get("tab") === "rankings") throw redirect(`${url.pathname.replace(/\/$/, "")}/rankings?idp=${idp ?? ""}`);
  if (idp && url.searchParams.get("auto") === "1") return autoAudit({ services, info, owner, url, idp });
  if (!idp) {
    const group = queryId(url, "group");
    const [cards, groups] = await Promise.all([listProjectCards({ services, owner, groupId: group }), listGroups({ services, owner })]);
    // Issue 10: each project of the list shows its ranking visibility and its change.
    const visibility = await projectsVisibility({ db: services.db, projectIds: cards.map((c) => c.id) });
    const projects = cards.map((c) => ({ ...c, sparkline: healthSparkline(c), visibility: visibility[c.id] ?? null }));
    return { view: "list" as const, projects, groups, group, scores: SCORE_CONSTANTS };
  }
  try {
    const [found, texts] = await Promise.all([
      getProject({ services, owner, projectId: idp }),
      loadCheckTexts(services.db, isLanguage(params.lang) ? params.lang : DEFAULT_LANG),
    ]);
    const report = found.analysis?.report;
    const project = report ? { ...found, analysis: { ...found.analysis!, report: localizeAnalyzerReport(report, texts) } } : found;
    const [audit, schedule] = await Promise.all([
      getProjectAudit(services.db, project.id, texts),
      getSchedule({ services, owner, projectId: project.id }),
    ]);
    const latest = audit.latest;
    const [progress, charts] = await Promise.all([
      latest && ACTIVE_AUDIT.has(latest.status) ? auditProgress(services.db, latest) : null,
      projectCharts({ db: services.db, owner, projectId: project.id, audit, lang: isLanguage(params.lang) ? params.lang : DEFAULT_LANG }),
    ]);
    return { view: "project" as const, project, audit, progress, charts, frequency: schedule?.frequency ?? null, scores: SCORE_CONSTANTS };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return { view: "not-found" as const };
    throw err;
  }
}

/** auto=1: starts the project's first audit once (issue 8.7), then opens the plain project URL. */
async function autoAudit(o: { services: Services; info: RequestInfo; owner: Owner; url: URL; idp: number }) {
  const headers = new Headers();
  let visitorId = o.info.visitorId;
  if (!visitorId) {
    const guest = await createVisitorCookie(o.services);
    visitorId = guest.id;
    headers.append("set-cookie", guest.setCookie);
  }
  try {
    await startAutoAudit({ services: o.services, owner: { ...o.owner, visitorId }, projectId: o.idp });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    o.services.log.info({ idp: o.idp, code: err.code }, "auto=1 audit not started");
  }
  o.url.searchParams.delete("auto");
  // A client navigation's data request names the route's ".data" URL; the redirect names the screen.
  return redirect(`${o.url.pathname.replace(/\.data$/, "")}${o.url.search}`, { headers });
}

/** Forms of the project screen: rename / delete / move (projects list), cancel of a running audit, repeat audit schedule. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  try {
    const form = await readForm(request);
    const owner = await context.get(requestInfoContext).owner();
    switch (form.intent) {
      case "cancel": {
        const { audit } = validate(cancelFormSchema, form);
        await cancelAudit({ services, owner, auditId: audit });
        return { done: "cancelled" as const };
      }
      case "rename":
      case "delete":
      case "move": {
        const input = validate(projectFormSchema, form);
        if (input.intent === "rename") await renameProject({ services, owner, projectId: input.idp, name: input.name });
        else if (input.intent === "delete") await deleteProject({ services, owner, projectId: input.idp });
        else await moveProject({ services, owner, projectId: input.idp, groupId: input.groupId });
        return { done: input.intent };
      }
      default: {
        const { idp, frequency } = validate(scheduleFormSchema, form);
        if (frequency === "never") await removeSchedule({ services, owner, projectId: idp });
        else await setSchedule({ services, owner, projectId: idp, frequency, settings: crawlSettingsSchema.parse({}) });
        return { done: "saved" as const };
      }
    }
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaTexts(matches);
  return [{ title: brandTitle(loaderData?.view === "project" ? `${loaderData.project.domain} — ${t(P.analysisTitle)}` : t(TL.projects)) }];
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

type ProjectData = Extract<Route.ComponentProps["loaderData"], { view: "project" }>;

/** One project: live audit progress or its result, then the home-page analysis (spec 2 /project?idp=). */
function ProjectDetail({ data, saved }: { data: ProjectData; saved: boolean }) {
  const { project, audit, progress, charts, frequency } = data;
  const t = useT();
  const { lang } = useLang();
  const analysis = project.analysis;
  const pending = !!analysis && (analysis.status === "queued" || analysis.status === "running");
  usePollWhilePending(pending);
  return (
    <>
      {progress && audit.latest && (
        <AuditProgress key={audit.latest.id} auditId={audit.latest.id} startUrl={audit.latest.startUrl} initial={progress} />
      )}
      {analysis && pending && (
        <section className="card mt-6" aria-live="polite">
          <h2 className="text-lg font-semibold">{fill(t(P.analysing), { url: analysis.url }, lang)}</h2>
          <div
            className="mt-4 h-3 w-full overflow-hidden rounded-full bg-ink-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={analysis.progress}
            aria-label={t(P.analysisProgress)}
          >
            <div
              className="h-full rounded-full bg-forge-500 transition-all duration-500"
              style={{ width: `${Math.max(analysis.progress, 3)}%` }}
            />
          </div>
          <p className="mt-2 text-sm text-ink-500">
            {analysis.status === "queued" ? t(P.analysisQueued) : fill(t(P.analysisDone), { percent: analysis.progress }, lang)}
          </p>
        </section>
      )}
      {analysis?.status === "failed" && (
        <section className="card mt-6 border-danger-100" role="alert">
          <h2 className="text-lg font-semibold text-danger-600">{t(P.analysisFailed)}</h2>
          <p className="mt-2 text-ink-700">{analysis.error}</p>
        </section>
      )}
      <ProjectAuditCard projectId={project.id} audit={audit} charts={charts} frequency={frequency} saved={saved} />
      <ProjectRankSpeed projectId={project.id} charts={charts} />
      {analysis?.status === "done" && analysis.report && (
        <AnalysisReport report={analysis.report} scoreHelpHref={`#${SCORE_HELP_ID}-onpage`} />
      )}
      <ScoreHelp constants={data.scores} />
    </>
  );
}

export default function ProjectScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const [showAdd, setShowAdd] = useState(false);
  const [search] = useSearchParams();
  const welcome = search.get("welcome") === "1";
  const data = loaderData;
  const done = actionData && "done" in actionData ? actionData.done : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <main id="main" className="min-w-0">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <p className="eyebrow">{t(P.colProject)}</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight break-all">
              {data.view === "project" ? data.project.domain : t(P.listTitle)}
            </h1>
            {data.view === "project" && (
              <p className="mt-1 text-sm text-ink-500">
                <a href={data.project.url} rel="nofollow noopener" target="_blank">
                  {data.project.url}
                </a>
              </p>
            )}
          </div>
          {data.view === "project" && (
            <Link to={to(`/addproject/${data.project.id}`)} className="btn-secondary">
              {t(P.verifyOpen)}
            </Link>
          )}
          {data.view === "project" && (
            <Link to={to(`/project/rankings?idp=${data.project.id}`)} className="btn-secondary">
              {t(R.rankingsTitle, "Rankings")}
            </Link>
          )}
          <button type="button" className="btn-secondary" onClick={() => setShowAdd((v) => !v)} aria-expanded={showAdd}>
            {t(P.addAnotherSite)}
          </button>
        </div>
        {welcome && data.view === "list" && <WelcomeCard project={data.projects[0] ?? null} />}
        {(showAdd || (data.view === "list" && data.projects.length === 0 && data.group === null)) && (
          <div className="card mt-6">
            <DomainStartBox id="project-start" size="md" />
          </div>
        )}
        {(done === "delete" || done === "rename" || done === "move") && (
          <p role="status" className="mt-4 rounded-lg bg-signal-100 p-3 text-signal-600">
            {t(done === "delete" ? P.deleted : done === "rename" ? P.renamed : P.moved)}
          </p>
        )}
        {error && (
          <p role="alert" className="mt-4 rounded-lg bg-danger-100 p-3 text-danger-600">
            {error.message}
          </p>
        )}
        {data.view === "not-found" && (
          <p role="alert" className="mt-6 rounded-lg bg-warn-100 p-4 text-warn-600">
            {t(P.projectNotFound)}
          </p>
        )}
        {data.view === "list" && (
          <>
            <ProjectList projects={data.projects} groups={data.groups} group={data.group} />
            {data.projects.length > 0 && <ScoreHelp constants={data.scores} />}
          </>
        )}
        {data.view === "project" && <ProjectDetail data={data} saved={done === "saved"} />}
      </div>
    </main>
  );
}
