import { Form, redirect } from "react-router";
import type { Route } from "./+types/reports-form";
import { localizePath } from "../../common/i18n/languages.ts";
import { REPORT_TYPE_CODES, reportTypeText } from "../../common/reports/types.ts";
import { FIELD, FormError, FormPage, PeriodSelect, ProjectSelect, SubmitButton, WhiteLabelSelect } from "../reports/form-parts.tsx";
import { R } from "../reports/text-ids.ts";
import { useT } from "../i18n/use-texts.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { createReport, getReport, reportInputSchema, updateReport } from "../../server/reports/definitions.server.ts";
import { formChoices, loadOr404, pidParam } from "../../server/reports/form-route.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

const FORMATS = ["pdf", "xlsx", "csv"] as const;

/**
 * /reports/create and /reports/edit/{pid} (spec 2, issue 11 point 3): project, type, period, format
 * and white-label profile. Saving queues the report's file and opens the list with the
 * download-status popup following it (/reports/download/{file id}).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const pid = pidParam(params);
  const { projects, whiteLabels } = await formChoices({ services, owner });
  const report = pid === undefined ? null : await loadOr404(() => getReport({ db: services.db, owner, id: pid }));
  const idp = Number(new URL(request.url).searchParams.get("idp"));
  return {
    pid: pid ?? null,
    projects,
    whiteLabels,
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
  const pid = pidParam(params);
  try {
    const input = await formInput(request, reportInputSchema);
    const fileId =
      pid === undefined
        ? (await createReport({ services, owner, input })).fileId
        : (await updateReport({ services, owner, id: pid, input })).fileId;
    return redirect(localizePath(params.lang ?? "en", `/reports/download/${fileId}`));
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export const handle = { noindex: true };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(loaderData?.pid ? R.editTitle : R.createTitle)) }];
}

export default function ReportForm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const v = loaderData.values;
  return (
    <FormPage title={t(loaderData.pid ? R.editTitle : R.createTitle)}>
      {loaderData.projects.length === 0 ? (
        <p>{t(R.noProjects)}</p>
      ) : (
        <Form method="post" className="grid max-w-xl gap-4">
          <FormError actionData={actionData} />
          <ProjectSelect projects={loaderData.projects} defaultValue={v.idp} />
          <label>
            {t(R.fieldType)}
            <select name="type" defaultValue={v.type} className={FIELD}>
              {REPORT_TYPE_CODES.map((c) => (
                <option key={c} value={c}>
                  {t(reportTypeText(c))}
                </option>
              ))}
            </select>
          </label>
          <PeriodSelect defaultValue={v.periodDays} />
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
          <WhiteLabelSelect whiteLabels={loaderData.whiteLabels} defaultValue={v.whiteLabelId} />
          <SubmitButton label={t(R.save)} />
        </Form>
      )}
    </FormPage>
  );
}
