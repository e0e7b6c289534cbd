import type { AnalyzerIssue, AnalyzerReport, Severity } from "../../server/analyzer/types.ts";
import { SeverityBadge, scoreColor } from "../audit/score.tsx";
import { A } from "../audit/text-ids.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill, type MessageValues } from "../../common/i18n/message.ts";
import { P } from "../projects/text-ids.ts";
import { CopyButton } from "./copy-button.tsx";
import { useFacts } from "../site/use-facts.ts";

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

const SEVERITY_TITLE: Record<Severity, number> = { error: A.errorsLabel, warning: A.warningsLabel, notice: A.noticesLabel };

function IssueItem({ issue }: { issue: AnalyzerIssue }) {
  const t = useT();
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={issue.severity} />
        <h4 className="font-semibold">{issue.title}</h4>
        <CopyButton value={issue.check} text={t(P.checkIdCopy)} />
      </div>
      <p className="mt-1 break-words text-ink-700">{issue.message}</p>
      {issue.evidence && <pre className="mt-2 overflow-x-auto rounded bg-ink-50 p-2 text-xs text-ink-700">{issue.evidence}</pre>}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-forge-600">{t(A.arWhyAndFix)}</summary>
        <p className="mt-2 text-ink-700">{issue.why}</p>
        <p className="mt-2 text-ink-900">
          <strong>{t(A.arFix)} </strong>
          {issue.fix}
        </p>
      </details>
    </li>
  );
}

/** The on-page analysis of one URL: score, facts found and issues by severity with their fix. */
export function AnalysisReport({ report, scoreHelpHref }: { report: AnalyzerReport; scoreHelpHref?: string }) {
  const t = useT();
  const p = report.page;
  const none = <span className="text-ink-500">{t(A.arNone)}</span>;
  const { lang } = useLang();
  const text = (id: number, values: MessageValues) => fill(t(id), values, lang);
  const facts = useFacts();
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="analysis-report">
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <section className="card" aria-labelledby="facts-title">
          <h2 id="facts-title" className="text-lg font-semibold">
            {t(A.arWhatSearchEnginesSee)}
          </h2>
          <dl className="mt-2 divide-y divide-ink-100">
            <Fact label={t(A.arTitle)} testId="fact-title">
              {p.title ?? none}
              {p.title && (
                <span className="ml-2 text-xs text-ink-500">
                  ({p.title.length} {t(A.arCharacters)})
                </span>
              )}
            </Fact>
            <Fact label={t(A.arMetaDescription)} testId="fact-description">
              {p.metaDescription ?? none}
            </Fact>
            <Fact label={t(A.arCanonical)} testId="fact-canonical">
              {p.canonical ?? none}
            </Fact>
            <Fact label={t(A.arRobots)} testId="fact-robots">
              {p.robots.length ? p.robots.join(", ") : t(A.arRobotsDefault)}
            </Fact>
            <Fact label={t(A.arLanguage)} testId="fact-lang">
              {p.lang ?? none}
            </Fact>
            <Fact label="H1" testId="fact-h1">
              {p.h1.length ? p.h1.map((h, i) => <div key={i}>{h}</div>) : none}
            </Fact>
            <Fact label={t(A.arHeadings)}>
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
            <Fact label={t(A.arImagesWithoutAlt)} testId="fact-images">
              {p.images.withoutAlt.length} {t(A.arOf)} {p.images.total}
              {p.images.withoutAlt.length > 0 && (
                <ul className="mt-1 max-h-32 overflow-y-auto text-xs text-ink-500">
                  {p.images.withoutAlt.map((src) => (
                    <li key={src}>{src}</li>
                  ))}
                </ul>
              )}
            </Fact>
            <Fact label={t(A.arLinks)} testId="fact-links">
              {text(A.arLinksCounts, { internal: p.links.internal, external: p.links.external, nofollow: p.links.nofollow })}
            </Fact>
            <Fact label={t(A.arStructuredData)} testId="fact-structured">
              {p.structuredData.types.length ? p.structuredData.types.join(", ") : none}
              {p.structuredData.invalidJsonLd > 0 && (
                <span className="ml-2 text-danger-600">
                  ({p.structuredData.invalidJsonLd} {t(A.arInvalidJsonLd)})
                </span>
              )}
            </Fact>
          </dl>
        </section>
        <section className="card" aria-labelledby="issues-title">
          <h2 id="issues-title" className="text-lg font-semibold">
            {t(A.arIssues)} ({report.issues.length})
          </h2>
          {report.issues.length === 0 && <p className="mt-2 text-signal-600">{t(A.arNoIssues)}</p>}
          {ORDER.map((sev) => {
            const list = report.issues.filter((i) => i.severity === sev);
            if (!list.length) return null;
            return (
              <div key={sev} className="mt-4">
                <h3 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
                  {t(SEVERITY_TITLE[sev])} ({list.length})
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
      <aside className="order-first grid min-w-0 grid-cols-1 content-start gap-6 lg:order-none">
        <section className="card text-center" aria-label={t(A.arPageScore)}>
          <p className="text-sm text-ink-500">{t(A.arPageScore)}</p>
          <p className={`mt-1 text-6xl font-extrabold ${scoreColor(report.summary.score)}`} data-testid="score">
            {report.summary.score}
            <span className="text-lg font-semibold text-ink-500">{t(P.outOf100)}</span>
          </p>
          {scoreHelpHref && (
            <a href={scoreHelpHref} className="text-xs">
              {t(P.onPageHow)}
            </a>
          )}
          <p className="mt-2 text-sm text-ink-500">
            {text(A.arCounts, { errors: report.summary.errors, warnings: report.summary.warnings, notices: report.summary.notices })}
          </p>
          <p className="mt-1 text-xs text-ink-500">
            {text(A.arChecksRun, { n: report.summary.checksRun, total: facts?.checks ?? report.summary.checksRun })}
          </p>
        </section>
        <section className="card">
          <dl className="divide-y divide-ink-100 text-sm">
            <Fact compact label={t(A.arHttpStatus)} testId="fact-status">
              {report.statusCode}
            </Fact>
            <Fact compact label={t(A.arResponseTime)}>
              {text(A.arTimes, { ttfb: report.timings.ttfbMs, total: report.timings.totalMs })}
            </Fact>
            <Fact compact label={t(A.arPageSize)}>
              {(p.htmlBytes / 1024).toFixed(1)} {t(A.arKbHtml)}
            </Fact>
            <Fact compact label={t(A.arWords)}>
              {p.wordCount}
            </Fact>
            <Fact compact label={t(A.arFinalUrl)}>
              {report.finalUrl}
            </Fact>
            {report.redirects.length > 0 && (
              <Fact compact label={t(A.arRedirects)}>
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
