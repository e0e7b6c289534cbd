import { Form, Link } from "react-router";
import type { PageRow } from "../../server/audit/pages.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { A } from "./text-ids.ts";

/** Filters of the page list as they appear in the URL. */
export interface PagesFilter {
  status: string;
  q: string;
  offset: number;
  limit: number;
}

const STATUSES: [string, number | null][] = [
  ["all", A.statusAll],
  ["2xx", null],
  ["3xx", null],
  ["4xx", null],
  ["5xx", null],
  ["error", A.statusError],
  ["blocked", A.statusBlocked],
];

/** The crawled pages of an audit: status filter, URL search, paged table linking to each page's detail. */
export function PagesTable({ auditId, rows, total, filter }: { auditId: number; rows: PageRow[]; total: number; filter: PagesFilter }) {
  const t = useT();
  const to = useLocalized();
  const base = `/website-checker?audit=${auditId}&view=pages&status=${filter.status}&q=${encodeURIComponent(filter.q)}`;
  const cell = "px-3 py-2 align-top";
  return (
    <section className="card mt-6" aria-labelledby="pages-title" data-testid="pages-table">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="pages-title" className="text-lg font-semibold">
          {t(A.pagesTab)} ({total})
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t(A.filter)}>
          <input type="hidden" name="audit" value={auditId} />
          <input type="hidden" name="view" value="pages" />
          <label className="grid gap-1 text-sm text-ink-700">
            {t(A.statusFilter)}
            <select name="status" defaultValue={filter.status} className="rounded-lg border border-ink-300 bg-white px-2 py-2">
              {STATUSES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label === null ? value : t(label)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm text-ink-700">
            {t(A.searchUrls)}
            <input type="search" name="q" defaultValue={filter.q} className="w-48 rounded-lg border border-ink-300 bg-white px-3 py-2" />
          </label>
          <button type="submit" className="btn-secondary py-2 text-sm">
            {t(A.filter)}
          </button>
        </Form>
      </div>
      {rows.length === 0 ? (
        <p className="mt-4 text-ink-700">{t(A.noPages)}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-b border-ink-100 text-ink-500">
              <tr>
                <th scope="col" className={cell}>
                  {t(A.colUrl)}
                </th>
                <th scope="col" className={cell}>
                  {t(A.status)}
                </th>
                <th scope="col" className={cell}>
                  {t(A.depth)}
                </th>
                <th scope="col" className={cell}>
                  {t(A.inlinks)}
                </th>
                <th scope="col" className={cell}>
                  {t(A.indexable)}
                </th>
                <th scope="col" className={cell}>
                  {t(A.responseTime)}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {rows.map((r) => (
                <tr key={r.url}>
                  <td className={`${cell} max-w-md`}>
                    <Link to={to(`/website-checker?audit=${auditId}&page=${encodeURIComponent(r.url)}`)} className="break-all">
                      {r.url}
                    </Link>
                    {r.title && <span className="block truncate text-xs text-ink-500">{r.title}</span>}
                  </td>
                  <td className={cell}>{r.state === "blocked" ? t(A.statusBlocked) : (r.statusCode ?? r.error ?? "—")}</td>
                  <td className={cell}>{r.depth ?? "—"}</td>
                  <td className={cell}>{r.inlinks ?? "—"}</td>
                  <td className={cell}>{r.indexable === null ? "—" : r.indexable ? t(A.yes) : t(A.no)}</td>
                  <td className={cell}>{r.ttfbMs === null ? "—" : `${Math.round(r.ttfbMs)} ms`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="mt-4 flex gap-3" aria-label={t(A.pagesTab)}>
        {filter.offset > 0 && (
          <Link to={to(`${base}&offset=${Math.max(0, filter.offset - filter.limit)}`)} className="btn-secondary py-2 text-sm">
            ← {t(A.previous)}
          </Link>
        )}
        {filter.offset + filter.limit < total && (
          <Link to={to(`${base}&offset=${filter.offset + filter.limit}`)} className="btn-secondary py-2 text-sm">
            {t(A.next)} →
          </Link>
        )}
      </nav>
    </section>
  );
}
