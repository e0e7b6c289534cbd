import type { RenderedChart } from "../../common/chart.ts";

/**
 * A server-rendered chart (server/charts) with its text alternative: the SVG is an image named by
 * `alt`, and its data follows as a table — visually hidden, or shown under the chart with
 * `showTable` — so no figure is only a picture (WCAG 1.1.1, 1.4.1).
 */
export function Chart({ chart, showTable = false, className }: { chart: RenderedChart; showTable?: boolean; className?: string }) {
  return (
    <figure className={className}>
      <div
        role="img"
        aria-label={chart.alt}
        className="max-w-full overflow-hidden [&>svg]:h-auto [&>svg]:max-w-full"
        style={{ aspectRatio: `${chart.width} / ${chart.height}`, width: chart.width }}
        dangerouslySetInnerHTML={{ __html: chart.svg }}
      />
      {/* Hidden through a wrapping block: a table box ignores overflow, so an sr-only table would widen the page. */}
      <div className={showTable ? "relative mt-3 overflow-x-auto" : "sr-only"}>
        <table className="w-full text-sm">
          <caption className="sr-only">{chart.alt}</caption>
          <thead>
            <tr>
              {chart.table.head.map((h, i) => (
                <th key={i} scope="col" className="text-left font-medium text-ink-700">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className="text-left font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={c}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
