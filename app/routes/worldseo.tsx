import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/worldseo";
import { DomainStartBox } from "../components/domain-start-box.tsx";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { formatDate } from "../../common/i18n/format.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { PAGE_BASE, PAGE_OFFSETS as O } from "../../common/site/ids.ts";
import { CtaBand } from "../site/page-parts.tsx";
import { pageMeta } from "../site/page-meta.ts";
import { makeT } from "../../common/site/text.ts";
import { fill } from "../../common/i18n/message.ts";
import { AppError } from "../../server/errors.server.ts";
import { loadSitePage } from "../../server/site/page-loader.server.ts";
import { getSeoOverview, localizeOverview, type SeoOverview } from "../../server/worldseo/overview.server.ts";
import { loadCheckTexts } from "../../server/audit/check-texts.server.ts";

const B = PAGE_BASE.worldwideseo;

/**
 * /worldwideseo/{url} and /worldseo/{url} (spec 2; issue 4): a shareable public SEO overview of a
 * site from the analyzer, cached a day, new analyses rate-limited per client IP. Failures render
 * the page with their status: 422 invalid address, 429 rate limit, 502 unreachable.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const base = await loadSitePage(services, request, params.lang, "worldwideseo");
  try {
    const [found, texts] = await Promise.all([
      getSeoOverview(services, params.url ?? "", context.get(requestInfoContext).ip),
      loadCheckTexts(services.db, base.lang),
    ]);
    const overview = localizeOverview(found, texts);
    return { ...base, overview, problem: null };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const problem = err.code === "rate_limited" ? 107 : err.code === "validation" ? 117 : 108;
    return data({ ...base, overview: null as SeoOverview | null, problem }, { status: err.status });
  }
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = makeT(loaderData.texts);
  const domain = loaderData.overview?.host ?? params.url ?? "";
  return pageMeta({
    title: fill(t(B + O.metaTitle), { domain }, loaderData.lang),
    description: fill(t(B + O.metaDescription), { domain }, loaderData.lang),
    url: loaderData.url,
    image: loaderData.ogImage,
  });
}

const tone = { error: "bg-danger-100 text-danger-600", warning: "bg-warn-100 text-warn-600", notice: "bg-ink-100 text-ink-700" } as const;

function ShareButton({ url, label, done }: { url: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={() =>
        void navigator.clipboard?.writeText(url).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? done : label}
    </button>
  );
}

export default function WorldSeoPage({ loaderData }: Route.ComponentProps) {
  const { texts, overview, problem, url, lang } = loaderData;
  const t = makeT(texts);
  const to = useLocalized();
  const scoreTone = !overview ? "" : overview.score >= 80 ? "text-signal-600" : overview.score >= 50 ? "text-warn-600" : "text-danger-600";
  return (
    <main id="main" className="flex-1">
      <section className="bg-ink-900 text-white">
        <div className="container-page py-12">
          <p className="eyebrow text-forge-500">{t(B + O.eyebrow)}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight break-words">
            {overview ? fill(t(B + 100), { domain: overview.host }, lang) : t(B + O.h1)}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-300">{t(B + O.lead)}</p>
        </div>
      </section>
      <div className="container-page py-10">
        {problem !== null && (
          <div className="card max-w-2xl">
            <p role="alert" className="font-semibold text-danger-600">
              {t(B + problem)}
            </p>
            <h2 className="mt-6 text-lg font-semibold">{t(B + 118)}</h2>
            <div className="mt-3">
              <DomainStartBox id="start-worldseo" size="md" />
            </div>
          </div>
        )}
        {overview && (
          <>
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              <div className="card">
                <p className="text-sm text-ink-500">{t(B + 101)}</p>
                <p className={`mt-1 text-5xl font-extrabold ${scoreTone}`}>{overview.score}</p>
              </div>
              {(
                [
                  [102, overview.errors, "text-danger-600"],
                  [103, overview.warnings, "text-warn-600"],
                  [104, overview.notices, "text-ink-700"],
                ] as const
              ).map(([id, n, cls]) => (
                <div key={id} className="card">
                  <p className="text-sm text-ink-500">{t(B + id)}</p>
                  <p className={`mt-1 text-4xl font-bold ${cls}`}>{n}</p>
                </div>
              ))}
            </div>
            <dl className="card mt-6 grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-ink-500">{t(B + 111)}</dt>
                <dd className="mt-1 font-medium break-words">{overview.title ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-500">{t(B + 112)}</dt>
                <dd className="mt-1 break-words">{overview.metaDescription ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-500">{t(B + 113)}</dt>
                <dd className="mt-1">{fill(t(B + 116), { n: overview.totalMs }, lang)}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-500">{t(B + 114)}</dt>
                <dd className="mt-1">{overview.checksRun}</dd>
              </div>
            </dl>
            {overview.topIssues.length > 0 && (
              <section aria-labelledby="issues-title" className="mt-10">
                <h2 id="issues-title" className="text-2xl font-bold">
                  {t(B + 110)}
                </h2>
                <ul className="mt-4 space-y-3">
                  {overview.topIssues.map((i) => (
                    <li key={i.check} className="card p-4">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-bold uppercase ${tone[i.severity]}`}>{i.severity}</span>
                      <h3 className="mt-2 font-semibold">{i.title}</h3>
                      <p className="mt-1 text-ink-700">{i.message}</p>
                      <p className="mt-1 text-sm text-ink-500">{i.fix}</p>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <p className="text-sm text-ink-500">{fill(t(B + 105), { date: formatDate(lang, new Date(overview.analyzedAt)) }, lang)}</p>
              <ShareButton url={url} label={t(B + 106)} done={t(B + 115)} />
            </div>
          </>
        )}
      </div>
      <CtaBand title={t(B + O.ctaTitle)} text={t(B + O.ctaText)}>
        <Link to={to("/audit-request")} className="btn-primary">
          {t(B + 109)}
        </Link>
        <Link to={to("/autoseo")} className="btn-secondary">
          AutoSEO
        </Link>
      </CtaBand>
    </main>
  );
}
