import type { ReportSection } from "../../server/reports/model.ts";
import { Chart } from "../components/chart.tsx";

/** Table rows a dashboard panel shows at most (the full tables are in the report files). */
export const PANEL_TABLE_ROWS = 5;

/**
 * The blocks of a report section on screen (the Dedicated SEO Dashboard's rank and speed panels):
 * key figures, charts with their text alternatives, notes, and the first rows of each table.
 */
export function SectionBlocks({ section }: { section: ReportSection }) {
  return (
    <div className="grid grid-cols-1 gap-4">
      {section.blocks.map((b, i) => {
        if (b.kind === "note") return <p key={i}>{b.text}</p>;
        if (b.kind === "chart") return <Chart key={i} chart={b.chart} />;
        if (b.kind === "metrics")
          return (
            <dl key={i} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {b.items.map((m) => (
                <div key={m.label} className="rounded-lg bg-ink-50 p-2">
                  <dt className="text-xs text-ink-500">{m.label}</dt>
                  <dd className="text-lg font-semibold">{m.value}</dd>
                </div>
              ))}
            </dl>
          );
        return (
          <div key={i} className="min-w-0 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="mb-1 text-left font-medium text-ink-700">{b.title}</caption>
              <thead>
                <tr>
                  {b.head.map((h) => (
                    <th key={h} scope="col" className="pr-3 text-left font-medium text-ink-500">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {b.rows.slice(0, PANEL_TABLE_ROWS).map((row, r) => (
                  <tr key={r} className="border-t border-ink-100">
                    {row.map((cell, c) => (
                      <td key={c} className="max-w-64 truncate py-1 pr-3">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}
