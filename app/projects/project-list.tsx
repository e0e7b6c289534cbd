import { Form, Link } from "react-router";
import type { RenderedChart } from "../../common/chart.ts";
import { formatDate } from "../../common/i18n/format.ts";
import type { GroupView } from "../../server/project/groups.server.ts";
import type { ProjectCard } from "../../server/project/list-projects.server.ts";
import { scoreColor } from "../audit/score.tsx";
import { Chart } from "../components/chart.tsx";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { HealthLabel } from "./score-label.tsx";
import { R } from "../rank/text-ids.ts";
import { P } from "./text-ids.ts";

/** A project card with its health sparkline rendered by the loader (server/charts sparkline). */
export type ProjectRow = ProjectCard & {
  sparkline: RenderedChart | null;
  /** Ranking visibility in % and its change since the previous check day (issue 10 point 6), null before the first check. */
  visibility: { visibility: number; change: number | null } | null;
};

/** The site's favicon from its own origin, over a letter avatar shown when it does not load. */
function Favicon({ url, name }: { url: string; name: string }) {
  return (
    <span
      className="relative inline-grid size-6 shrink-0 place-items-center rounded bg-ink-100 text-xs font-bold text-ink-700 uppercase"
      aria-hidden="true"
    >
      {name.charAt(0)}
      <img
        src={`${new URL(url).origin}/favicon.ico`}
        alt=""
        width={24}
        height={24}
        loading="lazy"
        referrerPolicy="no-referrer"
        className="absolute inset-0 size-6 rounded bg-white object-contain"
        onError={(e) => e.currentTarget.remove()}
      />
    </span>
  );
}

/**
 * One project action: a disclosure whose form posts `intent` and the project id to the project
 * screen's action (rename, move, delete); `children` are the action's own fields and button.
 */
function ProjectAction(p: {
  intent: "rename" | "move" | "delete";
  projectId: number;
  summary: string;
  danger?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <details>
      <summary className={`cursor-pointer ${p.danger ? "text-danger-600" : "text-forge-600"}`}>{p.summary}</summary>
      <Form method="post" className={p.className ?? "mt-2 flex gap-2"} data-testid={`${p.intent}-form`}>
        <input type="hidden" name="intent" value={p.intent} />
        <input type="hidden" name="idp" value={p.projectId} />
        {p.children}
      </Form>
    </details>
  );
}

/** Rename, move to a group and delete (with confirmation) for one project. */
function RowActions({ project, groups }: { project: ProjectRow; groups: GroupView[] }) {
  const t = useT();
  const { lang } = useLang();
  const save = (
    <button type="submit" className="btn-secondary px-3 py-1 text-sm">
      {t(P.save)}
    </button>
  );
  return (
    <div className="flex flex-wrap gap-2 text-sm">
      <ProjectAction intent="rename" projectId={project.id} summary={t(P.rename)}>
        <label className="sr-only" htmlFor={`rename-${project.id}`}>
          {t(P.renameLabel)}
        </label>
        <input
          id={`rename-${project.id}`}
          name="name"
          defaultValue={project.name}
          maxLength={80}
          required
          className="w-40 rounded border border-ink-300 px-2 py-1"
        />
        {save}
      </ProjectAction>
      <ProjectAction intent="move" projectId={project.id} summary={t(P.move)}>
        <label className="sr-only" htmlFor={`move-${project.id}`}>
          {t(P.moveLabel)}
        </label>
        <select
          id={`move-${project.id}`}
          name="groupId"
          defaultValue={project.groupId ?? 0}
          className="rounded border border-ink-300 px-2 py-1"
        >
          <option value={0}>{t(P.noGroup)}</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        {save}
      </ProjectAction>
      <ProjectAction
        intent="delete"
        projectId={project.id}
        summary={t(P.delete)}
        danger
        className="mt-2 grid max-w-xs gap-2 rounded-lg border border-danger-100 bg-danger-100/30 p-3"
      >
        <p className="text-ink-700">{fill(t(P.deleteConfirm), { name: project.name }, lang)}</p>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="confirm" value="1" required /> {t(P.deleteConfirmCheck)}
        </label>
        <button type="submit" className="rounded-lg bg-danger-600 px-3 py-1.5 font-semibold text-white">
          {t(P.deleteForever)}
        </button>
      </ProjectAction>
    </div>
  );
}

/**
 * The projects list (issue 8.5, spec 2 /project and /sproject): favicon, name, domain, site
 * health, last audit date, pages crawled, errors, health sparkline and group of each project, with
 * a group filter and rename / move / delete.
 */
export function ProjectList({ projects, groups, group }: { projects: ProjectRow[]; groups: GroupView[]; group: number | null }) {
  const t = useT();
  const to = useLocalized();
  const { lang } = useLang();
  const filters: [number | null, string][] = [
    [null, t(P.allGroups)],
    ...groups.map((g): [number, string] => [g.id, g.name]),
    [0, t(P.noGroup)],
  ];
  return (
    <section className="mt-6" aria-labelledby="projects-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="projects-title" className="sr-only">
          {t(P.listTitle)}
        </h2>
        <nav aria-label={t(P.filterLabel)} className="flex flex-wrap gap-2 text-sm">
          {filters.map(([id, label]) => (
            <Link
              key={id ?? "all"}
              to={to(id === null ? "/project" : `/project?group=${id}`)}
              aria-current={group === id ? "page" : undefined}
              className={`rounded-full border px-3 py-1 ${group === id ? "border-forge-500 bg-forge-50 font-semibold" : "border-ink-200"}`}
            >
              {label}
            </Link>
          ))}
          <Link to={to("/project/group")} className="px-2 py-1 text-forge-600">
            {t(P.manageGroups)}
          </Link>
        </nav>
        <Link to={to("/addproject")} className="btn-primary text-sm">
          {t(P.addProject)}
        </Link>
      </div>
      {projects.length === 0 ? (
        <p className="card mt-4 text-ink-700">{group === null ? t(P.empty) : t(P.emptyGroup)}</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-[var(--radius-card)] border border-ink-100 bg-white">
          <table className="w-full text-sm" data-testid="project-list">
            <thead className="bg-ink-50 text-left text-ink-500">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t(P.colProject)}
                </th>
                <th scope="col" className="px-3 py-2">
                  <HealthLabel />
                </th>
                <th scope="col" className="px-3 py-2">
                  {t(P.colLastAudit)}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t(P.colPages)}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t(P.colErrors)}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t(P.colTrend)}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t(P.colGroup)}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t(P.colActions)}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {projects.map((p) => (
                <tr key={p.id} data-testid="project-row" data-idp={p.id} className="align-top">
                  <td className="px-3 py-2">
                    <div className="flex items-center gap-2">
                      <Favicon url={p.url} name={p.name} />
                      <div className="min-w-0">
                        <Link to={to(`/project?idp=${p.id}`)} className="font-semibold break-all text-ink-900">
                          {p.name}
                        </Link>
                        <p className="text-xs break-all text-ink-500">{p.domain}</p>
                        {p.visibility && (
                          <Link to={to(`/project/rankings?idp=${p.id}`)} className="text-xs text-ink-500" data-testid="row-visibility">
                            {fill(t(R.visibilityShort, "Visibility {v} %"), { v: p.visibility.visibility }, lang)}
                            {p.visibility.change !== null && ` (${p.visibility.change > 0 ? "+" : ""}${p.visibility.change})`}
                          </Link>
                        )}
                      </div>
                    </div>
                  </td>
                  <td className="px-3 py-2" data-testid="row-health">
                    {p.lastAudit ? (
                      <span className={`font-bold ${scoreColor(p.lastAudit.healthScore)}`}>
                        {p.lastAudit.healthScore}
                        <span className="font-normal text-ink-500">{t(P.outOf100)}</span>
                      </span>
                    ) : (
                      <span className="text-ink-500">{p.activeAudit ? t(P.auditRunning) : t(P.notAudited)}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {p.lastAudit ? formatDate(lang, new Date(p.lastAudit.finishedAt), "medium") : "—"}
                  </td>
                  <td className="px-3 py-2 text-right" data-testid="row-pages">
                    {p.lastAudit?.pagesCrawled ?? "—"}
                  </td>
                  <td className="px-3 py-2 text-right" data-testid="row-errors">
                    {p.lastAudit?.errors ?? "—"}
                  </td>
                  <td className="px-3 py-2">
                    {p.sparkline ? (
                      <Chart
                        chart={{
                          ...p.sparkline,
                          alt: fill(t(P.trendAlt), { name: p.name, n: p.trend.length, score: p.lastAudit?.healthScore ?? "" }, lang),
                        }}
                      />
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-3 py-2">{p.groupName ?? <span className="text-ink-500">{t(P.noGroup)}</span>}</td>
                  <td className="px-3 py-2">
                    <RowActions project={p} groups={groups} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
