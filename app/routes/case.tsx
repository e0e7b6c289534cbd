import { data, Link } from "react-router";
import type { Route } from "./+types/case";
import { Breadcrumbs } from "../content/components/breadcrumbs.tsx";
import { PageHero } from "../content/components/page-hero.tsx";
import { JsonLd, PageMeta, useOrigin } from "../content/components/page-meta.tsx";
import { formatDay } from "../../common/content/format.ts";
import { PROSE } from "../content/prose.ts";
import { LanguageNotice } from "../content/components/language-notice.tsx";
import { C } from "../content/text-ids.ts";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { localizePath, toBcp47 } from "../../common/i18n/languages.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { langOf } from "../../server/blog/view.server.ts";
import { bestVersions, pickVersion, versionLanguages } from "../../server/content/documents.server.ts";
import { contentHandle } from "../components/seo-links.tsx";
import { libraryOf } from "../../server/content/view.server.ts";

/** /case/{case_slug} (issue 4): one case study (English when the language has no version); unknown slug 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const lang = langOf(params);
  const lib = libraryOf(context.get(servicesContext));
  const study = pickVersion(lib.cases, lang, params.case_slug);
  if (!study) throw data(null, { status: 404 });
  const more = bestVersions(lib.cases, lang)
    .filter((c) => c.slug !== study.slug)
    .slice(0, 2)
    .map((c) => ({ slug: c.slug, lang: c.lang, title: c.title, site: c.site }));
  return { study: { ...study, dateText: formatDay(lang, study.date) }, more, languages: versionLanguages(lib.cases, study.slug) };
}

/** Indexable only in the languages this case study is written in (issue 15 rule 3). */
export const handle = contentHandle;

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const origin = useOrigin();
  const { lang } = useLang();
  const { study, more } = loaderData;
  const other = study.lang !== lang ? toBcp47(study.lang) : undefined;
  return (
    <main id="main" className="flex-1 bg-white">
      <PageMeta title={study.title} description={study.description} type="article" published={study.date} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Article",
          headline: study.title,
          description: study.description,
          datePublished: study.date,
          inLanguage: toBcp47(study.lang),
          author: { "@type": "Organization", name: "Rankforge", url: `${origin}/` },
          publisher: { "@type": "Organization", name: "Rankforge", url: `${origin}/` },
          mainEntityOfPage: origin + to(`/case/${study.slug}`),
        }}
      />
      <PageHero
        top={
          <Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: t(C.casesTitle), to: to("/cases") }, { label: study.title }]} />
        }
        eyebrow={t(C.casesEyebrow)}
        title={study.title}
        lang={other}
        lead={<span lang={other}>{study.description}</span>}
      >
        <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div className="flex gap-2">
            <dt className="text-ink-300">{t(C.website)}:</dt>
            <dd className="font-medium text-white">{study.site}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-ink-300">{t(C.industry)}:</dt>
            <dd lang={other} className="font-medium text-white">
              {study.industry}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-ink-300">
          <time dateTime={study.date}>{study.dateText}</time>
        </p>
      </PageHero>
      {study.metrics.length > 0 && (
        <section aria-labelledby="results-h" className="border-b border-ink-100 bg-ink-50">
          <div className="container-page py-8">
            <h2 id="results-h" className="text-xs font-semibold tracking-wider text-ink-500 uppercase">
              {t(C.results)}
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
              {study.metrics.map((m) => (
                <div key={m.label} className="flex flex-col-reverse justify-end rounded-lg bg-white p-4 shadow-sm">
                  <dt lang={other} className="mt-1 text-sm leading-snug text-ink-700">
                    {m.label}
                  </dt>
                  <dd className="text-2xl font-extrabold text-ink-900">{m.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      )}
      <div className="container-page py-10 lg:py-14">
        <LanguageNotice docLang={study.lang} />
        <article lang={other} className={PROSE} dangerouslySetInnerHTML={{ __html: study.html }} />
        <aside className="mt-14 rounded-[var(--radius-card)] bg-ink-900 p-8 text-white sm:p-10">
          <h2 className="text-2xl font-bold">{t(C.caseCtaTitle)}</h2>
          <p className="mt-3 max-w-2xl text-ink-300">{t(C.caseCtaText)}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={to("/seo-consultation")} className="btn-primary">
              {t(C.ctaButton)}
            </Link>
            <Link
              to={to("/cases")}
              className="inline-flex items-center rounded-lg border border-ink-500 px-5 py-3 font-semibold text-white no-underline hover:border-white"
            >
              {t(C.allCases)}
            </Link>
          </div>
        </aside>
        {more.length > 0 && (
          <ul className="mt-10 grid gap-4 md:grid-cols-2">
            {more.map((m) => (
              <li key={m.slug}>
                <Link to={localizePath(m.lang, `/case/${m.slug}`)} className="card block no-underline hover:border-ink-300">
                  <span className="text-sm text-ink-500">{m.site}</span>
                  <span lang={m.lang !== lang ? toBcp47(m.lang) : undefined} className="mt-1 block font-semibold text-ink-900">
                    {m.title}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
