import { data, Link } from "react-router";
import type { Route } from "./+types/popup";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { PAGE_BASE, PAGE_OFFSETS as O } from "../../common/site/ids.ts";
import { pageMeta } from "../site/page-meta.ts";
import { makeT } from "../../common/site/text.ts";
import { loadSitePage } from "../../server/site/page-loader.server.ts";

const B = PAGE_BASE.popup;

/**
 * Popups that can be shown alone (spec 4 popup types): 4 banned domain, 10 failed restore,
 * 14 SEO consultation, 17–21 the login-state popups. Each has a title, a text and an action
 * (ids B+100+3k … B+102+3k) and where the action leads.
 */
export const POPUPS: Record<string, { k: number; to: string }> = {
  "4": { k: 0, to: "/support" },
  "10": { k: 1, to: "/support" },
  "14": { k: 2, to: "/seo-consultation" },
  "17": { k: 3, to: "/seo-consultation" },
  "18": { k: 4, to: "/autoseo-trial" },
  "19": { k: 5, to: "/addproject" },
  "20": { k: 6, to: "/audit-request" },
  "21": { k: 7, to: "/page-speed" },
};

/** /popup/{id_popup} (spec 2): one popup shown alone, without header or footer; unknown ids are 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const popup = POPUPS[params.id_popup];
  if (!popup) throw data(null, { status: 404 });
  const base = await loadSitePage(context.get(servicesContext), request, params.lang, "popup");
  return { ...base, popup };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = makeT(loaderData.texts);
  const id = B + 100 + 3 * loaderData.popup.k;
  return pageMeta({ title: `${t(id)} — Rankforge`, description: t(id + 1), url: loaderData.url, image: loaderData.ogImage });
}

export default function PopupPage({ loaderData }: Route.ComponentProps) {
  const { texts, popup } = loaderData;
  const t = makeT(texts);
  const to = useLocalized();
  const id = B + 100 + 3 * popup.k;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-ink-900/90 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="popup-title" className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <p className="eyebrow">{t(B + O.h1, "Rankforge")}</p>
        <h1 id="popup-title" className="mt-2 text-2xl font-bold">
          {t(id)}
        </h1>
        <p className="mt-3 text-ink-700">{t(id + 1)}</p>
        <Link to={to(popup.to)} className="btn-primary mt-6 w-full">
          {t(id + 2)}
        </Link>
      </div>
    </main>
  );
}
