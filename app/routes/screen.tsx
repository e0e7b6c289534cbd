import { Link, useMatches } from "react-router";
import type { Route } from "./+types/screen";
import { DomainStartBox } from "../components/domain-start-box.tsx";
import { useLocalized } from "../i18n/use-localized.ts";
import { REQUEST_ENTRY_SUBJECT, RequestButton } from "../popups/request-button.tsx";
import { screenById, type Screen } from "../../common/screens.ts";

function screenOf(matches: readonly ({ id: string } | undefined)[]): Screen | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const s = matches[i] && screenById.get(matches[i]!.id);
    if (s) return s;
  }
  return undefined;
}

export function meta({ matches }: Route.MetaArgs) {
  const s = screenOf(matches);
  if (!s) return [{ title: "Rankforge" }];
  return [{ title: `${s.title} — Rankforge` }, { name: "description", content: s.summary }, { property: "og:title", content: s.title }];
}

/**
 * A screen from app/screens.ts that a later issue builds in full: its title, summary and the ways
 * onward (the start box, pricing, the manager). Listed as pending in docs/FEATURES.md.
 */
export default function ScreenPage() {
  const s = screenOf(useMatches());
  const to = useLocalized();
  if (!s) return null;
  return (
    <main id="main" className="flex-1">
      <section className="bg-ink-900 text-white">
        <div className="container-page py-14">
          <h1 className="text-4xl font-extrabold tracking-tight">{s.title}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-300">{s.summary}</p>
        </div>
      </section>
      <section className="container-page grid gap-6 py-12 md:grid-cols-2">
        <div className="card">
          <h2 className="text-lg font-semibold">Audit your site now</h2>
          <p className="mt-2 text-ink-700">Enter your domain for a free on-page SEO analysis of your home page.</p>
          <div className="mt-4">
            <DomainStartBox id={`start-${s.id}`} size="md" />
          </div>
        </div>
        <div className="card">
          <h2 className="text-lg font-semibold">Talk to a person</h2>
          <p className="mt-2 text-ink-700">Your personal SEO manager answers within one business day.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            {REQUEST_ENTRY_SUBJECT[s.id] !== undefined && <RequestButton subject={REQUEST_ENTRY_SUBJECT[s.id]!} custom={s.id} />}
            <Link to={to("/seo-consultation")} className={REQUEST_ENTRY_SUBJECT[s.id] !== undefined ? "btn-secondary" : "btn-primary"}>
              Free consultation
            </Link>
            <Link to={to("/price")} className="btn-secondary">
              See pricing
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
