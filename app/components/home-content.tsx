import { Link } from "react-router";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { H, HOME_SERVICES, HOME_TOOLS } from "../../common/site/home-ids.ts";
import { fill } from "../../common/i18n/message.ts";
import { DomainStartBox } from "./domain-start-box.tsx";
import { Island } from "../islands/island.tsx";
import { useFacts } from "../site/use-facts.ts";
import { fromPriceLine } from "../../common/site/facts.ts";

/** Content of the main page, also shown for unknown paths (spec 2). */
export function HomeContent() {
  const to = useLocalized();
  const t = useT();
  const { lang } = useLang();
  const name = (n: string | number) => (typeof n === "string" ? n : t(n));
  const facts = useFacts();
  const priceOf = (p: (typeof HOME_SERVICES)[number]["price"]) => {
    if (typeof p === "number") return { headline: t(p), note: "" };
    const plan = facts?.from[p];
    return plan ? fromPriceLine(t, lang, plan, p === "analytics") : { headline: "", note: "" };
  };
  const SERVICES = HOME_SERVICES.map((s) => ({ to: s.to, name: name(s.name), price: priceOf(s.price), text: t(s.text) }));
  const TOOLS = HOME_TOOLS.map((s) => ({ to: s.to, name: t(s.name), text: t(s.text) }));
  const STEPS = H.steps.map(([title, text], i) => ({
    n: String(i + 1),
    title: t(title),
    text: fill(t(text), { n: facts?.checks ?? 0 }, lang),
  }));
  return (
    <main id="main">
      <section className="bg-ink-900 text-white">
        <div className="container-page grid gap-10 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <p className="eyebrow text-forge-500">{t(H.eyebrow)}</p>
            <h1 className="mt-3 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">{t(H.h1)}</h1>
            <p className="mt-5 max-w-xl text-lg text-ink-300">{t(H.lead)}</p>
            <div className="mt-8 max-w-xl">
              <Island name="start-box" props={{}}>
                <DomainStartBox />
              </Island>
              <p className="text-sm text-ink-300">{t(H.free)}</p>
            </div>
          </div>
          <figure className="hidden lg:block" aria-label={t(H.example)} data-testid="home-sample">
            <figcaption className="mb-2 text-xs font-semibold tracking-wide text-ink-100 uppercase">{t(H.example)}</figcaption>
            <div className="rounded-2xl border border-ink-700 bg-ink-800 p-6 shadow-2xl" aria-hidden="true">
              <div className="flex items-center justify-between">
                <span className="text-sm text-ink-300">{t(H.health)}</span>
                <span className="rounded-full bg-signal-100 px-2 py-0.5 text-xs font-semibold text-signal-600">{t(H.healthDelta)}</span>
              </div>
              <div className="mt-3 text-5xl font-extrabold">92</div>
              <div className="mt-6 space-y-3 text-sm">
                {[
                  [t(H.issues[0]), "warning", "12"],
                  [t(H.issues[1]), "error", "3"],
                  [t(H.issues[2]), "notice", "27"],
                ].map(([label, sev, n]) => (
                  <div key={label} className="flex items-center justify-between rounded-lg bg-ink-900 px-3 py-2">
                    <span className="flex items-center gap-2">
                      <span
                        className={`h-2 w-2 rounded-full ${sev === "error" ? "bg-danger-600" : sev === "warning" ? "bg-warn-600" : "bg-ink-300"}`}
                      />
                      {label}
                    </span>
                    <span className="font-semibold">{n}</span>
                  </div>
                ))}
              </div>
            </div>
          </figure>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="services-title">
        <p className="eyebrow">{t(H.servicesEyebrow)}</p>
        <h2 id="services-title" className="mt-2 text-3xl font-bold tracking-tight">
          {t(H.servicesTitle)}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <li key={s.to} className="card flex flex-col">
              <h3 className="text-xl font-semibold">{s.name}</h3>
              <p className="mt-1 text-sm font-medium text-forge-600">
                {s.price.headline}
                {s.price.note && <span className="font-normal text-ink-500"> · {s.price.note}</span>}
              </p>
              <p className="mt-3 flex-1 text-ink-700">{s.text}</p>
              <Link to={to(s.to)} className="mt-4 font-semibold">
                {fill(t(H.learn), { name: s.name }, lang)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-16" aria-labelledby="tools-title">
        <div className="container-page">
          <p className="eyebrow">{t(H.toolsEyebrow)}</p>
          <h2 id="tools-title" className="mt-2 text-3xl font-bold tracking-tight">
            {t(H.toolsTitle)}
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2">
            {TOOLS.map((s) => (
              <li key={s.to}>
                <Link
                  to={to(s.to)}
                  className="block h-full rounded-xl border border-ink-100 p-6 text-ink-900 no-underline transition hover:border-forge-500 hover:no-underline hover:shadow-md"
                >
                  <h3 className="text-lg font-semibold text-forge-600">{s.name}</h3>
                  <p className="mt-2 text-ink-700">{s.text}</p>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="how-title">
        <h2 id="how-title" className="text-3xl font-bold tracking-tight">
          {t(H.howTitle)}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((s) => (
            <li key={s.n} className="card">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-forge-100 font-bold text-forge-600">{s.n}</span>
              <h3 className="mt-4 text-lg font-semibold">{s.title}</h3>
              <p className="mt-2 text-ink-700">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-ink-900 py-14 text-white">
        <div className="container-page flex flex-col items-start justify-between gap-6 md:flex-row md:items-center">
          <div>
            <h2 className="text-2xl font-bold">{t(H.ctaTitle)}</h2>
            <p className="mt-2 text-ink-300">{t(H.ctaText)}</p>
          </div>
          <Link to={to("/seo-consultation")} className="btn-primary">
            {t(H.ctaButton)}
          </Link>
        </div>
      </section>
    </main>
  );
}
