import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/website-checker";
import { type StartValues, CheckerStart } from "../audit/checker-start.tsx";
import { CrawlProgress } from "../audit/crawl-progress.tsx";
import { CrawlReport } from "../audit/crawl-report.tsx";
import { IssueDetailView } from "../audit/issue-detail.tsx";
import { PageDetailView } from "../audit/page-detail.tsx";
import { PagesTable } from "../audit/pages-table.tsx";
import { A } from "../audit/text-ids.ts";
import { requestInfoContext, servicesContext } from "../context.ts";
import { localizePath } from "../i18n/languages.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { getCrawlForVisitor, getCrawlOverview, getIssueDetail, getPageDetail, listCrawls } from "../../server/audit/report.server.ts";
import { crawlProgress } from "../../server/audit/progress.server.ts";
import { type PageStatusFilter, listPages } from "../../server/crawler/pages.server.ts";
import { crawlSettingsSchema } from "../../server/crawler/settings.server.ts";
import { cancelCrawl, startCrawl } from "../../server/crawler/start.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { createVisitorCookie } from "../../server/http/visitor.server.ts";
import { listProjects } from "../../server/project/get-project.server.ts";

const DEFAULT_VALUES: StartValues = { site: "", idp: null, maxPages: 500, maxDepth: "", render: false, checkExternal: false };

const PAGE_STATUSES: readonly PageStatusFilter[] = ["all", "2xx", "3xx", "4xx", "5xx", "error", "blocked"];
/** Rows of the page list per screen. */
const PAGES_PER_SCREEN = 100;

const positiveInt = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A page's detail, or the address when it is not a page of the crawl (robots.txt, a sitemap, a resource). */
async function pageOrMissing(db: Parameters<typeof getPageDetail>[0], visitorId: string | null, crawlId: number, url: string) {
  try {
    return { page: await getPageDetail(db, visitorId, crawlId, url), missingPage: null };
  } catch (err) {
    if (err instanceof AppError && err.field === "url") return { page: null, missingPage: url };
    throw err;
  }
}

/**
 * /website-checker (spec 2, issue 3). Without ?crawl: the start form and recent audits. With
 * ?crawl=ID: its live progress, or its report; &check=ID drills into the affected URLs,
 * &page=URL opens a page's detail, &severity= filters the issues.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { visitorId } = context.get(requestInfoContext);
  const q = new URL(request.url).searchParams;
  const crawlId = positiveInt(q.get("crawl"));
  if (crawlId === null) {
    const [projects, crawls] = await Promise.all([listProjects(services, visitorId), listCrawls(services.db, visitorId)]);
    const values: StartValues = { ...DEFAULT_VALUES, site: q.get("site") ?? "", idp: positiveInt(q.get("idp")) };
    return { view: "start" as const, projects, crawls, values };
  }
  try {
    const overview = await getCrawlOverview(services.db, visitorId, crawlId);
    const running = !["done", "failed", "cancelled"].includes(overview.crawl.status);
    const check = q.get("check");
    const page = q.get("page");
    const severity = ["error", "warning", "notice"].includes(q.get("severity") ?? "") ? q.get("severity") : null;
    const status = PAGE_STATUSES.find((x) => x === q.get("status")) ?? "all";
    const pagesFilter = { status, q: (q.get("q") ?? "").slice(0, 500), offset: positiveInt(q.get("offset")) ?? 0, limit: PAGES_PER_SCREEN };
    const showPages = q.get("view") === "pages" && !running && !check && !page;
    return {
      view: "crawl" as const,
      overview,
      pagesFilter,
      pages: showPages
        ? await listPages(services.db, crawlId, { ...pagesFilter, q: pagesFilter.q || undefined, sort: "url", order: "asc" })
        : null,
      severity,
      progress: running ? await crawlProgress(services.db, overview.crawl) : null,
      issue: check && !running ? await getIssueDetail(services.db, visitorId, crawlId, check, positiveInt(q.get("offset")) ?? 0) : null,
      ...(page && !running ? await pageOrMissing(services.db, visitorId, crawlId, page) : { page: null, missingPage: null }),
    };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data(null, { status: 404 });
    throw err;
  }
}

/** Starts a crawl of a project or of an entered site, then shows its progress; or stops a running crawl (intent=cancel). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  let { visitorId } = context.get(requestInfoContext);
  const form = await request.formData();
  const text = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string).trim() : "");
  if (text("intent") === "cancel") {
    const id = positiveInt(text("crawl"));
    if (id === null) throw data(null, { status: 400 });
    try {
      await getCrawlForVisitor(services.db, visitorId, id);
    } catch (err) {
      if (err instanceof AppError) throw data(null, { status: 404 });
      throw err;
    }
    await cancelCrawl(services, id);
    return redirect(localizePath(params.lang ?? "en", `/website-checker?crawl=${id}`));
  }
  const values: StartValues = {
    site: text("site"),
    idp: positiveInt(text("idp")),
    maxPages: positiveInt(text("maxPages")) ?? DEFAULT_VALUES.maxPages,
    maxDepth: text("maxDepth"),
    render: text("render") === "1",
    checkExternal: text("checkExternal") === "1",
  };
  const settings = crawlSettingsSchema.safeParse({
    maxPages: values.maxPages,
    maxDepth: values.maxDepth === "" ? null : values.maxDepth,
    render: values.render,
    checkExternal: values.checkExternal,
  });
  if (!settings.success) return data({ error: settings.error.issues[0]?.message ?? "Invalid settings.", values }, { status: 400 });
  const headers = new Headers();
  if (!visitorId) {
    const guest = await createVisitorCookie(services);
    visitorId = guest.id;
    headers.append("set-cookie", guest.setCookie);
  }
  let crawlId: number;
  try {
    const byProject = values.idp !== null && values.site === "";
    ({ crawlId } = await startCrawl(services, visitorId, {
      ...(byProject ? { projectId: values.idp! } : { url: values.site }),
      settings: settings.data,
    }));
  } catch (err) {
    if (err instanceof AppError) return data({ error: err.message.replace(/^url: /, ""), values }, { status: err.status, headers });
    throw err;
  }
  return redirect(localizePath(params.lang ?? "en", `/website-checker?crawl=${crawlId}`), { headers });
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  const title = d?.view === "crawl" ? `${d.overview.crawl.startUrl} — Website checker — Rankforge` : "Website checker — Rankforge";
  return [{ title }, { name: "description", content: "Crawl a whole site and see every technical SEO issue." }];
}

export const handle = { noindex: true };

export default function WebsiteChecker({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main" className="flex-1 bg-ink-50">
      <div className="container-page py-10">
        <p className="eyebrow">{t(A.checkerEyebrow)}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight break-all">
          {loaderData.view === "crawl" ? loaderData.overview.crawl.startUrl.replace(/^https?:\/\//, "") : t(A.checkerTitle)}
        </h1>
        {loaderData.view === "start" && (
          <>
            <p className="mt-2 max-w-3xl text-ink-700">{t(A.checkerLead)}</p>
            <CheckerStart
              projects={loaderData.projects}
              crawls={loaderData.crawls}
              values={actionData?.values ?? loaderData.values}
              error={actionData?.error ?? null}
            />
          </>
        )}
        {loaderData.view === "crawl" && <CrawlView d={loaderData} />}
      </div>
    </main>
  );
}

type CrawlData = Extract<Route.ComponentProps["loaderData"], { view: "crawl" }>;

function CrawlView({ d }: { d: CrawlData }) {
  const t = useT();
  const to = useLocalized();
  const { crawl } = d.overview;
  if (d.progress) return <CrawlProgress crawlId={crawl.id} startUrl={crawl.startUrl} initial={d.progress} />;
  if (crawl.status === "cancelled")
    return (
      <section className="card mt-6" role="status">
        <p className="text-ink-700">{t(A.crawlCancelled)}</p>
        <Link to={to("/website-checker")} className="btn-primary mt-4">
          {t(A.startCrawl)}
        </Link>
      </section>
    );
  if (crawl.status !== "done")
    return (
      <section className="card mt-6 border-danger-100" role="alert">
        <h2 className="text-lg font-semibold text-danger-600">{t(A.crawlFailed)}</h2>
        {crawl.error && <p className="mt-2 text-ink-700">{crawl.error}</p>}
      </section>
    );
  if (d.page) return <PageDetailView crawlId={crawl.id} page={d.page} />;
  if (d.missingPage)
    return (
      <section className="card mt-6" role="status">
        <h2 className="text-lg font-semibold break-all">{d.missingPage}</h2>
        <p className="mt-2 text-ink-700">{t(A.notCrawled)}</p>
        <Link to={to(`/website-checker?crawl=${crawl.id}`)} className="mt-3 inline-block font-medium">
          ← {t(A.backToIssues)}
        </Link>
      </section>
    );
  if (d.issue) return <IssueDetailView crawlId={crawl.id} issue={d.issue} />;
  const tab = (active: boolean) =>
    `rounded-lg px-4 py-2 font-semibold no-underline ${active ? "bg-ink-900 text-white" : "bg-white text-ink-700 border border-ink-100"}`;
  return (
    <>
      <nav className="mt-6 flex gap-2" aria-label={t(A.checkerTitle)}>
        <Link to={to(`/website-checker?crawl=${crawl.id}`)} className={tab(!d.pages)} aria-current={!d.pages ? "page" : undefined}>
          {t(A.issuesTitle)}
        </Link>
        <Link
          to={to(`/website-checker?crawl=${crawl.id}&view=pages`)}
          className={tab(!!d.pages)}
          aria-current={d.pages ? "page" : undefined}
        >
          {t(A.pagesTab)}
        </Link>
      </nav>
      {d.pages ? (
        <PagesTable crawlId={crawl.id} rows={d.pages.rows} total={d.pages.total} filter={d.pagesFilter} />
      ) : (
        <CrawlReport overview={d.overview} severity={d.severity} />
      )}
    </>
  );
}
