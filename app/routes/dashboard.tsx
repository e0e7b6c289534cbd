import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { localizePath } from "../../common/i18n/languages.ts";
import { formatCount } from "../../common/reports/format.ts";
import { Chart } from "../components/chart.tsx";
import { R } from "../reports/text-ids.ts";
import { SectionBlocks } from "../reports/section-blocks.tsx";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { listProjects } from "../../server/project/get-project.server.ts";
import {
  dashboardView,
  dateRange,
  frameAncestors,
  getShare,
  projectOfToken,
  shareOrigins,
  shareSchema,
  updateShare,
} from "../../server/reports/dashboard.server.ts";
import { listWhiteLabels } from "../../server/reports/white-label.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/**
 * /dashboard and /dashboard/{id_project} (spec 2: no header or footer; issue 11 point 7): the
 * Dedicated SEO Dashboard. The owner sees it with its sharing settings; anyone with the project's
 * share token (?token=) sees it read-only, signed out, until the owner revokes the token. Only the
 * origins the owner lists may frame it (CSP frame-ancestors).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const q = new URL(request.url).searchParams;
  const lang = params.lang ?? "en";
  if (!("id_project" in params) || params.id_project === undefined) {
    const projects = await listProjects({ services, owner });
    if (projects.length === 1) throw redirect(localizePath(lang, `/dashboard/${projects[0]!.id}`));
    return { view: "pick" as const, projects: projects.map((p) => ({ id: p.id, domain: p.domain })) };
  }
  const projectId = Number(params.id_project);
  if (!Number.isSafeInteger(projectId) || projectId <= 0) throw data(null, { status: 404 });
  const token = q.get("token");
  let share;
  let shared = false;
  if (token !== null) {
    if ((await projectOfToken(services.db, token)) !== projectId) throw data(null, { status: 404 });
    shared = true;
  } else {
    try {
      share = await getShare({ db: services.db, owner, projectId });
    } catch (err) {
      if (err instanceof AppError) throw data(null, { status: 404 });
      throw err;
    }
  }
  const range = dateRange(q.get("from"), q.get("to"));
  const view = await dashboardView({ db: services.db, projectId, ...range, lang });
  const whiteLabels = shared ? [] : await listWhiteLabels({ db: services.db, owner });
  const origins = shared ? await shareOrigins(services.db, projectId) : [];
  return data(
    {
      view: "dashboard" as const,
      dashboard: view,
      shared,
      token: shared ? token : null,
      share: share ? { token: share.token, frameOrigins: share.frameOrigins, whiteLabelId: share.whiteLabelId } : null,
      whiteLabels: whiteLabels.map((w) => ({ id: w.id, company: w.company })),
    },
    { headers: { "content-security-policy": frameAncestors(origins), "cache-control": "private, no-store" } },
  );
}

/** Sharing: create or replace the token, revoke it, or save framing origins and branding (owner only). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  try {
    const input = await formInput(request, shareSchema);
    await updateShare({ db: services.db, owner, projectId: Number(params.id_project), input });
    return { saved: true };
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = { noindex: true };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaTexts(matches);
  const d = loaderData && loaderData.view === "dashboard" ? loaderData.dashboard : null;
  return [
    { title: d ? `${d.domain} — ${d.brand.company} ${t(R.dbTitle)}` : brandTitle(t(R.dbTitle)) },
    { name: "robots", content: "noindex" },
  ];
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="min-w-0 rounded-lg border border-ink-100 bg-white p-4 shadow-sm">
      <h2 className="mb-2 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { lang } = useLang();
  const loc = useLocalized();
  if (loaderData.view === "pick")
    return (
      <main className="mx-auto max-w-xl p-6">
        <h1 className="mb-4 text-2xl font-bold">{t(R.dbPickProject)}</h1>
        {loaderData.projects.length === 0 ? (
          <p>{t(R.dbNoProjects)}</p>
        ) : (
          <ul className="grid gap-2">
            {loaderData.projects.map((p) => (
              <li key={p.id}>
                <Link className="text-forge-700 underline" to={loc(`/dashboard/${p.id}`)}>
                  {p.domain}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    );
  const d = loaderData.dashboard;
  const share = loaderData.share;
  const shareUrl = share?.token ? `/dashboard/${d.projectId}?token=${share.token}` : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <main className="min-h-screen bg-ink-50 p-4 sm:p-6" style={{ borderTop: `6px solid ${d.brand.colorPrimary}` }} data-testid="dashboard">
      <header className="mb-6 flex flex-wrap items-center gap-4">
        {d.brand.logo && <img src={d.brand.logo} alt={d.brand.company} className="max-h-12 max-w-48" />}
        <div>
          <h1 className="text-2xl font-bold" style={{ color: d.brand.colorPrimary }}>
            {d.domain} — {t(R.dbTitle)}
          </h1>
          <p className="text-sm text-ink-500">
            {loaderData.shared ? `${t(R.dbSharedBy)} · ` : ""}
            {d.brand.company}
            {[d.brand.website, d.brand.email, d.brand.phone].filter(Boolean).map((x) => ` · ${x}`)}
          </p>
        </div>
        <Form method="get" className="ml-auto flex flex-wrap items-end gap-2 text-sm">
          {loaderData.token && <input type="hidden" name="token" value={loaderData.token} />}
          <label>
            {t(R.dbFrom)}
            <input type="date" name="from" defaultValue={d.from} className="block rounded border border-ink-300 px-2 py-1" />
          </label>
          <label>
            {t(R.dbTo)}
            <input type="date" name="to" defaultValue={d.to} className="block rounded border border-ink-300 px-2 py-1" />
          </label>
          <button type="submit" className="rounded px-3 py-1.5 font-semibold text-white" style={{ background: d.brand.colorPrimary }}>
            {t(R.dbApply)}
          </button>
        </Form>
      </header>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {d.audit ? (
          <>
            <Panel title={t(R.dbHealth)}>
              <Chart chart={d.audit.health} />
              <p className="text-sm text-ink-500">
                {formatCount(lang, t(R.dbPages), d.audit.pages)} · {d.audit.finishedAt.slice(0, 10)}
              </p>
            </Panel>
            <Panel title={t(R.dbTrend)}>{d.audit.trend ? <Chart chart={d.audit.trend} /> : <Chart chart={d.audit.severity} />}</Panel>
            <Panel title={t(R.dbSeverity)}>
              <Chart chart={d.audit.severity} />
            </Panel>
            <div className="min-w-0 lg:col-span-2">
              <Panel title={t(R.dbIssues)}>
                <Chart chart={d.audit.categories} />
              </Panel>
            </div>
            <Panel title={t(R.dbStatus)}>
              <Chart chart={d.audit.status} />
            </Panel>
            <Panel title={t(R.dbDepth)}>
              <Chart chart={d.audit.depth} />
            </Panel>
          </>
        ) : (
          <Panel title={t(R.dbHealth)}>
            <p>{t(R.dbNoAudit)}</p>
          </Panel>
        )}
        <div className="min-w-0 lg:col-span-2">
          <Panel title={t(R.dbSearch)}>
            {d.searchConsole.chart ? (
              <>
                <p className="mb-2 text-sm">
                  {t(R.dbClicks)}: <strong>{d.searchConsole.clicks}</strong> · {t(R.dbImpressions)}:{" "}
                  <strong>{d.searchConsole.impressions}</strong>
                </p>
                <Chart chart={d.searchConsole.chart} />
              </>
            ) : (
              <p>{t(R.dbNoSearch)}</p>
            )}
          </Panel>
        </div>
        {d.panels.map((p) => (
          <div key={p.id} className={`min-w-0 ${p.connected && p.blocks.length > 1 ? "lg:col-span-3" : ""}`} data-testid={`panel-${p.id}`}>
            <Panel title={p.title}>
              <SectionBlocks section={p} />
            </Panel>
          </div>
        ))}
      </div>
      {share && (
        <section className="mt-6 rounded-lg border border-ink-100 bg-white p-4" aria-labelledby="share-h">
          <h2 id="share-h" className="text-base font-semibold">
            {t(R.dbShare)}
          </h2>
          <p className="text-sm text-ink-500">{t(R.dbShareLead)}</p>
          {error && (
            <p role="alert" className="text-danger-600">
              {error.field ? `${error.field}: ` : ""}
              {error.message}
            </p>
          )}
          {shareUrl && (
            <p className="my-2 break-all text-sm">
              <a className="text-forge-700 underline" href={shareUrl} data-testid="share-link">
                {shareUrl}
              </a>
            </p>
          )}
          <Form method="post" className="grid max-w-xl gap-2 text-sm">
            <label>
              {t(R.dbFrameOrigins)}
              <textarea
                name="frameOrigins"
                defaultValue={share.frameOrigins.join("\n")}
                className="mt-1 block w-full rounded border border-ink-300 px-2 py-1"
              />
            </label>
            <label>
              {t(R.fieldWhiteLabel)}
              <select
                name="whiteLabelId"
                defaultValue={share.whiteLabelId ?? 0}
                className="mt-1 block w-full rounded border border-ink-300 px-2 py-1"
              >
                <option value="0">{t(R.noWhiteLabel)}</option>
                {loaderData.whiteLabels.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.company}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex flex-wrap gap-2">
              <button name="intent" value="share" className="rounded bg-forge-600 px-3 py-1.5 font-semibold text-white">
                {t(share.token ? R.dbShareNew : R.dbShareCreate)}
              </button>
              {share.token && (
                <button name="intent" value="revoke" className="rounded border border-danger-600 px-3 py-1.5 text-danger-600">
                  {t(R.dbShareRevoke)}
                </button>
              )}
              <button name="intent" value="settings" className="rounded border border-ink-300 px-3 py-1.5">
                {t(R.dbSaveSettings)}
              </button>
            </div>
          </Form>
        </section>
      )}
    </main>
  );
}
