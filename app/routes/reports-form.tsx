import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reports-form";
import { localizePath } from "../../common/i18n/languages.ts";
import { formatCount } from "../../common/reports/format.ts";
import { PERIODS, REPORT_TYPE_CODES, reportTypeText } from "../../common/reports/types.ts";
import { ReportsNav } from "../reports/reports-nav.tsx";
import { R } from "../reports/text-ids.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { listProjects } from "../../server/project/get-project.server.ts";
import { createReport, getReport, reportInputSchema, updateReport } from "../../server/reports/definitions.server.ts";
import { listWhiteLabels } from "../../server/reports/white-label.server.ts";

const FORMATS = ["pdf", "xlsx", "csv"] as const;

const pidOf = (params: Record<string, string | undefined>) => {
  const n = Number(params.pid);
  return params.pid === undefined ? null : Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/**
 * /reports/create and /reports/edit/{pid} (spec 2, issue 11 point 3): project, type, period, format
 * and white-label profile. Saving queues the report's file and opens the list with the
 * download-status popup following it (/reports/download/{file id}).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const pid = pidOf(params);
  const [projects, whiteLabels] = await Promise.all([listProjects({ services, owner }), listWhiteLabels({ db: services.db, owner })]);
  let report = null;
  if (pid !== null) {
    try {
      report = await getReport({ db: services.db, owner, id: pid });
    } catch (err) {
      if (err instanceof AppError) throw data(null, { status: 404 });
      throw err;
    }
  }
  const idp = Number(new URL(request.url).searchParams.get("idp"));
  return {
    pid,
    projects: projects.map((p) => ({ id: p.id, domain: p.domain })),
    whiteLabels: whiteLabels.map((w) => ({ id: w.id, company: w.company })),
    values: {
      idp: report?.projectId ?? (projects.some((p) => p.id === idp) ? idp : (projects[0]?.id ?? 0)),
      type: report?.type ?? "wa",
      format: report?.format ?? "pdf",
      periodDays: report?.periodDays ?? 30,
      whiteLabelId: report?.whiteLabelId ?? 0,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const pid = pidOf(params);
  try {
    const input = await formInput(request, reportInputSchema);
    const fileId =
      pid === null
        ? (await createReport({ services, owner, input })).fileId
        : (await updateReport({ services, owner, id: pid, input })).fileId;
    return redirect(localizePath(params.lang ?? "en", `/reports/download/${fileId}`));
  } catch (err) {
    return actionError(err);
  }
}

export const handle = { noindex: true };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.pid ? "Edit report" : "Create a report"} — Rankforge` }];
}

const field = "mt-1 block w-full rounded border border-ink-300 px-3 py-2";

export default function ReportForm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { lang } = useLang();
  const busy = useNavigation().state !== "idle";
  const v = loaderData.values;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div>
      <h1 className="text-2xl font-bold">{t(loaderData.pid ? R.editTitle : R.createTitle)}</h1>
      <ReportsNav />
      {loaderData.projects.length === 0 ? (
        <p>{t(R.noProjects)}</p>
      ) : (
        <Form method="post" className="grid max-w-xl gap-4">
          {error && (
            <p role="alert" className="rounded bg-danger-100 p-3 text-danger-600">
              {error.field ? `${error.field}: ` : ""}
              {error.message}
            </p>
          )}
          <label>
            {t(R.fieldProject)}
            <select name="idp" defaultValue={v.idp} className={field}>
              {loaderData.projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.domain}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t(R.fieldType)}
            <select name="type" defaultValue={v.type} className={field}>
              {REPORT_TYPE_CODES.map((c) => (
                <option key={c} value={c}>
                  {t(reportTypeText(c))}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t(R.fieldPeriod)}
            <select name="periodDays" defaultValue={v.periodDays} className={field}>
              {PERIODS.map((d) => (
                <option key={d} value={d}>
                  {formatCount(lang, t(R.periodDays), d)}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{t(R.fieldFormat)}</legend>
            <div className="mt-1 flex gap-4">
              {FORMATS.map((f) => (
                <label key={f} className="flex items-center gap-1">
                  <input type="radio" name="format" value={f} defaultChecked={v.format === f} />
                  {f.toUpperCase()}
                </label>
              ))}
            </div>
          </fieldset>
          <label>
            {t(R.fieldWhiteLabel)}
            <select name="whiteLabelId" defaultValue={v.whiteLabelId} className={field}>
              <option value="0">{t(R.noWhiteLabel)}</option>
              {loaderData.whiteLabels.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.company}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={busy} className="w-fit rounded bg-forge-600 px-4 py-2 font-semibold text-white">
            {t(R.save)}
          </button>
        </Form>
      )}
    </div>
  );
}
