import { data, Link } from "react-router";
import type { Route } from "./+types/legal";
import { Breadcrumbs } from "../content/components/breadcrumbs.tsx";
import { PageHero } from "../content/components/page-hero.tsx";
import { PageMeta } from "../content/components/page-meta.tsx";
import { TocAside, TocDetails } from "../content/components/toc.tsx";
import { formatDay } from "../../common/content/format.ts";
import { fill } from "../../common/i18n/message.ts";
import { PROSE } from "../content/prose.ts";
import { C } from "../content/text-ids.ts";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { splitLangPrefix, toBcp47 } from "../../common/i18n/languages.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { contentHandle } from "../components/seo-links.tsx";
import { langOf } from "../../server/blog/view.server.ts";
import { LEGAL_SLUGS, pickVersion, versionLanguages } from "../../server/content/documents.server.ts";
import { libraryOf } from "../../server/content/view.server.ts";
import { companyEmail } from "../../server/site/company.server.ts";

/**
 * The five legal pages (issue 4: /privacy-policy, /terms-of-service, /public-offer-agreement,
 * /refund-policy, /anti-spam-policy) from content/legal/<lang>/<slug>.md, English when the
 * language has no version, with the last-updated date in the interface language's format.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const lang = langOf(params);
  const slug = splitLangPrefix(new URL(request.url).pathname).rest.replace(/^\/|\/$/g, "");
  const lib = libraryOf(services);
  const doc = pickVersion(lib.legal, lang, slug);
  if (!doc) throw data(null, { status: 404 });
  const others = LEGAL_SLUGS.filter((s) => s !== slug).flatMap((s) => {
    const d = pickVersion(lib.legal, lang, s);
    return d ? [{ slug: s, title: d.title, lang: d.lang }] : [];
  });
  return {
    doc: { ...doc, updatedText: formatDay(lang, doc.updated) },
    fallback: doc.lang !== lang,
    languages: versionLanguages(lib.legal, slug),
    others,
    email: companyEmail(services.env),
  };
}

/** Indexable only in the languages this document is written in (issue 15 rule 3). */
export const handle = contentHandle;

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const { doc, fallback, others, email } = loaderData;
  const docLang = fallback ? toBcp47(doc.lang) : undefined;
  return (
    <main id="main" className="flex-1 bg-white">
      <PageMeta title={doc.title} description={doc.description} />
      <PageHero
        top={<Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: doc.title }]} />}
        eyebrow={t(C.legalEyebrow)}
        title={doc.title}
        lang={docLang}
        lead={<span lang={docLang}>{doc.description}</span>}
      >
        <p className="mt-6 text-sm text-ink-300">
          {t(C.lastUpdated)}{" "}
          <time dateTime={doc.updated} className="font-medium text-white">
            {doc.updatedText}
          </time>
        </p>
      </PageHero>
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[minmax(0,1fr)_16rem] lg:py-14">
        <div className="min-w-0">
          {fallback && (
            <p role="note" className="mb-8 max-w-[70ch] rounded-lg border border-ink-100 bg-ink-50 p-4 text-sm text-ink-700">
              {t(C.englishVersion)}
            </p>
          )}
          <TocDetails toc={doc.toc} />
          <article lang={docLang} className={PROSE} dangerouslySetInnerHTML={{ __html: doc.html }} />
          <p className="mt-10 max-w-[70ch] border-t border-ink-100 pt-6 text-ink-700">
            {fill(t(C.legalQuestions), { email: "\u0000" }, lang)
              .split("\u0000")
              .flatMap((part, i) =>
                i === 0
                  ? [part]
                  : [
                      <a key="m" href={`mailto:${email}`} className="text-forge-700 underline">
                        {email}
                      </a>,
                      part,
                    ],
              )}
          </p>
        </div>
        <TocAside toc={doc.toc} />
      </div>
      <nav aria-labelledby="other-legal" className="bg-ink-50">
        <div className="container-page py-10">
          <h2 id="other-legal" className="text-lg font-semibold text-ink-900">
            {t(C.otherDocuments)}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {others.map((o) => (
              <li key={o.slug}>
                <Link
                  to={to(`/${o.slug}`)}
                  lang={toBcp47(o.lang)}
                  className="card block p-4 font-medium text-ink-900 no-underline hover:border-ink-300"
                >
                  {o.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </main>
  );
}
