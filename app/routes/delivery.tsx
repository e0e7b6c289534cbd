import { Form } from "react-router";
import type { Route } from "./+types/delivery";
import { formatCount } from "../../common/reports/format.ts";
import { reportTypeText } from "../../common/reports/types.ts";
import { ListPage, RowActions, useDeletableRows } from "../reports/list-parts.tsx";
import { R } from "../reports/text-ids.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { listDeliveries, sendDeliveryNow } from "../../server/reports/delivery.server.ts";
import { z } from "zod";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/**
 * /reports/delivery (spec 2, issue 11 point 6): scheduled deliveries with their recent runs
 * (status, attempts, error); "send now" queues a run; delete through POST /api/reports/delete_delivery.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const rows = await listDeliveries({ db: services.db, owner });
  return {
    rows: rows.map((d) => ({
      id: d.id,
      domain: d.domain,
      frequency: d.frequency,
      weekday: d.weekday,
      monthDay: d.monthDay,
      time: d.time,
      timeZone: d.timeZone,
      recipients: d.recipients,
      types: d.types,
      format: d.format,
      runs: d.runs.map((r) => ({ id: r.id, status: r.status, attempts: r.attempts, error: r.error, createdAt: r.createdAt.toISOString() })),
    })),
  };
}

/** "Send now": queues a run of the delivery. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  try {
    const { pid } = await formInput(request, z.object({ pid: z.coerce.number().int().positive() }));
    await sendDeliveryNow({ services, owner, id: pid });
    return { queued: pid };
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export const handle = { noindex: true };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(R.dlTitle)) }];
}

const FREQ = { daily: R.dlDaily, weekly: R.dlWeekly, monthly: R.dlMonthly } as const;
const RUN = { sent: R.dlSent, failed: R.dlFailed, running: R.dlRunning } as const;

export default function Deliveries({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { lang, bcp47 } = useLang();
  const { rows, remove } = useDeletableRows(loaderData.rows, "/api/reports/delete_delivery");
  const weekday = (d: number) =>
    new Intl.DateTimeFormat(bcp47, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 7 + d)));
  return (
    <ListPage
      title={t(R.dlTitle)}
      lead={t(R.dlLead)}
      newPath="/reports/delivery/new"
      newLabel={t(R.dlNew)}
      empty={rows.length === 0 ? t(R.dlNone) : null}
    >
      <ul className="grid gap-4">
        {rows.map((d) => (
          <li key={d.id} className="rounded border border-ink-300 p-4" data-delivery={d.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <strong>{d.domain}</strong>
              <span className="text-sm text-ink-500">
                {t(FREQ[d.frequency])}
                {d.frequency === "weekly" ? ` · ${weekday(d.weekday)}` : d.frequency === "monthly" ? ` · ${d.monthDay}` : ""} · {d.time} (
                {d.timeZone})
              </span>
            </div>
            <p className="text-sm">
              {d.types.map((x) => t(reportTypeText(x))).join(", ")} · {d.format.toUpperCase()} → {d.recipients.join(", ")}
            </p>
            <h3 className="mt-2 text-sm font-semibold">{t(R.dlHistory)}</h3>
            {d.runs.length === 0 ? (
              <p className="text-sm text-ink-500">{t(R.dlNoRuns)}</p>
            ) : (
              <ul className="text-sm">
                {d.runs.map((r) => (
                  <li key={r.id}>
                    {new Date(r.createdAt).toLocaleString(bcp47, { dateStyle: "medium", timeStyle: "short" })} — {t(RUN[r.status])} (
                    {formatCount(lang, t(R.dlAttempts), r.attempts)}){r.error ? `: ${r.error}` : ""}
                  </li>
                ))}
              </ul>
            )}
            <RowActions editPath={`/reports/delivery/edit/${d.id}`} onDelete={() => void remove(d.id)}>
              <Form method="post">
                <input type="hidden" name="pid" value={d.id} />
                <button type="submit" className="text-forge-700 underline">
                  {t(R.dlSendNow)}
                </button>
              </Form>
            </RowActions>
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
