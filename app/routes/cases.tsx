import { Link } from "react-router";
import type { Route } from "./+types/cases";
import { Breadcrumbs } from "../content/components/breadcrumbs.tsx";
import { PageHero } from "../content/components/page-hero.tsx";
import { PageMeta } from "../content/components/page-meta.tsx";
import { formatDay } from "../../common/content/format.ts";
import { C } from "../content/text-ids.ts";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { localizePath, toBcp47 } from "../../common/i18n/languages.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { langOf } from "../../server/blog/view.server.ts";
import { bestVersions, versionLanguages } from "../../server/content/documents.server.ts";
import { contentHandle } from "../components/seo-links.tsx";
import { libraryOf } from "../../server/content/view.server.ts";

/** /cases (issue 4): every case study from content/cases, newest first, in the URL's language where written. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const lang = langOf(params);
  const all = libraryOf(context.get(servicesContext)).cases;
  const cases = bestVersions(all, lang)
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
    .map(({ html: _html, ...c }) => ({ ...c, dateText: formatDay(lang, c.date) }));
  return { cases, languages: versionLanguages(all) };
}

/** Indexable in the languages at least one case study is written in (issue 15 rule 3). */
export const handle = contentHandle;

export default function Cases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const { lang } = useLang();
  return (
    <main id="main" className="flex-1">
      <PageMeta title={t(C.casesMetaTitle)} description={t(C.casesIntro)} />
      <PageHero
        top={<Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: t(C.casesTitle) }]} />}
        title={t(C.casesTitle)}
        lead={t(C.casesIntro)}
      />
      <div className="container-page py-10 lg:py-14">
        {loaderData.cases.length === 0 ? (
          <p className="text-ink-700">{t(C.casesEmpty)}</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2">
            {loaderData.cases.map((c) => {
              const other = c.lang !== lang ? toBcp47(c.lang) : undefined;
              return (
                <li key={c.slug}>
                  <article className="group relative flex h-full flex-col rounded-[var(--radius-card)] border border-ink-100 bg-white p-6 shadow-sm transition hover:shadow-md sm:p-8">
                    <p className="text-sm text-ink-500">
                      <span className="font-semibold text-ink-700">{c.site}</span> · <span lang={other}>{c.industry}</span>
                    </p>
                    <h2 lang={other} className="mt-3 text-2xl leading-snug font-bold text-ink-900">
                      <Link
                        to={localizePath(c.lang, `/case/${c.slug}`)}
                        className="text-ink-900 no-underline after:absolute after:inset-0 group-hover:text-forge-700"
                      >
                        {c.title}
                      </Link>
                    </h2>
                    <p lang={other} className="mt-3 flex-1 leading-relaxed text-ink-700">
                      {c.description}
                    </p>
                    {c.metrics.length > 0 && (
                      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
                        {c.metrics.slice(0, 3).map((m) => (
                          <div key={m.label} className="flex flex-col-reverse justify-end rounded-lg bg-ink-50 p-3">
                            <dt lang={other} className="mt-1 text-xs leading-snug text-ink-500">
                              {m.label}
                            </dt>
                            <dd className="text-xl font-bold text-ink-900">{m.value}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    <p className="mt-6 text-sm font-semibold text-forge-700">{t(C.readCase)} →</p>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </main>
  );
}
