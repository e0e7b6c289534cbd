import { Link, useLocation, useNavigate } from "react-router";
import type { PageDetail, PageLink } from "../../server/audit/report.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { RenderDiffCard } from "./render-diff.tsx";
import { SeverityBadge } from "./score.tsx";
import { A } from "./text-ids.ts";
import { CATEGORY_ORDER, CATEGORY_TEXT } from "./categories.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Issue 16 point 3: the page's size once: the body, and what went over the wire only when it
 * differs (compression), named as such.
 */
export function sizeText(bytes: PageDetail["bytes"], template: string, lang: string): string {
  const body = kb(bytes.body);
  if (bytes.wire === null || kb(bytes.wire) === body) return body;
  return fill(template, { body, wire: kb(bytes.wire) }, lang);
}

/** Issues grouped by check category in report order (issue 16 point 8). */
export function issuesByCategory<T extends { category: string }>(issues: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const i of issues) groups.set(i.category, [...(groups.get(i.category) ?? []), i]);
  const rank = (c: string) => (CATEGORY_ORDER.includes(c) ? CATEGORY_ORDER.indexOf(c) : CATEGORY_ORDER.length);
  return [...groups].sort(([a], [b]) => rank(a) - rank(b));
}

/**
 * "Back" to where the user came from (issue 16 point 8): the previous entry of the in-app history
 * (pages table, issue detail, another page) when there is one; the report otherwise (a page opened
 * from a bookmark or a shared link).
 */
export function BackLink({ fallback }: { fallback: string }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Link
      to={fallback}
      className="text-sm font-medium"
      onClick={(e) => {
        if (location.key === "default") return;
        e.preventDefault();
        void navigate(-1);
      }}
    >
      ← {t(A.back)}
    </Link>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-ink-500">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const dash = <span className="text-ink-500">—</span>;

function LinkList({ title, links, total, auditId }: { title: string; links: PageLink[]; total: number; auditId: number }) {
  const to = useLocalized();
  const { lang } = useLang();
  const t = useT();
  return (
    <section className="card min-w-0">
      <h3 className="font-semibold">
        {title} ({links.length < total ? fill(t(A.ofTotal), { shown: links.length, total }, lang) : total})
      </h3>
      <ul className="mt-2 max-h-96 divide-y divide-ink-100 overflow-y-auto text-sm">
        {links.map((l, i) => (
          <li key={`${l.url}-${i}`} className="py-1.5">
            <Link to={to(`/website-checker?audit=${auditId}&page=${encodeURIComponent(l.url)}`)} className="break-all">
              {l.url}
            </Link>
            <span className="block text-xs text-ink-500">
              {l.type !== "anchor" ? `${l.type} ` : ""}
              {l.anchor && `“${l.anchor}”`} {l.rel && <code>rel={l.rel}</code>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Everything known about one crawled URL: response, tags, link metrics, issues, links in and out. */
export function PageDetailView({ auditId, page }: { auditId: number; page: PageDetail }) {
  const t = useT();
  const to = useLocalized();
  const f = page.facts;
  const { lang } = useLang();
  return (
    <div className="mt-6 grid grid-cols-1 gap-6" data-testid="page-detail">
      <section className="card">
        <BackLink fallback={to(`/website-checker?audit=${auditId}`)} />
        <h2 className="mt-2 text-xl font-semibold break-all">{page.url}</h2>
        <dl className="mt-3 divide-y divide-ink-100">
          <Row label={t(A.status)}>
            <span data-testid="page-status">{page.statusCode ?? page.error ?? dash}</span>
            {page.location && <span className="ml-2 text-ink-500">→ {page.location}</span>}
          </Row>
          <Row label={t(A.responseTime)}>
            {page.timings ? `${Math.round(page.timings.ttfbMs)} ms TTFB · ${Math.round(page.timings.totalMs)} ms` : dash}
          </Row>
          <Row label={t(A.size)}>
            <span data-testid="page-size">{sizeText(page.bytes, t(A.sizeTransferred), lang)}</span> · {page.contentType ?? dash}
          </Row>
          <Row label={t(A.depth)}>{page.depth ?? dash}</Row>
          {page.metrics && (
            <>
              <Row label={t(A.inlinks)}>
                <span data-testid="page-inlinks">{page.incomingTotal}</span>
              </Row>
              <Row label={t(A.linkScore)}>{page.metrics.linkScore} / 100</Row>
              <Row label={t(A.indexable)}>{page.metrics.indexable ? t(A.yes) : t(A.no)}</Row>
            </>
          )}
          {f && (
            <>
              <Row label={t(A.renderTitleField)}>{f.title ?? dash}</Row>
              <Row label={t(A.renderDescriptionField)}>{f.metaDescription ?? dash}</Row>
              <Row label={t(A.renderCanonicalField)}>{f.canonical ?? dash}</Row>
              <Row label={t(A.renderRobotsField)}>{f.robots.length ? f.robots.join(", ") : dash}</Row>
              <Row label="H1">{f.h1.length ? f.h1.join(" · ") : dash}</Row>
              <Row label="hreflang">
                {f.hreflang.length ? f.hreflang.map((h) => `${h.lang} → ${h.resolved ?? h.href}`).join(", ") : dash}
              </Row>
              <Row label={t(A.renderWords)}>{f.wordCount}</Row>
            </>
          )}
        </dl>
      </section>
      {page.render && <RenderDiffCard diff={page.render} />}
      <section className="card" aria-labelledby="page-issues">
        <h3 id="page-issues" className="font-semibold">
          {t(A.pageIssues)} ({page.issues.length})
        </h3>
        {page.issues.length === 0 && <p className="mt-2 text-signal-600">{t(A.noIssues)}</p>}
        {issuesByCategory(page.issues).map(([category, issues]) => (
          <section key={category} className="mt-4" aria-label={t(CATEGORY_TEXT[category] ?? 0, category)} data-testid="issue-group">
            <h4 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
              {t(CATEGORY_TEXT[category] ?? 0, category)} ({issues.length})
            </h4>
            <ul className="mt-1 divide-y divide-ink-100">
              {issues.map((i, n) => (
                <li key={`${i.check}-${n}`} className="py-2.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <SeverityBadge severity={i.severity} />
                    <Link to={to(`/website-checker?audit=${auditId}&check=${i.check}`)} className="font-medium text-ink-900">
                      {i.title}
                    </Link>
                  </div>
                  <p className="mt-0.5 text-sm break-words text-ink-700">{i.message}</p>
                  {i.evidence && <pre className="mt-1 overflow-x-auto rounded bg-ink-50 p-2 text-xs whitespace-pre-wrap">{i.evidence}</pre>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <LinkList title={t(A.incomingLinks)} links={page.incoming} total={page.incomingTotal} auditId={auditId} />
        <LinkList title={t(A.outgoingLinks)} links={page.outgoing} total={page.outgoing.length} auditId={auditId} />
      </div>
    </div>
  );
}
