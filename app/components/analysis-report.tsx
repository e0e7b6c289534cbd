import type { AnalyzerIssue, AnalyzerReport, Severity } from "../../server/analyzer/types.ts";

const SEVERITY_STYLE: Record<Severity, string> = {
  error: "bg-danger-100 text-danger-600",
  warning: "bg-warn-100 text-warn-600",
  notice: "bg-ink-100 text-ink-700",
};
const ORDER: Severity[] = ["error", "warning", "notice"];

function Fact({
  label,
  children,
  testId,
  compact = false,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
  compact?: boolean;
}) {
  return (
    <div className={compact ? "grid grid-cols-[7rem_1fr] gap-3 py-2.5" : "grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4"}>
      <dt className="text-sm font-medium text-ink-500">{label}</dt>
      <dd className="min-w-0 break-words text-ink-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const none = <span className="text-ink-300">none</span>;

function IssueItem({ issue }: { issue: AnalyzerIssue }) {
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold uppercase ${SEVERITY_STYLE[issue.severity]}`}>
          {issue.severity}
        </span>
        <h4 className="font-semibold">{issue.title}</h4>
        <code className="text-xs text-ink-500">{issue.check}</code>
      </div>
      <p className="mt-1 text-ink-700">{issue.message}</p>
      {issue.evidence && <pre className="mt-2 overflow-x-auto rounded bg-ink-50 p-2 text-xs text-ink-700">{issue.evidence}</pre>}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-forge-600">Why it matters and how to fix it</summary>
        <p className="mt-2 text-ink-700">{issue.why}</p>
        <p className="mt-2 text-ink-900">
          <strong>Fix: </strong>
          {issue.fix}
        </p>
      </details>
    </li>
  );
}

/** The on-page analysis of one URL: score, facts found and issues by severity with their fix. */
export function AnalysisReport({ report }: { report: AnalyzerReport }) {
  const p = report.page;
  const scoreColor = report.summary.score >= 90 ? "text-signal-600" : report.summary.score >= 60 ? "text-warn-600" : "text-danger-600";
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]" data-testid="analysis-report">
      <div className="grid gap-6">
        <section className="card" aria-labelledby="facts-title">
          <h2 id="facts-title" className="text-lg font-semibold">
            What search engines see
          </h2>
          <dl className="mt-2 divide-y divide-ink-100">
            <Fact label="Title" testId="fact-title">
              {p.title ?? none}
              {p.title && <span className="ml-2 text-xs text-ink-500">({p.title.length} characters)</span>}
            </Fact>
            <Fact label="Meta description" testId="fact-description">
              {p.metaDescription ?? none}
            </Fact>
            <Fact label="Canonical URL" testId="fact-canonical">
              {p.canonical ?? none}
            </Fact>
            <Fact label="Robots directives" testId="fact-robots">
              {p.robots.length ? p.robots.join(", ") : "index, follow (default)"}
            </Fact>
            <Fact label="Language" testId="fact-lang">
              {p.lang ?? none}
            </Fact>
            <Fact label="H1" testId="fact-h1">
              {p.h1.length ? p.h1.map((h, i) => <div key={i}>{h}</div>) : none}
            </Fact>
            <Fact label="Headings">
              {p.headings.length ? (
                <ul className="max-h-48 overflow-y-auto text-sm">
                  {p.headings.map((h, i) => (
                    <li key={i} style={{ paddingLeft: `${(h.level - 1) * 0.75}rem` }}>
                      <span className="text-ink-500">H{h.level}</span> {h.text}
                    </li>
                  ))}
                </ul>
              ) : (
                none
              )}
            </Fact>
            <Fact label="hreflang" testId="fact-hreflang">
              {p.hreflang.length ? (
                <ul className="text-sm">
                  {p.hreflang.map((h) => (
                    <li key={h.lang + h.href}>
                      <code>{h.lang}</code> → {h.href}
                    </li>
                  ))}
                </ul>
              ) : (
                none
              )}
            </Fact>
            <Fact label="Images without alt" testId="fact-images">
              {p.images.withoutAlt.length} of {p.images.total}
              {p.images.withoutAlt.length > 0 && (
                <ul className="mt-1 max-h-32 overflow-y-auto text-xs text-ink-500">
                  {p.images.withoutAlt.map((src) => (
                    <li key={src}>{src}</li>
                  ))}
                </ul>
              )}
            </Fact>
            <Fact label="Links" testId="fact-links">
              {p.links.internal} internal, {p.links.external} external, {p.links.nofollow} nofollow
            </Fact>
            <Fact label="Structured data" testId="fact-structured">
              {p.structuredData.types.length ? p.structuredData.types.join(", ") : none}
              {p.structuredData.invalidJsonLd > 0 && (
                <span className="ml-2 text-danger-600">({p.structuredData.invalidJsonLd} invalid JSON-LD)</span>
              )}
            </Fact>
          </dl>
        </section>
        <section className="card" aria-labelledby="issues-title">
          <h2 id="issues-title" className="text-lg font-semibold">
            Issues ({report.issues.length})
          </h2>
          {report.issues.length === 0 && <p className="mt-2 text-signal-600">No issues found. Well done.</p>}
          {ORDER.map((sev) => {
            const list = report.issues.filter((i) => i.severity === sev);
            if (!list.length) return null;
            return (
              <div key={sev} className="mt-4">
                <h3 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
                  {sev === "error" ? "Errors" : sev === "warning" ? "Warnings" : "Notices"} ({list.length})
                </h3>
                <ul className="divide-y divide-ink-100">
                  {list.map((i, n) => (
                    <IssueItem key={`${i.check}-${n}`} issue={i} />
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      </div>
      <aside className="order-first grid content-start gap-6 lg:order-none">
        <section className="card text-center" aria-label="Page score">
          <p className="text-sm text-ink-500">On-page score</p>
          <p className={`mt-1 text-6xl font-extrabold ${scoreColor}`} data-testid="score">
            {report.summary.score}
          </p>
          <p className="mt-2 text-sm text-ink-500">
            {report.summary.errors} errors · {report.summary.warnings} warnings · {report.summary.notices} notices
          </p>
          <p className="mt-1 text-xs text-ink-300">{report.summary.checksRun} checks run</p>
        </section>
        <section className="card">
          <dl className="divide-y divide-ink-100 text-sm">
            <Fact compact label="HTTP status" testId="fact-status">
              {report.statusCode}
            </Fact>
            <Fact compact label="Response time">
              {report.timings.ttfbMs} ms to first byte, {report.timings.totalMs} ms total
            </Fact>
            <Fact compact label="Page size">
              {(p.htmlBytes / 1024).toFixed(1)} KB HTML
            </Fact>
            <Fact compact label="Words">
              {p.wordCount}
            </Fact>
            <Fact compact label="Final URL">
              {report.finalUrl}
            </Fact>
            {report.redirects.length > 0 && (
              <Fact compact label="Redirects">
                {report.redirects.map((r) => (
                  <div key={r.url}>
                    {r.statusCode} {r.url} → {r.location}
                  </div>
                ))}
              </Fact>
            )}
          </dl>
        </section>
      </aside>
    </div>
  );
}
