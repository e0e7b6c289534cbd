import type { RenderDiff } from "../../server/audit/model.ts";
import { useT } from "../i18n/use-texts.ts";
import { A } from "./text-ids.ts";

const show = (v: string | null) => v ?? "—";

/** Raw HTML vs rendered page (issue 3, /analyzer "shows raw vs rendered differences when asked"). */
export function RenderDiffCard({ diff }: { diff: RenderDiff | null }) {
  const t = useT();
  const rows: [string, string, string][] = [];
  if (diff?.title) rows.push([t(A.renderTitleField), show(diff.title.raw), show(diff.title.rendered)]);
  if (diff?.metaDescription) rows.push([t(A.renderDescriptionField), show(diff.metaDescription.raw), show(diff.metaDescription.rendered)]);
  if (diff?.canonical) rows.push([t(A.renderCanonicalField), show(diff.canonical.raw), show(diff.canonical.rendered)]);
  if (diff?.robots) rows.push([t(A.renderRobotsField), diff.robots.raw.join(", ") || "—", diff.robots.rendered.join(", ") || "—"]);
  if (diff && diff.wordCount.raw !== diff.wordCount.rendered)
    rows.push([t(A.renderWords), String(diff.wordCount.raw), String(diff.wordCount.rendered)]);
  return (
    <section className="card mt-6" aria-labelledby="render-title" data-testid="render-diff">
      <h2 id="render-title" className="text-lg font-semibold">
        {t(A.renderTitle)}
      </h2>
      {!diff && <p className="mt-2 text-warn-600">{t(A.renderFailed)}</p>}
      {diff && rows.length === 0 && diff.linksOnlyRendered.length === 0 && <p className="mt-2 text-signal-600">{t(A.renderNone)}</p>}
      {rows.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-ink-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium" />
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t(A.rawLabel)}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t(A.renderedLabel)}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {rows.map(([label, raw, rendered]) => (
                <tr key={label}>
                  <th scope="row" className="py-2 pr-4 font-medium text-ink-700">
                    {label}
                  </th>
                  <td className="py-2 pr-4 break-all">{raw}</td>
                  <td className="py-2 break-all">{rendered}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {diff && diff.linksOnlyRendered.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-ink-700">
            {t(A.renderLinksOnly)} ({diff.linksOnlyRendered.length})
          </h3>
          <ul className="mt-1 max-h-48 overflow-y-auto text-sm break-all text-ink-700">
            {diff.linksOnlyRendered.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
