import { Link } from "react-router";
import type { Route } from "./+types/wechat";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { S, PAGE_BASE, PAGE_OFFSETS as O } from "../../common/site/ids.ts";
import { Breadcrumbs, Hero, Steps } from "../site/page-parts.tsx";
import { pageMeta } from "../site/page-meta.ts";
import { makeT } from "../../common/site/text.ts";
import { loadSitePage } from "../../server/site/page-loader.server.ts";
import { wechatQrSvg } from "../../server/site/wechat.server.ts";

const B = PAGE_BASE.wechat;

/** /wechat (spec 2; issue 4): how to reach the manager on WeChat, QR code from configuration. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const base = await loadSitePage(services, request, params.lang, "wechat");
  return { ...base, wechatId: services.env.WECHAT_ID, qr: await wechatQrSvg(services.env.WECHAT_QR_TEXT) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = makeT(loaderData.texts);
  return pageMeta({ title: t(B + O.metaTitle), description: t(B + O.metaDescription), url: loaderData.url, image: loaderData.ogImage });
}

export default function WechatPage({ loaderData }: Route.ComponentProps) {
  const { texts, origin, url, qr, wechatId } = loaderData;
  const t = makeT(texts);
  const to = useLocalized();
  return (
    <main id="main" className="flex-1">
      <Hero t={t} base={B} breadcrumbs={<Breadcrumbs t={t} origin={origin} url={url} name={t(B + O.h1)} />} />
      <div className="container-page grid items-center gap-10 py-12 md:grid-cols-[auto_1fr]">
        <figure className="card mx-auto w-72 p-4">
          <div role="img" aria-label={t(B + 100)} className="[&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: qr }} />
          <figcaption className="mt-3 text-center">
            <span className="text-sm text-ink-500">{t(B + 101)}</span>
            <span className="block font-mono text-lg font-semibold">{wechatId}</span>
          </figcaption>
        </figure>
        <div>
          <h2 className="text-3xl font-bold tracking-tight">{t(B + O.stepsHeading, t(S.howItWorks))}</h2>
          <Steps t={t} texts={texts} start={B + O.steps} max={5} />
          <p className="mt-2 font-semibold">{t(B + 102)}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link to={to("/contacts")} className="btn-secondary">
              {t(S.contactUs)}
            </Link>
            <Link to={to("/seo-consultation")} className="btn-primary">
              {t(S.freeConsultation)}
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}
