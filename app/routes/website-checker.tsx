import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/website-checker";
import { type StartValues, CheckerStart } from "../audit/checker-start.tsx";
import { AuditProgress } from "../audit/audit-progress.tsx";
import { AuditReport } from "../audit/audit-report.tsx";
import { IssueDetailView } from "../audit/issue-detail.tsx";
import { PageDetailView } from "../audit/page-detail.tsx";
import { PagesTable } from "../audit/pages-table.tsx";
import { A } from "../audit/text-ids.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { DEFAULT_LANG, isLanguage, localizePath } from "../../common/i18n/languages.ts";
import { loadCheckTexts } from "../../server/audit/check-texts.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { getAuditOverview, getIssueDetail, getPageDetail, listAudits } from "../../server/audit/report.server.ts";
import { auditProgress } from "../../server/audit/progress.server.ts";
import { getProjectAudit } from "../../server/audit/history.server.ts";
import { auditCharts } from "../../server/reports/audit-charts.server.ts";
import { type PageQuery, type PageStatusFilter, listPages } from "../../server/audit/pages.server.ts";
import { cancelAudit, cancelFormSchema, startAudit, startFormSchema } from "../../server/audit/start.server.ts";
import { continueAudit, continueFormSchema } from "../../server/audit/continue.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { createVisitorCookie } from "../../server/http/visitor.server.ts";
import { actionError, readForm } from "../../server/http/action.server.ts";
import { validate } from "../../server/http/input.server.ts";
import { listProjects } from "../../server/project/get-project.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/** The audit's charts (issue 11 point 8); the trend covers the project's finished audits. */
async function reportCharts(
  db: Parameters<typeof auditCharts>[0]["db"],
  audit: { id: number; projectId: number | null; healthScore: number | null },
  lang: string,
) {
  const trend = audit.projectId !== null ? (await getProjectAudit(db, audit.projectId)).trend.filter((x) => x.id <= audit.id) : [];
  return (await auditCharts({ db, auditId: audit.id, healthScore: audit.healthScore ?? 0, trend, lang })).charts;
}

const DEFAULT_VALUES: StartValues = { site: "", idp: null, maxPages: 500, maxDepth: "", render: false, checkExternal: false };

const PAGE_STATUSES: readonly PageStatusFilter[] = ["all", "2xx", "3xx", "4xx", "5xx", "error", "blocked"];
/** Rows of the page list per screen. */
const PAGES_PER_SCREEN = 100;
const PAGE_SORTS: readonly PageQuery["sort"][] = ["url", "status", "depth", "inlinks", "ttfb", "size"];

const positiveInt = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A page's detail, or the address when it is not a page of the audit (robots.txt, a sitemap, a resource). */
async function pageOrMissing(opts: Parameters<typeof getPageDetail>[0]) {
  try {
    return { page: await getPageDetail(opts), missingPage: null };
  } catch (err) {
    if (err instanceof AppError && err.field === "url") return { page: null, missingPage: opts.url };
    throw err;
  }
}

/**
 * /website-checker (spec 2, issue 3). Without ?audit: the start form and recent audits. With
 * ?audit=ID: its live progress, or its report; &check=ID drills into the affected URLs,
 * &page=URL opens a page's detail, &severity= filters the issues.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const q = new URL(request.url).searchParams;
  const auditId = positiveInt(q.get("audit"));
  if (auditId === null) {
    const [projects, audits] = await Promise.all([listProjects({ services, owner }), listAudits({ db: services.db, owner })]);
    const values: StartValues = { ...DEFAULT_VALUES, site: q.get("site") ?? "", idp: positiveInt(q.get("idp")) };
    return { view: "start" as const, projects, audits, values };
  }
  try {
    const texts = await loadCheckTexts(services.db, isLanguage(params.lang) ? params.lang : DEFAULT_LANG);
    const opts = { db: services.db, owner, auditId, texts };
    const overview = await getAuditOverview(opts);
    const running = !["done", "failed", "cancelled"].includes(overview.audit.status);
    const check = q.get("check");
    const page = q.get("page");
    const severity = ["error", "warning", "notice"].includes(q.get("severity") ?? "") ? q.get("severity") : null;
    const status = PAGE_STATUSES.find((x) => x === q.get("status")) ?? "all";
    const pagesFilter = {
      status,
      q: (q.get("q") ?? "").slice(0, 500),
      offset: positiveInt(q.get("offset")) ?? 0,
      limit: PAGES_PER_SCREEN,
      sort: PAGE_SORTS.find((x) => x === q.get("sort")) ?? "url",
      order: q.get("order") === "desc" ? ("desc" as const) : ("asc" as const),
    };
    const showPages = q.get("view") === "pages" && !running && !check && !page;
    return {
      view: "audit" as const,
      overview,
      pagesFilter,
      pages: showPages ? await listPages(services.db, auditId, { ...pagesFilter, q: pagesFilter.q || undefined }) : null,
      severity,
      progress: running ? await auditProgress(services.db, overview.audit) : null,
      charts:
        overview.audit.status === "done" && !check && !page && !showPages
          ? await reportCharts(services.db, overview.audit, texts.lang)
          : null,
      issue:
        check && !running
          ? await getIssueDetail({
              ...opts,
              check,
              offset: positiveInt(q.get("offset")) ?? 0,
              q: (q.get("q") ?? "").slice(0, 500),
              sort: q.get("sort") === "message" ? "message" : "url",
              order: q.get("order") === "desc" ? "desc" : "asc",
              ...(q.get("target") ? { target: q.get("target")!.slice(0, 2048) } : {}),
              grouped: q.get("grouped") === "1",
            })
          : null,
      ...(page && !running ? await pageOrMissing({ ...opts, url: page }) : { page: null, missingPage: null }),
    };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data(null, { status: 404 });
    throw err;
  }
}

/** The form as typed, to show again with an error. */
function typedValues(form: Record<string, string | string[]>): StartValues {
  const text = (k: string) => (typeof form[k] === "string" ? form[k].trim() : "");
  return {
    site: text("site"),
    idp: positiveInt(text("idp")),
    maxPages: positiveInt(text("maxPages")) ?? DEFAULT_VALUES.maxPages,
    maxDepth: text("maxDepth"),
    render: text("render") === "1",
    checkExternal: text("checkExternal") === "1",
  };
}

/**
 * Starts an audit of a project or of an entered site (startFormSchema), then shows its progress;
 * or stops a running audit (intent=cancel, cancelFormSchema). Errors through actionError (issue 8.4).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const info = context.get(requestInfoContext);
  const form = await readForm(request);
  if (form.intent === "continue") {
    try {
      const { audit, maxPages } = validate(continueFormSchema, form);
      await continueAudit({ services, owner: await info.owner(), auditId: audit, maxPages });
      return redirect(localizePath(params.lang ?? "en", `/website-checker?audit=${audit}`));
    } catch (err) {
      return actionError(err, { request, context }, { values: null });
    }
  }
  if (form.intent === "cancel") {
    try {
      const { audit } = validate(cancelFormSchema, form);
      await cancelAudit({ services, owner: await info.owner(), auditId: audit });
      return redirect(localizePath(params.lang ?? "en", `/website-checker?audit=${audit}`));
    } catch (err) {
      return actionError(err, { request, context }, { values: null });
    }
  }
  const values = typedValues(form);
  try {
    const input = validate(startFormSchema, form);
    const headers = new Headers();
    let visitorId = info.visitorId;
    if (!visitorId) {
      const guest = await createVisitorCookie(services);
      visitorId = guest.id;
      headers.append("set-cookie", guest.setCookie);
    }
    const { auditId } = await startAudit({ services, owner: { ...(await info.owner()), visitorId }, ...input });
    return redirect(localizePath(params.lang ?? "en", `/website-checker?audit=${auditId}`), { headers });
  } catch (err) {
    return actionError(err, { request, context }, { values });
  }
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const t = metaTexts(matches);
  const name = t(A.checkerTitle);
  const title = d?.view === "audit" ? `${d.overview.audit.startUrl} — ${name} — Rankforge` : brandTitle(name);
  return [{ title }, { name: "description", content: t(A.checkerLead) }];
}

export const handle = { noindex: true };

export default function WebsiteChecker({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main" className="min-w-0">
      <div>
        <p className="eyebrow">{t(A.checkerEyebrow)}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight break-all">
          {loaderData.view === "audit" ? loaderData.overview.audit.startUrl.replace(/^https?:\/\//, "") : t(A.checkerTitle)}
        </h1>
        {loaderData.view === "start" && (
          <>
            <p className="mt-2 max-w-3xl text-ink-700">{t(A.checkerLead)}</p>
            <CheckerStart
              projects={loaderData.projects}
              audits={loaderData.audits}
              values={actionData?.values ?? loaderData.values}
              error={actionData?.error ? actionData.error.message.replace(/^[\w.]+: /, "") : null}
            />
          </>
        )}
        {loaderData.view === "audit" && <AuditView d={loaderData} />}
      </div>
    </main>
  );
}

type AuditData = Extract<Route.ComponentProps["loaderData"], { view: "audit" }>;

function AuditView({ d }: { d: AuditData }) {
  const t = useT();
  const to = useLocalized();
  const { audit } = d.overview;
  if (d.progress) return <AuditProgress auditId={audit.id} startUrl={audit.startUrl} initial={d.progress} />;
  if (audit.status === "cancelled")
    return (
      <section className="card mt-6" role="status">
        <p className="text-ink-700">{t(A.crawlCancelled)}</p>
        <Link to={to("/website-checker")} className="btn-primary mt-4">
          {t(A.startAudit)}
        </Link>
      </section>
    );
  if (audit.status !== "done")
    return (
      <section className="card mt-6 border-danger-100" role="alert">
        <h2 className="text-lg font-semibold text-danger-600">{t(A.crawlFailed)}</h2>
        {audit.error && <p className="mt-2 text-ink-700">{audit.error}</p>}
      </section>
    );
  if (d.page) return <PageDetailView auditId={audit.id} page={d.page} />;
  if (d.missingPage)
    return (
      <section className="card mt-6" role="status">
        <h2 className="text-lg font-semibold break-all">{d.missingPage}</h2>
        <p className="mt-2 text-ink-700">{t(A.notCrawled)}</p>
        <Link to={to(`/website-checker?audit=${audit.id}`)} className="mt-3 inline-block font-medium">
          ← {t(A.backToIssues)}
        </Link>
      </section>
    );
  if (d.issue) return <IssueDetailView auditId={audit.id} issue={d.issue} />;
  const tab = (active: boolean) =>
    `rounded-lg px-4 py-2 font-semibold no-underline ${active ? "bg-ink-900 text-white" : "bg-white text-ink-700 border border-ink-100"}`;
  return (
    <>
      <nav className="mt-6 flex gap-2" aria-label={t(A.checkerTitle)}>
        <Link to={to(`/website-checker?audit=${audit.id}`)} className={tab(!d.pages)} aria-current={!d.pages ? "page" : undefined}>
          {t(A.issuesTitle)}
        </Link>
        <Link
          to={to(`/website-checker?audit=${audit.id}&view=pages`)}
          className={tab(!!d.pages)}
          aria-current={d.pages ? "page" : undefined}
        >
          {t(A.pagesTab)}
        </Link>
      </nav>
      {d.pages ? (
        <PagesTable auditId={audit.id} rows={d.pages.rows} total={d.pages.total} filter={d.pagesFilter} />
      ) : (
        <AuditReport overview={d.overview} severity={d.severity} charts={d.charts} />
      )}
    </>
  );
}
