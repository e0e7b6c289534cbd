import type { Route } from "./+types/whatsnew";
import { Breadcrumbs } from "../content/components/breadcrumbs.tsx";
import { PageHero } from "../content/components/page-hero.tsx";
import { PageMeta } from "../content/components/page-meta.tsx";
import { formatDay } from "../../common/content/format.ts";
import { C } from "../content/text-ids.ts";
import { PROSE_NOTES } from "../content/prose.ts";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { langOf } from "../../server/blog/view.server.ts";
import { libraryOf } from "../../server/content/view.server.ts";

/** /whatsnew (issue 4): release notes from content/whatsnew, newest first (written in English). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const lang = langOf(params);
  const notes = libraryOf(context.get(servicesContext)).releases;
  return { notes: notes.map((n) => ({ ...n, dateText: formatDay(lang, n.date) })) };
}

export default function WhatsNew({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const { lang } = useLang();
  const noteLang = lang === "en" ? undefined : "en";
  return (
    <main id="main" className="flex-1">
      <PageMeta title={t(C.whatsnewMetaTitle)} description={t(C.whatsnewIntro)} />
      <PageHero
        top={<Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: t(C.whatsnewTitle) }]} />}
        eyebrow={t(C.whatsnewEyebrow)}
        title={t(C.whatsnewTitle)}
        lead={t(C.whatsnewIntro)}
      />
      <div className="container-page py-10 lg:py-14">
        {loaderData.notes.length === 0 ? (
          <p className="text-ink-700">{t(C.whatsnewEmpty)}</p>
        ) : (
          <ol className="relative max-w-3xl border-l-2 border-ink-100 pl-6 sm:pl-8">
            {loaderData.notes.map((n) => (
              <li key={n.slug} id={n.slug} className="relative pb-12 last:pb-0">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.95rem] h-3.5 w-3.5 rounded-full border-2 border-white bg-forge-600 ring-2 ring-forge-100 sm:-left-[2.45rem]"
                />
                <p className="text-sm font-medium text-ink-500">
                  <time dateTime={n.date}>{n.dateText}</time>
                </p>
                <h2 lang={noteLang} className="mt-1 text-2xl font-bold tracking-tight text-ink-900">
                  {n.title}
                </h2>
                {n.tags.length > 0 && (
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {n.tags.map((tag) => (
                      <li key={tag} lang={noteLang} className="rounded bg-ink-100 px-2 py-0.5 text-xs font-medium text-ink-700">
                        {tag}
                      </li>
                    ))}
                  </ul>
                )}
                <div lang={noteLang} className={PROSE_NOTES} dangerouslySetInnerHTML={{ __html: n.html }} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </main>
  );
}
