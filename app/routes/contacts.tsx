import { Link } from "react-router";
import { Island, type IslandsHandle } from "../islands/island.tsx";
import { OfficeMapBox } from "../site/office-map-box.tsx";
import type { Route } from "./+types/contacts";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { toBcp47 } from "../../common/i18n/languages.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { S, PAGE_BASE, PAGE_OFFSETS as O } from "../../common/site/ids.ts";
import { JsonLd } from "../site/json-ld-script.tsx";
import { localBusinessLd, organizationLd } from "../../common/site/json-ld.ts";
import { messengerLinks } from "../site/messengers.ts";
import { Breadcrumbs, Hero } from "../site/page-parts.tsx";
import { pageMeta } from "../site/page-meta.ts";
import { makeT } from "../../common/site/text.ts";
import { companyInfo, mapConfig } from "../../server/site/company.server.ts";
import { defaultManagerContacts } from "../../server/site/contacts.server.ts";
import { loadSitePage } from "../../server/site/page-loader.server.ts";

const B = PAGE_BASE.contacts;

/** /contacts (spec 1, 2; issue 4): the Kyiv head office on a map, phone, e-mail, messengers. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [base, manager] = await Promise.all([
    loadSitePage(services, request, params.lang, "contacts"),
    defaultManagerContacts(services.db),
  ]);
  return { ...base, company: companyInfo(services.env), map: mapConfig(services.env), manager };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = makeT(loaderData.texts);
  return pageMeta({ title: t(B + O.metaTitle), description: t(B + O.metaDescription), url: loaderData.url, image: loaderData.ogImage });
}

/** A marketing page: rendered without React Router hydration, the map is an island (decision 0017). */
export const handle: IslandsHandle = { islands: true };

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { texts, origin, url, company, map, manager } = loaderData;
  const t = makeT(texts);
  const to = useLocalized();
  const address = `${company.street}, ${company.city} ${company.postalCode}, ${new Intl.DisplayNames([toBcp47(loaderData.lang)], { type: "region" }).of(company.country) ?? company.country}`;
  const osm = `https://www.openstreetmap.org/?mlat=${company.lat}&mlon=${company.lng}#map=17/${company.lat}/${company.lng}`;
  const mapProps = {
    ...map,
    title: t(B + 112),
    address,
    phone: company.phone,
    email: company.email,
    fallbackText: t(B + 115),
  };
  const chats = manager ? messengerLinks(manager, to("/wechat")) : [];
  return (
    <main id="main" className="flex-1">
      <Hero t={t} base={B} breadcrumbs={<Breadcrumbs t={t} origin={origin} url={url} name={t(B + O.h1)} />} />
      <div className="container-page grid gap-8 py-12 lg:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="office-title" className="card">
          <h2 id="office-title" className="text-2xl font-bold">
            {t(B + 100)}
          </h2>
          <dl className="mt-5 space-y-4">
            <div>
              <dt className="text-sm font-semibold text-ink-500">{t(B + 101)}</dt>
              <dd className="mt-1">
                <address className="not-italic">
                  {company.legalName}
                  <br />
                  {address}
                </address>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-ink-500">{t(B + 102)}</dt>
              <dd className="mt-1">
                <a href={`tel:${company.phone.replace(/\s+/g, "")}`}>{company.phone}</a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-ink-500">{t(B + 103)}</dt>
              <dd className="mt-1">
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-ink-500">{t(B + 104)}</dt>
              <dd className="mt-1">{t(B + 105)}</dd>
            </div>
          </dl>
          {manager && (
            <div className="mt-8 border-t border-ink-100 pt-6">
              <h2 className="text-lg font-semibold">{t(B + 106)}</h2>
              <p className="mt-1 text-ink-700">{t(B + 107)}</p>
              <p className="mt-3 font-semibold">{manager.name}</p>
              <p>
                <a href={`mailto:${manager.email}`}>{manager.email}</a>
                {manager.phone && (
                  <>
                    {" · "}
                    <a href={`tel:${manager.phone.replace(/\s+/g, "")}`}>{manager.phone}</a>
                  </>
                )}
              </p>
              {chats.length > 0 && (
                <>
                  <h3 className="mt-4 text-sm font-semibold text-ink-500">{t(B + 110)}</h3>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {chats.map((c) => (
                      <li key={c.name}>
                        <a
                          href={c.href}
                          className="btn-secondary px-3 py-1.5 text-sm"
                          rel={c.href.startsWith("http") ? "noopener" : undefined}
                        >
                          {c.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
          <div className="mt-8 border-t border-ink-100 pt-6">
            <h2 className="text-lg font-semibold">{t(B + 113)}</h2>
            <p className="mt-1 text-ink-700">{t(B + 114)}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to={to("/seo-consultation")} className="btn-primary">
                {t(S.freeConsultation)}
              </Link>
              <Link to={to("/support")} className="btn-secondary">
                {t(S.talkToManager)}
              </Link>
            </div>
          </div>
        </section>
        <section aria-label={t(B + 109)} className="flex flex-col">
          <Island name="office-map" props={mapProps}>
            <OfficeMapBox {...mapProps} />
          </Island>
          <p className="mt-3 font-medium text-ink-900" data-testid="office-address">
            {address}
          </p>
          <p className="mt-1 text-sm">
            <a href={osm} rel="noopener">
              {t(B + 108)}
            </a>
          </p>
        </section>
      </div>
      <JsonLd data={organizationLd(company, t(S.orgDescription))} />
      <JsonLd data={localBusinessLd(company, url)} />
    </main>
  );
}
