import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/delivery-form";
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
import { deliverySchema, getDelivery, saveDelivery } from "../../server/reports/delivery.server.ts";
import { listWhiteLabels } from "../../server/reports/white-label.server.ts";

const pidOf = (params: Record<string, string | undefined>) => (params.pid === undefined ? undefined : Number(params.pid));

/**
 * /reports/delivery/new, /reports/create-delivery and /reports/delivery/edit/{pid} (spec 2,
 * issue 11 point 6): schedule (daily, weekly on a day, monthly on a date, time and time zone),
 * recipients, report types, format, period and white-label profile.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const pid = pidOf(params);
  const [projects, whiteLabels] = await Promise.all([listProjects({ services, owner }), listWhiteLabels({ db: services.db, owner })]);
  let d = null;
  if (pid !== undefined) {
    try {
      d = await getDelivery({ db: services.db, owner, id: pid });
    } catch (err) {
      if (err instanceof AppError) throw data(null, { status: 404 });
      throw err;
    }
  }
  return {
    pid: pid ?? null,
    projects: projects.map((p) => ({ id: p.id, domain: p.domain })),
    whiteLabels: whiteLabels.map((w) => ({ id: w.id, company: w.company })),
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
    await saveDelivery({ services, owner, id: pidOf(params), input });
    return redirect(localizePath(params.lang ?? "en", "/reports/delivery"));
  } catch (err) {
    return actionError(err);
  }
}

export const handle = { noindex: true };

export function meta() {
  return [{ title: "Report delivery — Rankforge" }];
}

const field = "mt-1 block w-full rounded border border-ink-300 px-3 py-2";

export default function DeliveryForm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { lang, bcp47 } = useLang();
  const busy = useNavigation().state !== "idle";
  const v = loaderData.values;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const weekday = (d: number) =>
    new Intl.DateTimeFormat(bcp47, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 7 + d)));
  if (loaderData.projects.length === 0)
    return (
      <div>
        <h1 className="text-2xl font-bold">{t(R.dlNew)}</h1>
        <ReportsNav />
        <p>{t(R.noProjects)}</p>
      </div>
    );
  return (
    <div>
      <h1 className="text-2xl font-bold">{t(loaderData.pid ? R.dlEditTitle : R.dlNew)}</h1>
      <ReportsNav />
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
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="mb-1">{t(R.dlSchedule)}</legend>
          <label>
            {t(R.dlFrequency)}
            <select name="frequency" defaultValue={v.frequency} className={field}>
              <option value="daily">{t(R.dlDaily)}</option>
              <option value="weekly">{t(R.dlWeekly)}</option>
              <option value="monthly">{t(R.dlMonthly)}</option>
            </select>
          </label>
          <label>
            {t(R.dlWeekday)}
            <select name="weekday" defaultValue={v.weekday} className={field}>
              {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                <option key={d} value={d}>
                  {weekday(d)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t(R.dlMonthDay)}
            <input type="number" name="monthDay" min={1} max={28} defaultValue={v.monthDay} className={field} />
          </label>
          <label>
            {t(R.dlTime)}
            <input type="time" name="time" required defaultValue={v.time} className={field} />
          </label>
          <label className="col-span-2">
            {t(R.dlTimeZone)}
            <select name="timeZone" defaultValue={v.timeZone} className={field}>
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
          <input name="recipients" required defaultValue={v.recipients} className={field} />
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
          <select name="format" defaultValue={v.format} className={field}>
            <option value="pdf">PDF</option>
            <option value="xlsx">XLSX</option>
            <option value="csv">CSV</option>
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
          {t(R.dlSave)}
        </button>
      </Form>
    </div>
  );
}
