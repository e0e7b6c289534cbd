import { Link } from "react-router";
import type { Route } from "./+types/reviews";
import { Breadcrumbs } from "../content/components/breadcrumbs.tsx";
import { PageHero } from "../content/components/page-hero.tsx";
import { JsonLd, PageMeta, useOrigin } from "../content/components/page-meta.tsx";
import { Stars } from "../content/components/stars.tsx";
import { formatDay } from "../../common/content/format.ts";
import { fill } from "../../common/i18n/message.ts";
import { C } from "../content/text-ids.ts";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { splitLangPrefix, toBcp47 } from "../../common/i18n/languages.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { langOf } from "../../server/blog/view.server.ts";
import { approvedReviews, ratingSummary } from "../../server/reviews/reviews.server.ts";

const PRODUCT_TEXT: Record<string, number> = {
  rankforge: C.productRankforge,
  autoseo: C.productAutoseo,
  fullseo: C.productFullseo,
  analytics: C.productAnalytics,
};

/**
 * /client-testimonials (every approved review) and /autoseo-client-reviews (approved AutoSEO
 * reviews), issue 4. Only moderated rows from the database are shown; AggregateRating markup is
 * emitted only when there is at least one; otherwise an honest empty state invites the first review.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const lang = langOf(params);
  const autoseo = splitLangPrefix(new URL(request.url).pathname).rest.startsWith("/autoseo-client-reviews");
  const product = autoseo ? "autoseo" : undefined;
  const [list, summary] = await Promise.all([approvedReviews(db, product), ratingSummary(db, product)]);
  return { autoseo, summary, reviews: list.map((r) => ({ ...r, dateText: formatDay(lang, r.createdAt.slice(0, 10)) })) };
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { lang, bcp47 } = useLang();
  const to = useLocalized();
  const origin = useOrigin();
  const { autoseo, summary, reviews } = loaderData;
  const title = t(autoseo ? C.reviewsTitle : C.testimonialsTitle);
  const intro = t(autoseo ? C.reviewsIntro : C.testimonialsIntro);
  const writeHref = to(autoseo ? "/write-a-review?product=autoseo" : "/write-a-review");
  return (
    <main id="main" className="flex-1">
      <PageMeta title={title} description={intro} />
      {summary.count > 0 && summary.average !== null && (
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": autoseo ? "Product" : "Organization",
            name: autoseo ? "AutoSEO" : "Rankforge",
            url: origin + to(autoseo ? "/autoseo" : "/"),
            ...(autoseo ? { brand: { "@type": "Brand", name: "Rankforge" }, description: "Automated SEO service by Rankforge." } : {}),
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: summary.average,
              reviewCount: summary.count,
              bestRating: 5,
              worstRating: 1,
            },
            review: reviews.slice(0, 20).map((r) => ({
              "@type": "Review",
              author: { "@type": "Person", name: r.name },
              datePublished: r.createdAt.slice(0, 10),
              reviewBody: r.body,
              inLanguage: toBcp47(r.lang),
              reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            })),
          }}
        />
      )}
      <PageHero
        top={<Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: title }]} />}
        eyebrow={t(C.reviewsEyebrow)}
        title={title}
        lead={intro}
      >
        <div className="mt-6 flex flex-wrap items-center gap-4">
          {summary.count > 0 && summary.average !== null && (
            <p className="flex items-center gap-3 text-ink-100">
              <Stars value={summary.average} size={22} />
              <span>{fill(t(C.averageRating), { avg: new Intl.NumberFormat(bcp47).format(summary.average), n: summary.count }, lang)}</span>
            </p>
          )}
          {reviews.length > 0 && (
            <Link to={writeHref} className="btn-primary">
              {t(C.writeReview)}
            </Link>
          )}
        </div>
      </PageHero>
      <div className="container-page py-10 lg:py-14">
        {reviews.length === 0 ? (
          <section className="mx-auto max-w-xl rounded-[var(--radius-card)] border border-dashed border-ink-300 bg-white p-10 text-center">
            <div aria-hidden="true">
              <Stars value={0} size={28} />
            </div>
            <h2 className="mt-4 text-2xl font-bold text-ink-900">{t(C.beFirst)}</h2>
            <p className="mt-3 leading-relaxed text-ink-700">{t(C.noReviewsText)}</p>
            <Link to={writeHref} className="btn-primary mt-6">
              {t(C.writeReview)}
            </Link>
          </section>
        ) : (
          <ul className="columns-1 gap-6 md:columns-2 lg:columns-3">
            {reviews.map((r) => (
              <li key={r.id} className="mb-6 break-inside-avoid">
                <figure className="card">
                  <div className="flex items-center justify-between gap-3">
                    <Stars value={r.rating} />
                    {!autoseo && (
                      <span className="text-xs font-medium text-ink-500">{t(PRODUCT_TEXT[r.product] ?? C.productRankforge)}</span>
                    )}
                  </div>
                  <blockquote lang={toBcp47(r.lang)} className="mt-4 leading-relaxed whitespace-pre-line text-ink-900">
                    {r.body}
                  </blockquote>
                  <figcaption className="mt-5 text-sm">
                    <span className="font-semibold text-ink-900">{r.name}</span>
                    <span className="text-ink-500">
                      {" · "}
                      <time dateTime={r.createdAt}>{r.dateText}</time>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
        <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-ink-500">{t(C.moderationNote)}</p>
      </div>
    </main>
  );
}
