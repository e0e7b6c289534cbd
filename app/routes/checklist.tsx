import { Link } from "react-router";
import type { Route } from "./+types/checklist";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { splitLangPrefix } from "../../common/i18n/languages.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { Checklist, type ChecklistSection } from "../site/checklist.tsx";
import { S, PAGE_BASE, PAGE_OFFSETS as O } from "../../common/site/ids.ts";
import { Breadcrumbs, CtaBand, Hero } from "../site/page-parts.tsx";
import { pageMeta } from "../site/page-meta.ts";
import { makeT, series, type Texts } from "../../common/site/text.ts";
import { loadSitePage } from "../../server/site/page-loader.server.ts";

/** Items per checklist section; section headings are at base+180… (app/site/ids.ts). */
const SECTION_SIZE = 5;

/** /autoseo-checklist and /fullseo-checklist (issue 4): interactive checklists. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = splitLangPrefix(new URL(request.url).pathname).rest.startsWith("/fullseo") ? "fullseo-checklist" : "autoseo-checklist";
  return loadSitePage(context.get(servicesContext), request, params.lang, key);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = makeT(loaderData.texts);
  const b = PAGE_BASE[loaderData.key as "autoseo-checklist"];
  return pageMeta({ title: t(b + O.metaTitle), description: t(b + O.metaDescription), url: loaderData.url, image: loaderData.ogImage });
}

function sectionsOf(texts: Texts, b: number): ChecklistSection[] {
  const t = makeT(texts);
  const items = series(texts, b + O.extra, 2, 40);
  const out: ChecklistSection[] = [];
  for (let i = 0; i < items.length; i += SECTION_SIZE) {
    out.push({
      heading: t(b + 180 + i / SECTION_SIZE),
      items: items.slice(i, i + SECTION_SIZE).map(([title, detail]) => ({ id: String(title), title: t(title!), detail: t(detail!) })),
    });
  }
  return out;
}

export default function ChecklistPage({ loaderData }: Route.ComponentProps) {
  const { key, texts, origin, url } = loaderData;
  const t = makeT(texts);
  const to = useLocalized();
  const b = PAGE_BASE[key as "autoseo-checklist"];
  const auto = key === "autoseo-checklist";
  return (
    <main id="main" className="flex-1">
      <Hero
        t={t}
        base={b}
        breadcrumbs={
          <Breadcrumbs
            t={t}
            origin={origin}
            url={url}
            name={t(b + O.h1)}
            parent={{ path: auto ? "/autoseo" : "/fullseo", name: auto ? "AutoSEO" : "FullSEO" }}
          />
        }
      />
      <div className="container-page max-w-3xl py-10">
        <Checklist storageKey={key} sections={sectionsOf(texts, b)} t={t} />
      </div>
      <CtaBand title={t(b + O.ctaTitle)} text={t(b + O.ctaText)}>
        <Link to={to(auto ? "/autoseo-trial" : "/seo-consultation")} className="btn-primary">
          {t(auto ? S.startTrial : S.freeConsultation)}
        </Link>
      </CtaBand>
    </main>
  );
}
