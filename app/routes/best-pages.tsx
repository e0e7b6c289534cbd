import { Form, Link, data, useSearchParams } from "react-router";
import type { Route } from "./+types/best-pages";
import { BEST_PAGE_SORTS, listBestPages, type BestPageRow, type BestPageSort } from "../../server/best-pages/list.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { BP } from "../best-pages/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useMessage, useT } from "../i18n/use-texts.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

const VIEWS = ["all", "lost", "low-ctr"] as const;
type View = (typeof VIEWS)[number];
const positiveInt = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** /best-pages (spec 2, issue 12.3): the current project's pages ranked, with views, sorting, a URL filter and CSV export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const idp = positiveInt(q.get("idp"));
  const view: View = (VIEWS as readonly string[]).includes(q.get("view") ?? "") ? (q.get("view") as View) : "all";
  const sortParam = q.get("sort");
  const sort = (BEST_PAGE_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as BestPageSort) : undefined;
  const order = q.get("order") === "asc" ? "asc" : q.get("order") === "desc" ? "desc" : undefined;
  const filter = q.get("q") ?? "";
  if (idp === null) return { idp, view, sort, order, filter, list: null };
  const services = context.get(servicesContext);
  try {
    const list = await listBestPages({
      db: services.db,
      owner: await context.get(requestInfoContext).owner(),
      projectId: idp,
      view,
      sort,
      order,
      q: filter,
    });
    return { idp, view, sort, order, filter, list };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data(null, { status: 404 });
    throw err;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTexts(matches);
  return [{ title: brandTitle(t(BP.title)) }, { name: "description", content: t(BP.lead) }];
}

export const handle = { noindex: true };

const COLUMNS: { key: BestPageSort; text: number; format: (r: BestPageRow) => string }[] = [
  { key: "clicks", text: BP.clicks, format: (r) => num(r.clicks) },
  { key: "impressions", text: BP.impressions, format: (r) => num(r.impressions) },
  { key: "ctr", text: BP.ctr, format: (r) => (r.ctr === null ? "–" : `${(r.ctr * 100).toFixed(1)} %`) },
  { key: "position", text: BP.position, format: (r) => (r.position === null ? "–" : r.position.toFixed(1)) },
  {
    key: "clicksChange",
    text: BP.clicksChange,
    format: (r) => (r.clicksChange === null ? "–" : r.clicksChange > 0 ? `+${r.clicksChange}` : String(r.clicksChange)),
  },
  { key: "linkScore", text: BP.linkScore, format: (r) => num(r.linkScore) },
  { key: "inlinks", text: BP.inlinks, format: (r) => num(r.inlinks) },
  { key: "wordCount", text: BP.wordCount, format: (r) => num(r.wordCount) },
  { key: "issues", text: BP.issues, format: (r) => num(r.issues) },
  { key: "speed", text: BP.speed, format: (r) => num(r.speed) },
];
const num = (v: number | null) => (v === null ? "–" : v.toLocaleString("en"));

export default function BestPagesScreen({ loaderData }: Route.ComponentProps) {
  const { idp, view, sort, order, filter, list } = loaderData;
  const t = useT();
  const f = useMessage();
  const to = useLocalized();
  const [search] = useSearchParams();
  const href = (changes: Record<string, string | null>) => {
    const q = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    return `${to("/best-pages")}?${q}`;
  };
  const exportQs = new URLSearchParams({
    projectId: String(idp ?? ""),
    view,
    ...(sort ? { sort } : {}),
    ...(order ? { order } : {}),
    ...(filter ? { q: filter } : {}),
  });
  return (
    <main id="main" className="min-w-0">
      <p className="eyebrow">{t(BP.eyebrow)}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{t(BP.title)}</h1>
      <p className="mt-2 max-w-3xl text-ink-700">{t(BP.lead)}</p>
      {idp === null || !list ? (
        <p className="card mt-6">{t(BP.pickProject)}</p>
      ) : (
        <>
          <nav aria-label={t(BP.title)} className="mt-6 flex flex-wrap gap-2">
            {VIEWS.map((v) => (
              <Link
                key={v}
                to={href({ view: v === "all" ? null : v, sort: null, order: null })}
                aria-current={v === view ? "page" : undefined}
                className={`rounded-lg px-4 py-2 text-sm font-medium no-underline ${v === view ? "bg-ink-900 text-white" : "bg-white text-ink-700"}`}
              >
                {t(v === "all" ? BP.viewAll : v === "lost" ? BP.viewLost : BP.viewLowCtr)}
              </Link>
            ))}
          </nav>
          {view !== "all" && <p className="mt-3 text-sm text-ink-700">{t(view === "lost" ? BP.lostHint : BP.lowCtrHint)}</p>}
          <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
            <Form method="get" className="flex items-end gap-2">
              <input type="hidden" name="idp" value={idp} />
              {view !== "all" && <input type="hidden" name="view" value={view} />}
              <label className="grid gap-1 text-sm text-ink-700">
                {t(BP.filter)}
                <input name="q" type="search" defaultValue={filter} className="rounded-lg border border-ink-300 bg-white px-3 py-2" />
              </label>
              <button type="submit" className="btn-secondary px-3 py-2 text-sm">
                {t(BP.apply)}
              </button>
            </Form>
            <a href={`/api/best-pages/export?${exportQs}`} className="btn-secondary px-3 py-2 text-sm" download>
              {t(BP.export)}
            </a>
          </div>
          <p className="mt-3 text-sm text-ink-500">
            {list.period && list.previous
              ? f(BP.period, { from: list.period.from, to: list.period.to, pfrom: list.previous.from, pto: list.previous.to })
              : t(BP.noSearchConsole)}
          </p>
          {list.rows.length === 0 ? (
            <p className="card mt-4">{t(BP.none)}</p>
          ) : (
            <div className="card mt-4 overflow-x-auto p-0">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-ink-100 text-ink-500">
                    <th scope="col" className="px-3 py-2 text-left font-medium">
                      {t(BP.url)}
                    </th>
                    {COLUMNS.map((c) => {
                      const active = (sort ?? (view === "lost" ? "clicksChange" : view === "low-ctr" ? "impressions" : "clicks")) === c.key;
                      const next = active && order !== "asc" ? "asc" : "desc";
                      return (
                        <th
                          key={c.key}
                          scope="col"
                          className="px-3 py-2 text-right font-medium whitespace-nowrap"
                          aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}
                        >
                          <Link
                            to={href({ sort: c.key, order: next })}
                            className="text-ink-700 no-underline"
                            title={f(BP.sortBy, { column: t(c.text) })}
                          >
                            {t(c.text)}
                            {active && <span aria-hidden="true">{order === "asc" ? " ↑" : " ↓"}</span>}
                          </Link>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((r) => (
                    <tr key={r.url} className="border-t border-ink-100">
                      <th scope="row" className="max-w-xs truncate px-3 py-1.5 text-left font-normal" title={r.url}>
                        <a href={r.url} rel="noreferrer nofollow" target="_blank">
                          {r.url.replace(/^https?:\/\/[^/]+/, "") || "/"}
                        </a>
                      </th>
                      {COLUMNS.map((c) => (
                        <td
                          key={c.key}
                          className={`px-3 py-1.5 text-right whitespace-nowrap ${c.key === "clicksChange" && (r.clicksChange ?? 0) < 0 ? "text-danger-600" : ""}`}
                        >
                          {c.key === "speed" && r.speed === null ? (
                            <Link to={`${to("/page-speed")}?idp=${idp}`} className="text-xs">
                              {t(BP.testSpeed)}
                            </Link>
                          ) : (
                            c.format(r)
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </main>
  );
}
