import type { Route } from "./+types/home";
import { HomeContent } from "../components/home-content.tsx";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { JsonLd } from "../site/json-ld-script.tsx";
import { localBusinessLd, organizationLd } from "../../common/site/json-ld.ts";
import { pageMeta } from "../site/page-meta.ts";
import { metaTexts } from "../i18n/meta-texts.ts";
import { useT } from "../i18n/use-texts.ts";
import { H } from "../../common/site/home-ids.ts";
import { companyInfo } from "../../server/site/company.server.ts";
import type { IslandsHandle } from "../islands/island.tsx";

/** The main page's absolute URLs and the company facts for its Organization and LocalBusiness JSON-LD. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const company = companyInfo(env);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
  return { company, url: company.origin + new URL(request.url).pathname, ogImage: `${company.origin}/og/${lang}/home.png` };
}

/** Title and description in the interface language (issue 15): the brand with the eyebrow, and the lead. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTexts(matches);
  return pageMeta({
    title: `Rankforge — ${t(H.eyebrow)}`,
    description: t(H.lead),
    url: loaderData.url,
    image: loaderData.ogImage,
  });
}

/** A marketing page: rendered without React Router hydration, its start box an island (decision 0017). */
export const handle: IslandsHandle = { islands: true };

/** The main page (spec 2 "/"): sells the services and leads to the domain start box. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <HomeContent />
      <JsonLd data={organizationLd(loaderData.company, t(H.lead))} />
      <JsonLd data={localBusinessLd(loaderData.company, loaderData.url)} />
    </>
  );
}
