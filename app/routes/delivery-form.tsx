import { Form, redirect } from "react-router";
import type { Route } from "./+types/delivery-form";
import { localizePath } from "../../common/i18n/languages.ts";
import { REPORT_TYPE_CODES, reportTypeText } from "../../common/reports/types.ts";
import { FIELD, FormError, FormPage, PeriodSelect, ProjectSelect, SubmitButton, WhiteLabelSelect } from "../reports/form-parts.tsx";
import { R } from "../reports/text-ids.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { deliverySchema, getDelivery, saveDelivery } from "../../server/reports/delivery.server.ts";
import { formChoices, loadOr404, pidParam } from "../../server/reports/form-route.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/**
 * /reports/delivery/new, /reports/create-delivery and /reports/delivery/edit/{pid} (spec 2,
 * issue 11 point 6): schedule (daily, weekly on a day, monthly on a date, time and time zone),
 * recipients, report types, format, period and white-label profile.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const pid = pidParam(params);
  const { projects, whiteLabels } = await formChoices({ services, owner });
  const d = pid === undefined ? null : await loadOr404(() => getDelivery({ db: services.db, owner, id: pid }));
  return {
    pid: pid ?? null,
    projects,
    whiteLabels,
    timeZones: Intl.supportedValuesOf("timeZone"),
    values: {
      idp: d?.projectId ?? projects[0]?.id ?? 0,
      frequency: d?.frequency ?? "weekly",
      weekday: d?.weekday ?? 1,
      monthDay: d?.monthDay ?? 1,
      time: d?.time ?? "08:00",
      timeZone: d?.timeZone ?? "UTC",
      recipients: d?.recipients.join(", ") ?? "",
      types: d?.types ?? ["wa"],
      format: d?.format ?? "pdf",
      periodDays: d?.periodDays ?? 30,
      whiteLabelId: d?.whiteLabelId ?? 0,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  try {
    const input = await formInput(request, deliverySchema);
    await saveDelivery({ services, owner, id: pidParam(params), input });
    return redirect(localizePath(params.lang ?? "en", "/reports/delivery"));
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export const handle = { noindex: true };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(loaderData?.pid ? R.dlEditTitle : R.dlNew)) }];
}

export default function DeliveryForm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { bcp47 } = useLang();
  const v = loaderData.values;
  const weekday = (d: number) =>
    new Intl.DateTimeFormat(bcp47, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 7 + d)));
  if (loaderData.projects.length === 0)
    return (
      <FormPage title={t(R.dlNew)}>
        <p>{t(R.noProjects)}</p>
      </FormPage>
    );
  return (
    <FormPage title={t(loaderData.pid ? R.dlEditTitle : R.dlNew)}>
      <Form method="post" className="grid max-w-xl gap-4">
        <FormError actionData={actionData} />
        <ProjectSelect projects={loaderData.projects} defaultValue={v.idp} />
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="mb-1">{t(R.dlSchedule)}</legend>
          <label>
            {t(R.dlFrequency)}
            <select name="frequency" defaultValue={v.frequency} className={FIELD}>
              <option value="daily">{t(R.dlDaily)}</option>
              <option value="weekly">{t(R.dlWeekly)}</option>
              <option value="monthly">{t(R.dlMonthly)}</option>
            </select>
          </label>
          <label>
            {t(R.dlWeekday)}
            <select name="weekday" defaultValue={v.weekday} className={FIELD}>
              {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                <option key={d} value={d}>
                  {weekday(d)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t(R.dlMonthDay)}
            <input type="number" name="monthDay" min={1} max={28} defaultValue={v.monthDay} className={FIELD} />
          </label>
          <label>
            {t(R.dlTime)}
            <input type="time" name="time" required defaultValue={v.time} className={FIELD} />
          </label>
          <label className="col-span-2">
            {t(R.dlTimeZone)}
            <select name="timeZone" defaultValue={v.timeZone} className={FIELD}>
              {["UTC", ...loaderData.timeZones.filter((z) => z !== "UTC")].map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        <label>
          {t(R.dlRecipients)}
          <input name="recipients" required defaultValue={v.recipients} className={FIELD} />
        </label>
        <fieldset>
          <legend>{t(R.dlTypes)}</legend>
          <div className="mt-1 grid grid-cols-2 gap-1">
            {REPORT_TYPE_CODES.map((c) => (
              <label key={c} className="flex items-center gap-1">
                <input type="checkbox" name="types" value={c} defaultChecked={v.types.includes(c)} /> {t(reportTypeText(c))}
              </label>
            ))}
          </div>
        </fieldset>
        <label>
          {t(R.fieldFormat)}
          <select name="format" defaultValue={v.format} className={FIELD}>
            <option value="pdf">PDF</option>
            <option value="xlsx">XLSX</option>
            <option value="csv">CSV</option>
          </select>
        </label>
        <PeriodSelect defaultValue={v.periodDays} />
        <WhiteLabelSelect whiteLabels={loaderData.whiteLabels} defaultValue={v.whiteLabelId} />
        <SubmitButton label={t(R.dlSave)} />
      </Form>
    </FormPage>
  );
}
