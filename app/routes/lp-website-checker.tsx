import { Form, Link } from "react-router";
import type { Route } from "./+types/lp-website-checker";
import { CATEGORY_ORDER, CATEGORY_TEXT } from "../audit/categories.ts";
import { A } from "../audit/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { auditCatalogue } from "../../server/audit/run.ts";
import { loadCheckTexts } from "../../server/audit/check-texts.server.ts";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";

/** The catalogue grouped by category: titles (in the interface language) and severities only (what the page shows). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const texts = await loadCheckTexts(context.get(servicesContext).db, isLanguage(params.lang) ? params.lang : DEFAULT_LANG);
  const groups = new Map<string, { id: string; title: string; severity: string }[]>();
  for (const c of auditCatalogue()) {
    const list = groups.get(c.category) ?? [];
    list.push({ id: c.id, title: texts.title(c.id), severity: c.severity });
    groups.set(c.category, list);
  }
  const categories = CATEGORY_ORDER.filter((c) => groups.has(c)).map((c) => ({ category: c, checks: groups.get(c)! }));
  return { total: auditCatalogue().length, categories };
}

/** Title and description from the page's texts in the interface language (issue 15). */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaTexts(matches);
  const title = brandTitle(t(A.lpTitle));
  const description = t(A.lpLead);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: "summary" },
  ];
}

const SEVERITY_DOT: Record<string, string> = { error: "bg-danger-600", warning: "bg-warn-600", notice: "bg-ink-300" };

/** /lp-website-checker (spec 2): sells the website checker and starts an audit (POST to /website-checker). */
export default function LpWebsiteChecker({ loaderData }: Route.ComponentProps) {
  const { total, categories } = loaderData;
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const features = [
    [A.lpFeature1Title, A.lpFeature1],
    [A.lpFeature2Title, A.lpFeature2],
    [A.lpFeature3Title, A.lpFeature3],
    [A.lpFeature4Title, A.lpFeature4],
  ] as const;
  const faq = [
    [A.lpFaq1Q, A.lpFaq1A],
    [A.lpFaq2Q, A.lpFaq2A],
    [A.lpFaq3Q, A.lpFaq3A],
  ] as const;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faq.map(([q, a]) => ({ "@type": "Question", name: t(q), acceptedAnswer: { "@type": "Answer", text: t(a) } })),
  };
  return (
    <main id="main">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      <section className="bg-ink-900 text-white">
        <div className="container-page grid gap-10 py-16 sm:py-20 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <p className="eyebrow text-forge-500">{t(A.lpEyebrow)}</p>
            <h1 className="mt-3 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">{t(A.lpTitle)}</h1>
            <p className="mt-5 max-w-xl text-lg text-ink-300">{t(A.lpLead)}</p>
            <Form method="post" action={to("/website-checker")} className="mt-8 max-w-xl" aria-label={t(A.lpCta)}>
              <label htmlFor="lp-site" className="sr-only">
                {t(A.siteLabel)}
              </label>
              <div className="flex flex-col gap-2 sm:flex-row sm:gap-3">
                <input
                  id="lp-site"
                  name="site"
                  type="text"
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  required
                  placeholder="example.com"
                  className="w-full min-w-0 flex-1 rounded-lg border border-ink-300 bg-white px-4 py-3.5 text-lg text-ink-900 outline-none placeholder:text-ink-300 focus:border-forge-500 focus:ring-2 focus:ring-forge-100"
                />
                <button type="submit" className="btn-primary whitespace-nowrap">
                  {t(A.lpCta)}
                </button>
              </div>
            </Form>
          </div>
          <div className="rounded-2xl border border-ink-700 bg-ink-800 p-6" aria-hidden="true">
            <p className="text-6xl font-extrabold text-forge-500">{total}</p>
            <p className="mt-1 text-ink-300">{fill(t(A.lpChecksCount), { n: categories.length }, lang)}</p>
            <ul className="mt-4 flex flex-wrap gap-2 text-sm">
              {categories.map((c) => (
                <li key={c.category} className="rounded-full bg-ink-900 px-3 py-1 text-ink-100">
                  {t(CATEGORY_TEXT[c.category]!)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="container-page py-16">
        <ul className="grid gap-6 sm:grid-cols-2">
          {features.map(([title, text]) => (
            <li key={title} className="card">
              <h2 className="text-xl font-semibold">{fill(t(title), { n: total }, lang)}</h2>
              <p className="mt-2 text-ink-700">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-16" aria-labelledby="lp-how">
        <div className="container-page">
          <h2 id="lp-how" className="text-3xl font-bold tracking-tight">
            {t(A.lpHowTitle)}
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {[A.lpStep1, A.lpStep2, A.lpStep3].map((step, i) => (
              <li key={step} className="rounded-xl border border-ink-100 p-6">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-forge-100 font-bold text-forge-600">{i + 1}</span>
                <p className="mt-4 text-ink-700">{t(step)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="lp-checks">
        <h2 id="lp-checks" className="text-3xl font-bold tracking-tight">
          {t(A.lpCategoriesTitle)}
        </h2>
        <p className="mt-2 max-w-2xl text-ink-700">{t(A.lpCategoriesLead)}</p>
        <div className="mt-8 grid gap-4 md:grid-cols-2">
          {categories.map((c) => (
            <details key={c.category} className="card group">
              <summary className="flex cursor-pointer items-center justify-between gap-3 font-semibold">
                <span>{t(CATEGORY_TEXT[c.category]!)}</span>
                <span className="rounded-full bg-ink-100 px-2 py-0.5 text-sm text-ink-700">{c.checks.length}</span>
              </summary>
              <ul className="mt-3 space-y-1.5 text-sm text-ink-700">
                {c.checks.map((k) => (
                  <li key={k.id} className="flex items-start gap-2">
                    <span className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${SEVERITY_DOT[k.severity]}`} />
                    {k.title}
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </div>
      </section>

      <section className="bg-white py-16" aria-labelledby="lp-faq">
        <div className="container-page max-w-3xl">
          <h2 id="lp-faq" className="text-3xl font-bold tracking-tight">
            {t(A.lpFaqTitle)}
          </h2>
          <dl className="mt-6 divide-y divide-ink-100">
            {faq.map(([q, a]) => (
              <div key={q} className="py-4">
                <dt className="font-semibold">{t(q)}</dt>
                <dd className="mt-1 text-ink-700">{t(a)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="bg-ink-900 py-14 text-white">
        <div className="container-page flex flex-col items-start justify-between gap-6 md:flex-row md:items-center">
          <h2 className="text-2xl font-bold">{t(A.lpTitle)}</h2>
          <Link to={to("/website-checker")} className="btn-primary">
            {t(A.lpCta)}
          </Link>
        </div>
      </section>
    </main>
  );
}
