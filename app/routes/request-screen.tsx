import { useMatches } from "react-router";
import type { Route } from "./+types/request-screen";
import { useT } from "../i18n/use-texts.ts";
import { metaTexts } from "../i18n/meta-texts.ts";
import { H } from "../../common/site/home-ids.ts";
import { MT } from "../manager/text-ids.ts";
import { ManagerCard } from "../popups/manager-card.tsx";
import { useManagerLayer } from "../popups/manager-layer.tsx";
import { RequestForm } from "../popups/request-form.tsx";
import { useManager } from "../popups/use-manager.ts";
import { SUBJECT } from "../../common/requests/validate.ts";

/** The request screens (issue 5) and what each preselects: subject, form rules and context. */
export const REQUEST_SCREENS: Record<string, { title: number; intro: number; subject: number; form: "request" | "start"; custom: string }> =
  {
    support: { title: MT.supportTitle, intro: MT.supportIntro, subject: SUBJECT.consultation, form: "request", custom: "" },
    "seo-consultation": { title: MT.consultTitle, intro: MT.consultIntro, subject: SUBJECT.consultation, form: "request", custom: "" },
    "audit-request": {
      title: MT.auditTitle,
      intro: MT.auditIntro,
      subject: SUBJECT.consultation,
      form: "start",
      custom: "SEO audit request",
    },
    "request-backlinks": {
      title: MT.backlinksTitle,
      intro: MT.backlinksIntro,
      subject: SUBJECT.promotion,
      form: "start",
      custom: "Backlinks request",
    },
  };

function screenIdOf(matches: readonly ({ id: string } | undefined)[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const id = matches[i]?.id;
    if (id && id in REQUEST_SCREENS) return id;
  }
  return "support";
}

/**
 * Title and description from the screen's texts in the interface language (issue 15). The title
 * carries the site's tagline too, so a word spelled alike in several languages ("Support") still
 * gives each language version its own title.
 */
export function meta({ matches }: Route.MetaArgs) {
  const cfg = REQUEST_SCREENS[screenIdOf(matches)]!;
  const t = metaTexts(matches);
  return [
    { title: `${t(cfg.title)} — ${t(H.eyebrow)}` },
    { name: "description", content: t(cfg.intro) },
    { property: "og:title", content: t(cfg.title) },
    { property: "og:description", content: t(cfg.intro) },
  ];
}

/**
 * /support, /seo-consultation, /audit-request and /request-backlinks (spec 2, 5): the request
 * form with the screen's subject preselected, the personal manager and the ways to reach them.
 * A sent request shows the thank-you popup (spec 4).
 */
export default function RequestScreen() {
  const id = screenIdOf(useMatches());
  const cfg = REQUEST_SCREENS[id]!;
  const t = useT();
  const manager = useManager();
  const { showThanks } = useManagerLayer();
  return (
    <main id="main" className="flex-1">
      <section className="bg-ink-900 text-white">
        <div className="container-page py-12 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t(cfg.title)}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-300">{t(cfg.intro)}</p>
        </div>
      </section>
      <section className="container-page grid gap-6 py-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="card">
          <h2 className="mb-4 text-lg font-semibold">{t(MT.formTitle)}</h2>
          <RequestForm
            idPrefix={`screen-${id}`}
            subject={cfg.subject}
            form={cfg.form}
            custom={cfg.custom}
            supportPage={id === "support"}
            fromPage={id}
            onSent={showThanks}
          />
        </div>
        <aside className="space-y-6">
          {manager && (
            <div className="card">
              <ManagerCard manager={manager} />
            </div>
          )}
          <ul className="card space-y-3 text-ink-700">
            {[MT.point1, MT.point2, MT.point3].map((p) => (
              <li key={p} className="flex gap-2">
                <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 shrink-0 text-signal-600">
                  <path d="M4 10.5l4 4 8-9" stroke="currentColor" strokeWidth="2.2" fill="none" strokeLinecap="round" />
                </svg>
                {t(p)}
              </li>
            ))}
          </ul>
        </aside>
      </section>
    </main>
  );
}
