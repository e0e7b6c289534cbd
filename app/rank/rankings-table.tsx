import { Form, Link } from "react-router";
import type { RankingsView } from "../../server/rank/rankings.server.ts";
import { useT } from "../i18n/use-texts.ts";
import { R } from "./text-ids.ts";

const FEATURE_LABELS: Record<string, string> = {
  featured_snippet: "Featured snippet",
  local_pack: "Local pack",
  people_also_ask: "People also ask",
  video: "Video",
  images: "Images",
  top_stories: "Top stories",
  knowledge_graph: "Knowledge panel",
  shopping: "Shopping",
  ads: "Ads",
};

/** A position change: ▲ up (green), ▼ down (red), — unknown. Positive = moved up. */
function Change({ v }: { v: number | null }) {
  if (v === null) return <span className="text-ink-300">—</span>;
  if (v === 0) return <span className="text-ink-500">0</span>;
  return v > 0 ? <span className="text-ok-600">▲ {v}</span> : <span className="text-danger-600">▼ {-v}</span>;
}

/** The rankings table (issue 10 point 6): one row per keyword of the chosen engine. */
export function RankingsTable({ view, base, idp }: { view: RankingsView; base: string; idp: number }) {
  const t = useT();
  return (
    <div className="card relative mt-6 overflow-x-auto p-0">
      <table className="w-full text-sm" data-testid="rankings-table">
        <caption className="sr-only">{t(R.rankingsTitle)}</caption>
        <thead className="bg-ink-50 text-left">
          <tr>
            <th scope="col" className="p-3">
              {t(R.keyword)}
            </th>
            <th scope="col" className="p-3">
              {t(R.position)}
            </th>
            <th scope="col" className="p-3">
              {t(R.change1)}
            </th>
            <th scope="col" className="p-3">
              {t(R.change7)}
            </th>
            <th scope="col" className="p-3">
              {t(R.change30)}
            </th>
            <th scope="col" className="p-3">
              {t(R.best)}
            </th>
            <th scope="col" className="p-3">
              {t(R.url)}
            </th>
            <th scope="col" className="p-3">
              {t(R.features)}
            </th>
            <th scope="col" className="p-3">
              {t(R.volume)}
            </th>
            {view.competitors.map((c) => (
              <th key={c} scope="col" className="p-3">
                {c}
              </th>
            ))}
            <th scope="col" className="p-3">
              <span className="sr-only">{t(R.remove)}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {view.keywords.map((k) => (
            <tr key={k.keywordId}>
              <th scope="row" className="p-3 text-left font-medium">
                <Link to={`${base}&kw=${k.keywordId}`}>{k.keyword}</Link>
                {k.tags.length > 0 && <span className="ml-2 text-xs text-ink-500">{k.tags.join(", ")}</span>}
              </th>
              <td className="p-3 font-semibold" data-testid="position">
                {k.error ? (
                  <span className="text-danger-600" title={k.error}>
                    {t(R.error)}
                  </span>
                ) : k.checkedDay === null ? (
                  <span className="text-ink-500">{t(R.notChecked)}</span>
                ) : (
                  (k.position ?? <span className="text-ink-500">{t(R.notRanked)}</span>)
                )}
              </td>
              <td className="p-3">
                <Change v={k.change1} />
              </td>
              <td className="p-3">
                <Change v={k.change7} />
              </td>
              <td className="p-3">
                <Change v={k.change30} />
              </td>
              <td className="p-3">{k.best ?? "—"}</td>
              <td className="max-w-xs truncate p-3">
                {k.url ? (
                  <a href={k.url} rel="nofollow noopener" target="_blank">
                    {k.url}
                  </a>
                ) : (
                  "—"
                )}
              </td>
              <td className="p-3">
                {k.features.map((f) => (
                  <span
                    key={f}
                    className={`mr-1 inline-block rounded px-1.5 py-0.5 text-xs ${k.ownFeatures.includes(f) ? "bg-ok-100 text-ok-600" : "bg-ink-100 text-ink-700"}`}
                    title={k.ownFeatures.includes(f) ? t(R.ours) : undefined}
                  >
                    {FEATURE_LABELS[f] ?? f}
                  </span>
                ))}
              </td>
              <td className="p-3">{k.searchVolume ?? "—"}</td>
              {view.competitors.map((c) => (
                <td key={c} className="p-3">
                  {k.competitors[c] ?? "—"}
                </td>
              ))}
              <td className="p-3">
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-keyword" />
                  <input type="hidden" name="keywordId" value={k.keywordId} />
                  <input type="hidden" name="idp" value={idp} />
                  <button type="submit" className="text-xs text-ink-500 underline">
                    {t(R.remove)}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
