import { data, Link } from "react-router";
import type { Route } from "./+types/marketing";
import { DomainStartBox } from "../components/domain-start-box.tsx";
import { Island, type IslandsHandle } from "../islands/island.tsx";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { splitLangPrefix } from "../../common/i18n/languages.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { S, PAGE_BASE, PAGE_OFFSETS as O } from "../../common/site/ids.ts";
import { JsonLd } from "../site/json-ld-script.tsx";
import { productLd } from "../../common/site/json-ld.ts";
import { MARKETING, type Cta } from "../site/marketing-pages.ts";
import { Breadcrumbs, CardGrid, CtaBand, Faq, Hero, HeroHighlights, Section, Steps } from "../site/page-parts.tsx";
import { pageMeta } from "../site/page-meta.ts";
import { termLabel, type PlanView } from "../../common/site/plans.ts";
import { cheapestPlan, fromPriceLine } from "../../common/site/facts.ts";
import { useT } from "../i18n/use-texts.ts";
import { AnalyticsTable, SslCards, TermPlans, TrialCard } from "../site/price-blocks.tsx";
import { makeT, series } from "../../common/site/text.ts";
import { loadSitePage } from "../../server/site/page-loader.server.ts";
import { LazyImage } from "../components/lazy-image.tsx";
import { TOUR_IMAGE_SIZE } from "../../common/site/tour.ts";
import { listPlans } from "../../server/site/prices.server.ts";

/**
 * Product, programme and company pages, /wow and the extension thank-you pages (issue 4; spec 1,
 * 2, 3): what the package includes, who it is for, how it works, prices from the database price
 * tables, FAQ, and the way to order. /wow is focused: only the start box, no links onward.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const segment = splitLangPrefix(new URL(request.url).pathname).rest.split("/")[1] ?? "";
  const config = MARKETING[segment as keyof typeof MARKETING];
  if (!config) throw data(null, { status: 404 });
  const base = await loadSitePage(services, request, params.lang, config.key);
  const source = config.prices;
  const plans: PlanView[] = !source
    ? []
    : source === "trial"
      ? (await listPlans(services.db, "autoseo")).filter((p) => p.tier === "trial" || p.months === 1)
      : await listPlans(services.db, source);
  return { ...base, config, plans };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = makeT(loaderData.texts);
  const b = PAGE_BASE[loaderData.config.key];
  return pageMeta({ title: t(b + O.metaTitle), description: t(b + O.metaDescription), url: loaderData.url, image: loaderData.ogImage });
}

function CtaLink({ cta, t, primary }: { cta: Cta; t: (id: number) => string; primary?: boolean }) {
  const to = useLocalized();
  return (
    <Link to={to(cta.path)} className={primary ? "btn-primary" : "btn-secondary"}>
      {t(cta.label)}
    </Link>
  );
}

/** A marketing page: rendered without React Router hydration, its start box and screenshot are islands (decision 0017). */
export const handle: IslandsHandle = { islands: true };

export default function MarketingPage({ loaderData }: Route.ComponentProps) {
  const { config, texts, plans, lang, origin, url, ogImage } = loaderData;
  const t = makeT(texts);
  const to = useLocalized();
  const b = PAGE_BASE[config.key];
  const h = (offset: number, fallback: number) => t(b + offset) || t(fallback);
  const trial = plans.find((p) => p.tier === "trial");
  const primary = trial && config.primary ? { ...config.primary, path: trial.link } : config.primary;
  const offered = plans.filter((p) => config.prices === "trial" || p.tier !== "trial");
  const rootT = useT();
  const screenshot = config.screenshot && {
    src: config.screenshot.src,
    alt: t(config.screenshot.alt),
    width: TOUR_IMAGE_SIZE.width,
    height: TOUR_IMAGE_SIZE.height,
    className: "h-auto w-full",
  };
  const cheapest = cheapestPlan(offered);
  const from =
    config.prices === "analytics"
      ? { headline: t(S.tierFree, "Free"), note: "" }
      : cheapest && fromPriceLine((id, fallback) => texts[id] ?? rootT(id, fallback), lang, cheapest);
  const planName = (p: PlanView) => `${config.product} — ${p.tier && p.tier !== "trial" ? `${p.tier}, ` : ""}${termLabel(t, lang, p)}`;
  return (
    <main id="main" className="flex-1">
      <Hero
        t={t}
        base={b}
        breadcrumbs={<Breadcrumbs t={t} origin={origin} url={url} name={t(b + O.h1)} parent={config.parent} />}
        aside={
          config.focused ? undefined : (
            <HeroHighlights
              price={from ? from.headline : null}
              priceNote={from?.note}
              items={series(texts, b + O.features, 2, 4).map(([title]) => t(title!))}
            />
          )
        }
      >
        {config.focused ? (
          <div className="w-full max-w-xl">
            <Island name="start-box" props={{ id: "start-wow" }}>
              <DomainStartBox id="start-wow" />
            </Island>
          </div>
        ) : (
          <>
            {primary && <CtaLink cta={primary} t={t} primary />}
            {config.secondary && <CtaLink cta={config.secondary} t={t} />}
          </>
        )}
      </Hero>

      {screenshot && (
        <div className="container-page pt-14">
          <figure className="overflow-hidden rounded-xl border border-ink-100 bg-white shadow-lg" data-testid="product-screenshot">
            <Island name="lazy-image" props={screenshot}>
              <LazyImage {...screenshot} />
            </Island>
          </figure>
        </div>
      )}

      {series(texts, b + O.features, 2, 10).length > 0 && (
        <Section id="included" title={h(O.includedHeading, S.included)}>
          <CardGrid t={t} texts={texts} start={b + O.features} max={10} />
        </Section>
      )}

      {config.prices && plans.length > 0 && (
        <Section id="prices" title={t(S.prices, "Prices")} tint>
          {config.prices === "autoseo" || config.prices === "fullseo" ? (
            <TermPlans plans={plans} t={t} lang={lang} />
          ) : config.prices === "analytics" ? (
            <AnalyticsTable plans={plans} t={t} lang={lang} />
          ) : config.prices === "ssl" ? (
            <SslCards plans={plans} t={t} lang={lang} />
          ) : (
            trial && <TrialCard trial={trial} monthly={plans.find((p) => p.months === 1) ?? null} t={t} lang={lang} />
          )}
          <p className="mt-6 text-sm text-ink-500">
            {t(S.pricesNote)}{" "}
            <Link to={to("/price")} className="underline">
              {t(S.allPrices, "See all prices")}
            </Link>
          </p>
        </Section>
      )}

      {series(texts, b + O.audience, 2, 5).length > 0 && (
        <Section id="audience" title={h(O.audienceHeading, S.audience)}>
          <CardGrid t={t} texts={texts} start={b + O.audience} max={5} />
        </Section>
      )}

      {series(texts, b + O.steps, 2, 5).length > 0 && (
        <Section id="steps" title={h(O.stepsHeading, S.howItWorks)} tint>
          <Steps t={t} texts={texts} start={b + O.steps} max={5} />
        </Section>
      )}

      {series(texts, b + O.faq, 2, 10).length > 0 && (
        <Section id="faq" title={h(O.faqHeading, S.faq)}>
          <Faq t={t} texts={texts} start={b + O.faq} max={10} />
        </Section>
      )}

      {!config.focused && t(b + O.ctaTitle) && (
        <CtaBand title={t(b + O.ctaTitle)} text={t(b + O.ctaText)}>
          {primary && <CtaLink cta={primary} t={t} primary />}
          <CtaLink cta={{ path: "/seo-consultation", label: S.freeConsultation }} t={t} />
        </CtaBand>
      )}

      {config.product && offered.length > 0 && (
        <JsonLd
          data={productLd({
            name: config.product,
            description: t(b + O.metaDescription),
            url,
            image: ogImage,
            origin,
            plans: offered,
            planName,
          })}
        />
      )}
    </main>
  );
}
