import { Link } from "react-router";
import type { IssueDetail } from "../../server/audit/report.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { SeverityBadge } from "./score.tsx";
import { A } from "./text-ids.ts";

/** One check of an audit: why it matters, how to fix it, and its affected URLs with the evidence. */
export function IssueDetailView({ auditId, issue }: { auditId: number; issue: IssueDetail }) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const base = `/website-checker?audit=${auditId}`;
  const next = issue.offset + issue.limit < issue.total ? issue.offset + issue.limit : null;
  return (
    <section className="card mt-6" aria-labelledby="issue-title" data-testid="issue-detail">
      <Link to={to(base)} className="text-sm font-medium">
        ← {t(A.backToIssues)}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <SeverityBadge severity={issue.severity} />
        <h2 id="issue-title" className="text-xl font-semibold">
          {issue.title}
        </h2>
        <code className="text-xs text-ink-500">{issue.check}</code>
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
      <h3 className="mt-5 text-sm font-semibold tracking-wide text-ink-500 uppercase">
        {t(A.affectedUrls)} (
        {issue.total > issue.urls.length
          ? fill(t(A.ofTotal), { shown: `${issue.offset + 1}–${issue.offset + issue.urls.length}`, total: issue.total }, lang)
          : issue.total}
        )
      </h3>
      <ul className="mt-1 divide-y divide-ink-100">
        {issue.urls.map((u, i) => (
          <li key={`${u.url}-${i}`} className="py-3">
            <Link to={to(`${base}&page=${encodeURIComponent(u.url)}`)} className="font-medium break-all">
              {u.url}
            </Link>
            <p className="mt-0.5 text-sm break-words text-ink-700">{u.message}</p>
            {u.evidence && (
              <pre className="mt-1 overflow-x-auto rounded bg-ink-50 p-2 text-xs whitespace-pre-wrap text-ink-700">
                <span className="font-semibold">{t(A.evidence)}: </span>
                {u.evidence}
              </pre>
            )}
          </li>
        ))}
      </ul>
      <nav className="mt-4 flex gap-3" aria-label={t(A.affectedUrls)}>
        {issue.offset > 0 && (
          <Link
            to={to(`${base}&check=${issue.check}&offset=${Math.max(0, issue.offset - issue.limit)}`)}
            className="btn-secondary py-2 text-sm"
          >
            ← {t(A.previous)}
          </Link>
        )}
        {next !== null && (
          <Link to={to(`${base}&check=${issue.check}&offset=${next}`)} className="btn-secondary py-2 text-sm">
            {t(A.next)} →
          </Link>
        )}
      </nav>
    </section>
  );
}
