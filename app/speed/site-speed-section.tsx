import { Form } from "react-router";
import type { BudgetBreach } from "../../server/db/schema/speed.server.ts";
import type { SpeedBudget } from "../../server/speed/budget.server.ts";
import type { SiteSpeedScheduleView } from "../../server/speed/schedule.server.ts";
import type { TrendChart } from "../../server/speed/site-speed-view.server.ts";
import type { TemplateRow, TrendPoint } from "../../server/speed/site-speed.server.ts";
import { Chart } from "../components/chart.tsx";
import { useMessage, useT } from "../i18n/use-texts.ts";
import { FormFactorTable } from "./form-factor-table.tsx";
import { formatMetric } from "./speed-result.tsx";
import { SP } from "./text-ids.ts";

/** What the site speed section shows (the /page-speed loader fills it for ?idp=). */
export interface SiteSpeedData {
  templates: TemplateRow[];
  trend: { points: TrendPoint[]; active: { runId: number; waiting: number; running: number; firstPosition: number | null } | null };
  schedule: SiteSpeedScheduleView | null;
  budget: SpeedBudget;
  charts: TrendChart[];
}

const METRIC_TEXT: Record<BudgetBreach["metric"], number> = { lcp: SP.lcp, tbt: SP.tbt, cls: SP.cls, performance: SP.performance };

function BreachList({ breaches }: { breaches: BudgetBreach[] }) {
  const t = useT();
  const value = (b: BudgetBreach, v: number) => (b.metric === "performance" ? String(v) : formatMetric(b.metric, v));
  return (
    <ul className="mt-1 list-disc pl-5">
      {breaches.map((b) => (
        <li key={`${b.template} ${b.metric}`}>
          <span className="font-medium">{b.template}</span>: {t(METRIC_TEXT[b.metric])} {value(b, b.value)} ({t(SP.budgetSeries)}{" "}
          {value(b, b.limit)})
        </li>
      ))}
    </ul>
  );
}

function Field({ name, label, value, step }: { name: string; label: number; value: number | null; step?: string }) {
  const t = useT();
  return (
    <label className="grid gap-1 text-sm">
      <span className="text-ink-700">{t(label)}</span>
      <input
        name={name}
        type="number"
        min={0}
        step={step ?? "1"}
        defaultValue={value ?? ""}
        className="w-32 rounded-lg border border-ink-300 bg-white px-3 py-2"
      />
    </label>
  );
}

/**
 * Site speed of a project (issue 12.2): start a run or schedule one, the budget, the run in
 * progress with its queue position, the table by template (mobile and desktop) and a trend chart per
 * metric over the finished runs, with the latest run's budget breaches.
 */
export function SiteSpeedSection({ idp, data, busy, notice }: { idp: number; data: SiteSpeedData; busy: boolean; notice: string | null }) {
  const t = useT();
  const f = useMessage();
  const { templates, trend, schedule, budget, charts } = data;
  const latest = trend.points.at(-1);
  const lcp = (v: number | null) => formatMetric("lcp", v);
  return (
    <section className="mt-10" aria-labelledby="site-speed">
      <h2 id="site-speed" className="text-xl font-semibold">
        {t(SP.siteSpeed)}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-ink-700">{t(SP.siteSpeedLead)}</p>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <Form method="post">
          <input type="hidden" name="idp" value={idp} />
          <input type="hidden" name="intent" value="sample" />
          <button type="submit" className="btn-secondary px-3 py-2 text-sm" disabled={busy}>
            {t(SP.sample)}
          </button>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={t(SP.schedule)}>
          <input type="hidden" name="idp" value={idp} />
          <input type="hidden" name="intent" value="schedule" />
          <label className="grid gap-1 text-sm">
            <span className="text-ink-700">{t(SP.scheduleLabel)}</span>
            <select
              name="frequency"
              defaultValue={schedule?.frequency ?? "never"}
              className="rounded-lg border border-ink-300 bg-white px-3 py-2"
            >
              <option value="never">{t(SP.never)}</option>
              <option value="daily">{t(SP.daily)}</option>
              <option value="weekly">{t(SP.weekly)}</option>
              <option value="monthly">{t(SP.monthly)}</option>
            </select>
          </label>
          <Field name="perTemplate" label={SP.perTemplate} value={schedule?.perTemplate ?? 3} />
          <button type="submit" className="btn-secondary px-3 py-2 text-sm" disabled={busy}>
            {t(SP.saveSchedule)}
          </button>
        </Form>
      </div>
      {notice && (
        <p role="status" className="mt-2 text-sm text-ink-700">
          {notice}
        </p>
      )}
      {trend.active && (
        <p className="mt-3 text-sm text-ink-700" data-testid="site-run-active">
          {f(SP.runActive, { waiting: trend.active.waiting, position: trend.active.firstPosition ?? "–", running: trend.active.running })}
        </p>
      )}

      <Form method="post" className="card mt-4" aria-labelledby="speed-budget">
        <h3 id="speed-budget" className="font-semibold">
          {t(SP.budget)}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-ink-700">{t(SP.budgetLead)}</p>
        <input type="hidden" name="idp" value={idp} />
        <input type="hidden" name="intent" value="budget" />
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Field name="lcpMs" label={SP.budgetLcp} value={budget.lcpMs} />
          <Field name="tbtMs" label={SP.budgetTbt} value={budget.tbtMs} />
          <Field name="cls" label={SP.budgetCls} value={budget.cls} step="0.01" />
          <Field name="minPerformance" label={SP.budgetPerformance} value={budget.minPerformance} />
          <button type="submit" className="btn-secondary px-3 py-2 text-sm" disabled={busy}>
            {t(SP.saveBudget)}
          </button>
        </div>
        {latest && (
          <div className="mt-3 text-sm" data-testid="budget-state">
            {latest.breaches.length > 0 ? (
              <div className="text-danger-600" role="alert">
                {t(SP.breached)}
                <BreachList breaches={latest.breaches} />
              </div>
            ) : (
              <p className="text-signal-600">{t(SP.kept)}</p>
            )}
          </div>
        )}
      </Form>

      {templates.length === 0 ? (
        <p className="mt-3 text-sm text-ink-500">{t(SP.noTemplates)}</p>
      ) : (
        <FormFactorTable
          rows={templates}
          rowKey={(r) => r.template}
          head={t(SP.template)}
          rowHead={(r) => r.template}
          shared={[
            { label: t(SP.tested), cell: (r) => r.tested },
            { label: t(SP.pending), cell: (r) => r.pending },
          ]}
          columns={[
            { label: t(SP.performance), cell: (r, form) => r[form].performance ?? "–" },
            { label: t(SP.lcpShort), cell: (r, form) => lcp(r[form].lcpMs) },
          ]}
        />
      )}

      <h3 className="mt-6 font-semibold">{t(SP.trend)}</h3>
      {charts.length === 0 ? (
        <p className="mt-2 text-sm text-ink-500">{t(SP.noTrend)}</p>
      ) : (
        <div className="mt-2 grid gap-4 lg:grid-cols-2">
          {charts.map((c) => (
            <div key={c.title} className="card min-w-0">
              <h4 className="text-sm font-semibold">{c.title}</h4>
              <Chart chart={c.chart} className="mt-2" />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
