import type { Route } from "./+types/home";
import { HomeContent } from "../components/home-content.tsx";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { JsonLd } from "../site/json-ld-script.tsx";
import { localBusinessLd, organizationLd } from "../../common/site/json-ld.ts";
import { pageMeta } from "../site/page-meta.ts";
import { companyInfo } from "../../server/site/company.server.ts";

/** The main page's absolute URLs and the company facts for its Organization and LocalBusiness JSON-LD. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const company = companyInfo(env);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
  return { company, url: company.origin + new URL(request.url).pathname, ogImage: `${company.origin}/og/${lang}/home.png` };
}

const DESCRIPTION =
  "Audit your website in seconds, fix what search engines see, and grow with AutoSEO and FullSEO packages run by a personal SEO manager.";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    title: "Rankforge — SEO services and tools that lift your rankings",
    description: DESCRIPTION,
    url: loaderData.url,
    image: loaderData.ogImage,
  });
}

/** The main page (spec 2 "/"): sells the services and leads to the domain start box. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeContent />
      <JsonLd data={organizationLd(loaderData.company, DESCRIPTION)} />
      <JsonLd data={localBusinessLd(loaderData.company, loaderData.url)} />
    </>
  );
}
