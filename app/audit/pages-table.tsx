import { Form, Link } from "react-router";
import type { PageQuery, PageRow } from "../../server/audit/pages.server.ts";
import { StatusChip } from "./status-chip.tsx";
import { NumberedPager } from "./numbered-pager.tsx";
import { fill } from "../../common/i18n/message.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { A } from "./text-ids.ts";

/** Filters and sort of the page list as they appear in the URL. */
export interface PagesFilter {
  status: string;
  q: string;
  offset: number;
  limit: number;
  sort: PageQuery["sort"];
  order: "asc" | "desc";
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

/**
 * The crawled pages of an audit: status filter, URL search, sortable columns (issue 16 point 7), a
 * paged table linking to each page's detail. Below 640 px the rows become cards (status chip,
 * depth, inlinks, time) so nothing sits off-screen; 4xx/5xx chips are red.
 */
export function PagesTable({ auditId, rows, total, filter }: { auditId: number; rows: PageRow[]; total: number; filter: PagesFilter }) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const filtered = `/website-checker?audit=${auditId}&view=pages&status=${filter.status}&q=${encodeURIComponent(filter.q)}`;
  const base = `${filtered}&sort=${filter.sort}&order=${filter.order}`;
  const cell = "px-3 py-2 align-top";
  const pageHref = (url: string) => to(`/website-checker?audit=${auditId}&page=${encodeURIComponent(url)}`);
  const columns: [PageQuery["sort"] | null, string][] = [
    ["url", t(A.colUrl)],
    ["status", t(A.status)],
    ["depth", t(A.depth)],
    ["inlinks", t(A.inlinks)],
    [null, t(A.indexable)],
    ["ttfb", t(A.responseTime)],
    ["size", t(A.size)],
  ];
  const sortHeader = (key: PageQuery["sort"], label: string) => {
    const active = filter.sort === key;
    const next = active && filter.order === "asc" ? "desc" : "asc";
    return (
      <Link
        to={to(`${filtered}&sort=${key}&order=${next}`)}
        className="inline-flex items-center gap-1 text-ink-700 no-underline hover:underline"
        aria-label={fill(t(A.sortBy), { column: label }, lang)}
      >
        {label}
        <span aria-hidden="true" className={active ? "text-ink-900" : "text-ink-500"}>
          {active ? (filter.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    );
  };
  const indexable = (r: PageRow) => (r.indexable === null ? "—" : r.indexable ? t(A.yes) : t(A.no));
  const time = (r: PageRow) => (r.ttfbMs === null ? "—" : `${Math.round(r.ttfbMs)} ms`);
  const size = (r: PageRow) => (r.bytes === null ? "—" : `${(r.bytes / 1024).toFixed(1)} KB`);
  return (
    <section className="card mt-6" aria-labelledby="pages-title" data-testid="pages-table">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="pages-title" className="text-lg font-semibold">
          {t(A.pagesTab)} ({total})
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t(A.filter)}>
          <input type="hidden" name="audit" value={auditId} />
          <input type="hidden" name="view" value="pages" />
          <input type="hidden" name="sort" value={filter.sort} />
          <input type="hidden" name="order" value={filter.order} />
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
        <>
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:hidden" data-testid="pages-cards">
            {rows.map((r) => (
              <li key={r.url} className="min-w-0 rounded-lg border border-ink-100 p-3">
                <div className="flex items-start justify-between gap-2">
                  <Link to={pageHref(r.url)} className="min-w-0 text-sm break-all">
                    {r.url}
                  </Link>
                  <StatusChip statusCode={r.statusCode} state={r.state} error={r.error} />
                </div>
                {r.title && <p className="mt-1 truncate text-xs text-ink-500">{r.title}</p>}
                <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
                  {(
                    [
                      [t(A.depth), r.depth ?? "—"],
                      [t(A.inlinks), r.inlinks ?? "—"],
                      [t(A.responseTime), time(r)],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-ink-500">{label}</dt>
                      <dd className="font-medium text-ink-900">{value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <div className="mt-4 hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="border-b border-ink-100 text-ink-500">
                <tr>
                  {columns.map(([key, label]) => (
                    <th
                      key={label}
                      scope="col"
                      className={cell}
                      aria-sort={key && filter.sort === key ? (filter.order === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {key ? sortHeader(key, label) : label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {rows.map((r) => (
                  <tr key={r.url} className={r.statusCode !== null && r.statusCode >= 400 ? "bg-danger-100/40" : undefined}>
                    <td className={`${cell} max-w-md`}>
                      <Link to={pageHref(r.url)} className="break-all">
                        {r.url}
                      </Link>
                      {r.title && <span className="block truncate text-xs text-ink-500">{r.title}</span>}
                    </td>
                    <td className={cell}>
                      <StatusChip statusCode={r.statusCode} state={r.state} error={r.error} />
                    </td>
                    <td className={cell}>{r.depth ?? "—"}</td>
                    <td className={cell}>{r.inlinks ?? "—"}</td>
                    <td className={cell}>{indexable(r)}</td>
                    <td className={cell}>{time(r)}</td>
                    <td className={cell}>{size(r)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <NumberedPager offset={filter.offset} limit={filter.limit} total={total} hrefFor={(offset) => to(`${base}&offset=${offset}`)} />
    </section>
  );
}
