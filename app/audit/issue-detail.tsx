import { Form, Link } from "react-router";
import type { IssueDetail } from "../../server/audit/report.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { SeverityBadge } from "./score.tsx";
import { A } from "./text-ids.ts";
import { P } from "../projects/text-ids.ts";
import { CopyButton } from "../components/copy-button.tsx";
import { BackLink } from "./page-detail.tsx";
import { NumberedPager } from "./numbered-pager.tsx";

/** One check of an audit: why it matters, how to fix it, and its affected URLs with the evidence. */
export function IssueDetailView({ auditId, issue }: { auditId: number; issue: IssueDetail }) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const base = `/website-checker?audit=${auditId}`;
  const qy = issue.query;
  const here = (over: Partial<{ q: string; sort: string; order: string; target: string | null; grouped: boolean; offset: number }>) => {
    const v = { ...qy, offset: 0, ...over };
    const params = new URLSearchParams({ audit: String(auditId), check: issue.check });
    if (v.q) params.set("q", v.q);
    if (v.sort !== "url") params.set("sort", v.sort);
    if (v.order !== "asc") params.set("order", v.order);
    if (v.target) params.set("target", v.target);
    if (v.grouped) params.set("grouped", "1");
    if (v.offset) params.set("offset", String(v.offset));
    return to(`/website-checker?${params}`);
  };
  const sortLink = (key: "url" | "message", label: string) => {
    const active = qy.sort === key;
    return (
      <Link
        to={here({ sort: key, order: active && qy.order === "asc" ? "desc" : "asc" })}
        className="inline-flex items-center gap-1 text-ink-700 no-underline hover:underline"
        aria-label={fill(t(A.sortBy), { column: label }, lang)}
      >
        {label}
        <span aria-hidden="true" className={active ? "text-ink-900" : "text-ink-500"}>
          {active ? (qy.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    );
  };
  const ariaSort = (key: string) => (qy.sort === key ? (qy.order === "asc" ? "ascending" : "descending") : undefined);
  const exportLink = (format: "csv" | "xlsx") => (
    <a
      href={`/api/audits/${auditId}/export/issues.${format}?check=${issue.check}`}
      className="rounded-md border border-ink-300 px-2.5 py-1 text-sm font-medium no-underline hover:border-ink-500"
      download
    >
      {t(format === "csv" ? A.exportCsv : A.exportXlsx)}
    </a>
  );
  const cell = "px-3 py-2 align-top";
  const shown = issue.groups ? issue.groups.length : issue.urls.length;
  return (
    <section className="card mt-6" aria-labelledby="issue-title" data-testid="issue-detail">
      <BackLink fallback={to(base)} />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <SeverityBadge severity={issue.severity} />
        <h2 id="issue-title" className="text-xl font-semibold">
          {issue.title}
        </h2>
        <CopyButton value={issue.check} text={t(P.checkIdCopy)} />
      </div>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <div className="rounded-lg bg-ink-50 p-3">
          <h3 className="text-sm font-semibold text-ink-700">{t(A.whyItMatters)}</h3>
          <p className="mt-1 text-ink-700">{issue.why}</p>
        </div>
        <div className="rounded-lg bg-forge-100/50 p-3">
          <h3 className="text-sm font-semibold text-ink-700">{t(A.howToFix)}</h3>
          <p className="mt-1 text-ink-900">{issue.fix}</p>
        </div>
      </div>
      <div className="mt-5 flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
          {qy.target ? fill(t(A.linksTo), { target: qy.target }, lang) : issue.groups ? t(A.linkedUrl) : t(A.affectedUrls)} (
          {issue.total > shown
            ? fill(t(A.ofTotal), { shown: `${issue.offset + 1}–${issue.offset + shown}`, total: issue.total }, lang)
            : issue.total}
          )
        </h3>
        <span className="flex items-center gap-2 text-sm" data-testid="issue-export">
          <span className="text-ink-500">{t(A.exportThisIssue)}:</span>
          {exportLink("csv")}
          {exportLink("xlsx")}
        </span>
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label={t(A.searchIssueUrls)}>
          <input type="hidden" name="audit" value={auditId} />
          <input type="hidden" name="check" value={issue.check} />
          {qy.grouped && <input type="hidden" name="grouped" value="1" />}
          {qy.target && <input type="hidden" name="target" value={qy.target} />}
          <label className="grid gap-1 text-sm text-ink-700">
            {t(A.searchIssueUrls)}
            <input
              type="search"
              name="q"
              defaultValue={qy.q}
              className="w-64 max-w-full rounded-lg border border-ink-300 bg-white px-3 py-2"
            />
          </label>
          <button type="submit" className="btn-secondary py-2 text-sm">
            {t(A.search)}
          </button>
        </Form>
        {issue.groupable && (
          <Link
            to={here({ grouped: !qy.grouped || !!qy.target, target: null })}
            className="btn-secondary py-2 text-sm"
            data-testid="group-toggle"
          >
            {qy.grouped && !qy.target ? t(A.listEveryLink) : t(A.groupByTarget)}
          </Link>
        )}
      </div>
      {issue.groups ? (
        <table className="mt-3 w-full text-left text-sm" data-testid="issue-groups">
          <thead className="border-b border-ink-100 text-ink-500">
            <tr>
              <th scope="col" className={cell} aria-sort={ariaSort("url")}>
                {sortLink("url", t(A.linkedUrl))}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t(A.pagesTab)}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {issue.groups.map((g) => (
              <tr key={g.target}>
                <td className={`${cell} break-all`}>
                  <Link to={here({ target: g.target, grouped: false })}>{g.target}</Link>
                </td>
                <td className={`${cell} text-right whitespace-nowrap`}>{fill(t(A.linkedFromPages), { n: g.pages }, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : issue.urls.length === 0 ? (
        <p className="mt-3 text-ink-700">{t(A.noPages)}</p>
      ) : (
        <table className="mt-3 w-full table-fixed text-left text-sm" data-testid="issue-urls">
          <thead className="border-b border-ink-100 text-ink-500">
            <tr>
              <th scope="col" className={`${cell} w-2/5`} aria-sort={ariaSort("url")}>
                {sortLink("url", t(A.colUrl))}
              </th>
              <th scope="col" className={cell} aria-sort={ariaSort("message")}>
                {sortLink("message", t(A.colMessage))}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {issue.urls.map((u, i) => (
              <tr key={`${u.url}-${i}`}>
                <td className={`${cell} break-all`}>
                  <Link to={to(`${base}&page=${encodeURIComponent(u.url)}`)} className="font-medium">
                    {u.url}
                  </Link>
                </td>
                <td className={`${cell} break-words text-ink-700`}>
                  {u.message}
                  {u.evidence && (
                    <pre className="mt-1 overflow-x-auto rounded bg-ink-50 p-2 text-xs whitespace-pre-wrap text-ink-700">
                      <span className="font-semibold">{t(A.evidence)}: </span>
                      {u.evidence}
                    </pre>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <NumberedPager offset={issue.offset} limit={issue.limit} total={issue.total} hrefFor={(offset) => here({ offset })} />
    </section>
  );
}
