import { Link } from "react-router";
import type { Route } from "./+types/tour";
import { LazyImage } from "../components/lazy-image.tsx";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { S, PAGE_BASE, PAGE_OFFSETS as O } from "../../common/site/ids.ts";
import { Breadcrumbs, CtaBand, Hero } from "../site/page-parts.tsx";
import { pageMeta } from "../site/page-meta.ts";
import { makeT, series } from "../../common/site/text.ts";
import { fill } from "../../common/i18n/message.ts";
import { useLang } from "../i18n/use-texts.ts";
import { loadSitePage } from "../../server/site/page-loader.server.ts";
import { TOUR_IMAGES, TOUR_IMAGE_SIZE } from "../../common/site/tour.ts";

const B = PAGE_BASE["dsd-quick-tour"];

/** /dsd-quick-tour (issue 4, issue 11 point 7): a step-by-step tour of the real dashboard, one screenshot per step. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadSitePage(context.get(servicesContext), request, params.lang, "dsd-quick-tour");
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = makeT(loaderData.texts);
  return pageMeta({ title: t(B + O.metaTitle), description: t(B + O.metaDescription), url: loaderData.url, image: loaderData.ogImage });
}

export default function TourPage({ loaderData }: Route.ComponentProps) {
  const { texts, origin, url } = loaderData;
  const t = makeT(texts);
  const { lang } = useLang();
  const to = useLocalized();
  const steps = series(texts, B + O.extra, 2, TOUR_IMAGES.length);
  return (
    <main id="main" className="flex-1">
      <Hero
        t={t}
        base={B}
        breadcrumbs={
          <Breadcrumbs
            t={t}
            origin={origin}
            url={url}
            name={t(B + O.h1)}
            parent={{ path: "/dedicated-seo-dashboard", name: "Dedicated SEO Dashboard" }}
          />
        }
      />
      <ol className="container-page space-y-16 py-14">
        {steps.map(([title, text], i) => (
          <li key={title} className="grid items-center gap-8 lg:grid-cols-[1fr_1.6fr]">
            <div>
              <p className="eyebrow">{fill(t(S.tourStep, "Step {n}"), { n: i + 1 }, lang)}</p>
              <h2 className="mt-2 text-2xl font-bold tracking-tight">{t(title!)}</h2>
              <p className="mt-3 text-lg text-ink-700">{t(text!)}</p>
            </div>
            <figure className="overflow-hidden rounded-xl border border-ink-100 bg-white shadow-lg">
              <LazyImage
                src={TOUR_IMAGES[i]!}
                alt={t(B + 120 + i)}
                width={TOUR_IMAGE_SIZE.width}
                height={TOUR_IMAGE_SIZE.height}
                className="h-auto w-full object-contain object-top"
              />
            </figure>
          </li>
        ))}
      </ol>
      <CtaBand title={t(B + O.ctaTitle)} text={t(B + O.ctaText)}>
        <Link to={to("/seo-consultation")} className="btn-primary">
          {t(S.freeConsultation)}
        </Link>
        <Link to={to("/analytics")} className="btn-secondary">
          {t(S.allPrices)}
        </Link>
      </CtaBand>
    </main>
  );
}
