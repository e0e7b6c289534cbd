import type { RenderedChart } from "../../common/chart.ts";
import { Chart } from "../components/chart.tsx";
import { useMessage, useT } from "../i18n/use-texts.ts";
import type { FieldData, FieldMetrics, MetricId, Rating, SpeedFinding, SpeedResult } from "../../server/speed/model.ts";
import { ratingOfField } from "../../server/speed/model.ts";
import { SP } from "./text-ids.ts";

const METRIC_TEXT: Record<MetricId, number> = { lcp: SP.lcp, cls: SP.cls, tbt: SP.tbt, fcp: SP.fcp, si: SP.si, tti: SP.tti };
const RATING_TEXT: Record<Rating, number> = { good: SP.good, average: SP.average, poor: SP.poor };
/** PSI's colours and shapes: a green circle, an orange square, a red triangle (colour is never the only cue). */
const RATING_STYLE: Record<Rating, { text: string; shape: string }> = {
  good: { text: "text-signal-600", shape: "●" },
  average: { text: "text-warn-600", shape: "■" },
  poor: { text: "text-danger-600", shape: "▲" },
};

/** A value in ms as PSI prints it: "320 ms" below a second, else "2.1 s". CLS keeps three decimals. */
export function formatMetric(id: MetricId | "inp", value: number | null): string {
  if (value === null) return "–";
  if (id === "cls") return value.toFixed(3);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}

const kb = (bytes: number | null) => (bytes === null ? "–" : `${(bytes / 1024).toFixed(1)} KB`);

function RatingMark({ rating }: { rating: Rating | null }) {
  const t = useT();
  if (!rating) return null;
  const s = RATING_STYLE[rating];
  return (
    <span className={`${s.text} text-sm`}>
      <span aria-hidden="true">{s.shape}</span> <span className="sr-only">{t(RATING_TEXT[rating])}</span>
    </span>
  );
}

function FindingTable({ title, rows, savings }: { title: string; rows: SpeedFinding[]; savings: boolean }) {
  const t = useT();
  return (
    <section className="card mt-6">
      <h3 className="text-lg font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-500">{t(SP.none)}</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink-100">
          {rows.map((f) => (
            <li key={f.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              <span>
                <RatingMark rating={f.score === null ? null : f.score >= 0.9 ? "good" : f.score >= 0.5 ? "average" : "poor"} /> {f.title}
                {f.display && <span className="ml-2 text-ink-500">{f.display}</span>}
              </span>
              {savings && (
                <span className="font-medium text-ink-700">
                  {[f.savingsMs !== null ? formatMetric("lcp", f.savingsMs) : null, f.savingsBytes !== null ? kb(f.savingsBytes) : null]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UrlTable({ title, head, rows }: { title: string; head: string[]; rows: { url: string; cells: string[] }[] }) {
  const t = useT();
  return (
    <section className="card mt-6 overflow-x-auto">
      <h3 className="text-lg font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-500">{t(SP.none)}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-ink-500">
              {head.map((h, i) => (
                <th key={i} scope="col" className={`pb-1 font-medium ${i === 0 ? "text-left" : "text-right"}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className="border-t border-ink-100">
                <td className="max-w-md truncate py-1.5 pr-3" title={r.url}>
                  {r.url}
                </td>
                {r.cells.map((c, j) => (
                  <td key={j} className="py-1.5 pr-3 text-right whitespace-nowrap text-ink-700">
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function FieldBlock({ label, data }: { label: string; data: FieldMetrics | null }) {
  const t = useT();
  const rows: { id: "lcp" | "inp" | "cls"; name: number; value: number | null; rating: Rating | null }[] = data
    ? [
        { id: "lcp", name: SP.lcp, value: data.lcpMs, rating: ratingOfField("lcpMs", data.lcpMs) },
        { id: "inp", name: SP.inp, value: data.inpMs, rating: ratingOfField("inpMs", data.inpMs) },
        { id: "cls", name: SP.cls, value: data.cls, rating: ratingOfField("cls", data.cls) },
      ]
    : [];
  return (
    <div>
      <h4 className="font-medium">{label}</h4>
      {data === null ? (
        <p className="mt-1 text-sm text-ink-500">{t(SP.noField)}</p>
      ) : (
        <dl className="mt-1 grid gap-1 text-sm">
          {rows.map((r) => (
            <div key={r.id} className="flex justify-between gap-3">
              <dt>{t(r.name)}</dt>
              <dd className="font-semibold">
                <RatingMark rating={r.rating} /> {formatMetric(r.id, r.value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Field data of a test (only when a PageSpeed Insights key is configured). */
export function FieldDataCard({ field }: { field: FieldData }) {
  const t = useT();
  const f = useMessage();
  return (
    <section className="card mt-6">
      <h3 className="text-lg font-semibold">{t(SP.field)}</h3>
      {field.error ? (
        <p className="mt-2 text-sm text-danger-600">{f(SP.fieldError, { error: field.error })}</p>
      ) : (
        <div className="mt-3 grid gap-6 sm:grid-cols-2">
          <FieldBlock label={t(SP.fieldUrl)} data={field.url} />
          <FieldBlock label={t(SP.fieldOrigin)} data={field.origin} />
        </div>
      )}
    </section>
  );
}

/**
 * One form factor of a speed test (issue 12.1): category gauges, the median run's metrics coloured
 * as PageSpeed Insights colours them with the spread over the runs, the filmstrip and final
 * screenshot, the LCP element, opportunities, diagnostics, render-blocking and largest requests.
 */
export function SpeedResultView({ result, gauges, runsChart }: { result: SpeedResult; gauges: RenderedChart[]; runsChart: RenderedChart }) {
  const t = useT();
  const f = useMessage();
  const r = result.median;
  const ok = result.runs.filter((x) => x.error === null).length;
  return (
    <div>
      <div className="card mt-6">
        <div className="flex flex-wrap justify-around gap-4">
          {gauges.map((g, i) => (
            <Chart key={i} chart={g} />
          ))}
        </div>
        <p className="mt-3 text-center text-sm text-ink-700">
          {f(SP.medianOf, { n: ok, min: result.spread.performance.min ?? "–", max: result.spread.performance.max ?? "–" })}
        </p>
      </div>
      <section className="card mt-6">
        <h3 className="text-lg font-semibold">{t(SP.metrics)}</h3>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          {r.metrics.map((m) => {
            const s = result.spread.metrics[m.id];
            return (
              <div key={m.id} className="border-t border-ink-100 pt-2" data-metric={m.id}>
                <dt className="text-sm text-ink-700">{t(METRIC_TEXT[m.id])}</dt>
                <dd className={`text-2xl font-semibold ${m.rating ? RATING_STYLE[m.rating].text : ""}`}>
                  <RatingMark rating={m.rating} /> {formatMetric(m.id, m.value)}
                </dd>
                {result.runs.length > 1 && s.min !== null && (
                  <dd className="text-xs text-ink-500">
                    {f(SP.range, { min: formatMetric(m.id, s.min), max: formatMetric(m.id, s.max) })}
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      </section>
      {result.runs.length > 1 && <Chart chart={runsChart} className="card mt-6" />}
      <section className="card mt-6">
        <h3 className="text-lg font-semibold">{t(SP.filmstrip)}</h3>
        <ol className="mt-3 flex gap-2 overflow-x-auto pb-2">
          {r.filmstrip.map((f, i) => (
            <li key={i} className="shrink-0 text-center text-xs text-ink-500">
              <img src={f.data} alt="" width={80} className="h-auto w-20 border border-ink-100" />
              {formatMetric("lcp", f.timing)}
            </li>
          ))}
        </ol>
        {r.finalScreenshot && (
          <figure className="mt-4">
            <img src={r.finalScreenshot} alt={t(SP.finalScreenshot)} className="max-h-96 w-auto border border-ink-100" />
            <figcaption className="mt-1 text-xs text-ink-500">{t(SP.finalScreenshot)}</figcaption>
          </figure>
        )}
      </section>
      {r.lcpElement && (
        <section className="card mt-6">
          <h3 className="text-lg font-semibold">{t(SP.lcpElement)}</h3>
          {r.lcpElement.label && <p className="mt-2 text-sm">{r.lcpElement.label}</p>}
          <code className="mt-2 block overflow-x-auto text-xs break-all text-ink-700">{r.lcpElement.snippet ?? r.lcpElement.selector}</code>
        </section>
      )}
      <FindingTable title={t(SP.opportunities)} rows={r.opportunities} savings />
      <FindingTable title={t(SP.diagnostics)} rows={r.diagnostics} savings={false} />
      <UrlTable
        title={t(SP.renderBlocking)}
        head={[t(SP.url), t(SP.savings), t(SP.size)]}
        rows={r.renderBlocking.map((b) => ({ url: b.url, cells: [formatMetric("lcp", b.wastedMs), kb(b.bytes)] }))}
      />
      <UrlTable
        title={t(SP.largestRequests)}
        head={[t(SP.url), t(SP.type), t(SP.size)]}
        rows={r.largestRequests.map((b) => ({ url: b.url, cells: [b.type ?? "", kb(b.bytes)] }))}
      />
      {r.warnings.length > 0 && (
        <section className="card mt-6">
          <h3 className="text-lg font-semibold">{t(SP.warnings)}</h3>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {r.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
