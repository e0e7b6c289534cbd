import { data, Link } from "react-router";
import type { Route } from "./+types/video-message";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { S, PAGE_BASE, PAGE_OFFSETS as O } from "../../common/site/ids.ts";
import { CtaBand, Hero } from "../site/page-parts.tsx";
import { pageMeta } from "../site/page-meta.ts";
import { makeT } from "../../common/site/text.ts";
import { fill } from "../../common/i18n/message.ts";
import { loadSitePage } from "../../server/site/page-loader.server.ts";
import { useLang } from "../i18n/use-texts.ts";
import { findVideoMessage } from "../../server/site/video.server.ts";

const B = PAGE_BASE["video-message"];

/**
 * The video message page (spec 2; issue 4): a manager's personal video, its URL and WebVTT
 * captions from the database (?v=<slug>, else the default video), and a call to action.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const slug = new URL(request.url).searchParams.get("v");
  const [base, video] = await Promise.all([
    loadSitePage(services, request, params.lang, "video-message"),
    findVideoMessage(services.db, slug && slug.length <= 100 ? slug : null),
  ]);
  if (!video) throw data(null, { status: 404 });
  return { ...base, video };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = makeT(loaderData.texts);
  return pageMeta({ title: t(B + O.metaTitle), description: t(B + O.metaDescription), url: loaderData.url, image: loaderData.ogImage });
}

export default function VideoMessagePage({ loaderData }: Route.ComponentProps) {
  const { texts, video } = loaderData;
  const t = makeT(texts);
  const { lang } = useLang();
  const to = useLocalized();
  const label = fill(t(B + 100), { name: video.managerName }, lang);
  return (
    <main id="main" className="flex-1">
      <Hero t={t} base={B} breadcrumbs={null} />
      <div className="container-page max-w-4xl py-12">
        <figure className="overflow-hidden rounded-xl bg-ink-950 shadow-xl">
          <video
            controls
            preload="metadata"
            playsInline
            poster={video.posterUrl || undefined}
            className="aspect-video w-full"
            aria-label={label}
          >
            <source src={video.videoUrl} type={video.videoType} />
            <track kind="captions" src={video.captionsUrl} srcLang={video.captionsLang} label={t(B + 101)} default />
            <p className="p-6 text-white">
              {t(B + 102)} <a href={video.videoUrl}>{t(B + 103)}</a>
            </p>
          </video>
          <figcaption className="px-5 py-3 text-sm text-ink-300">{label}</figcaption>
        </figure>
        {video.transcript && (
          <details className="card mt-6">
            <summary className="cursor-pointer font-semibold">{t(B + 104)}</summary>
            <p className="mt-3 whitespace-pre-line text-ink-700">{video.transcript}</p>
          </details>
        )}
      </div>
      <CtaBand title={t(B + O.ctaTitle)} text={t(B + O.ctaText)}>
        <Link to={to("/seo-consultation")} className="btn-primary">
          {t(S.freeConsultation)}
        </Link>
        <Link to={to("/contacts")} className="btn-secondary">
          {t(S.contactUs)}
        </Link>
      </CtaBand>
    </main>
  );
}
