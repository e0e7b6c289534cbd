import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalized } from "../i18n/use-localized.ts";
import { S, PAGE_OFFSETS as O } from "../../common/site/ids.ts";
import { JsonLd } from "./json-ld-script.tsx";
import { breadcrumbLd, faqLd } from "../../common/site/json-ld.ts";
import { series, type TFn, type Texts } from "../../common/site/text.ts";

/** Visible breadcrumb trail with its BreadcrumbList JSON-LD; `url` is this page's canonical URL. */
export function Breadcrumbs({
  t,
  origin,
  url,
  name,
  parent,
}: {
  t: TFn;
  origin: string;
  url: string;
  name: string;
  parent?: { name: string; path: string };
}) {
  const to = useLocalized();
  const homeUrl = origin + to("/");
  const items = [
    { name: t(S.home, "Home"), url: homeUrl },
    ...(parent ? [{ name: parent.name, url: origin + to(parent.path) }] : []),
    { name, url },
  ];
  return (
    <>
      <nav aria-label={t(S.breadcrumb, "Breadcrumb")} className="text-sm text-ink-300">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to={to("/")} className="text-ink-100">
              {items[0]!.name}
            </Link>
          </li>
          {parent && (
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true">›</span>
              <Link to={to(parent.path)} className="text-ink-100">
                {parent.name}
              </Link>
            </li>
          )}
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true">›</span>
            <span aria-current="page">{name}</span>
          </li>
        </ol>
      </nav>
      <JsonLd data={breadcrumbLd(items)} />
    </>
  );
}

/** The dark hero band: eyebrow, h1, lead paragraph and calls to action. */
export function Hero({
  t,
  base,
  breadcrumbs,
  children,
  aside,
}: {
  t: TFn;
  base: number;
  breadcrumbs: ReactNode;
  children?: ReactNode;
  /** Shown beside the text on wide screens (e.g. the price and highlights of a package). */
  aside?: ReactNode;
}) {
  const eyebrow = t(base + O.eyebrow);
  return (
    <section className="bg-ink-900 text-white">
      <div className="container-page py-12 sm:py-16">
        {breadcrumbs}
        <div className={aside ? "lg:grid lg:grid-cols-[1.5fr_1fr] lg:items-center lg:gap-12" : ""}>
          <div>
            {eyebrow && <p className="eyebrow mt-6 text-forge-500">{eyebrow}</p>}
            <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">{t(base + O.h1)}</h1>
            <p className="mt-5 max-w-2xl text-lg text-ink-300">{t(base + O.lead)}</p>
            {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
          </div>
          {aside && <div className="mt-10 hidden lg:mt-6 lg:block">{aside}</div>}
        </div>
      </div>
    </section>
  );
}

/** The hero's side card: a price line and the first highlights of the package, ticked. */
export function HeroHighlights({ price, priceNote, items }: { price: string | null; priceNote?: string; items: string[] }) {
  return (
    <div className="rounded-2xl border border-ink-700 bg-ink-800 p-6 shadow-2xl">
      {price && <p className="text-3xl font-extrabold">{price}</p>}
      {price && priceNote && <p className="mt-1 text-sm text-ink-100">{priceNote}</p>}
      <ul className={`space-y-3 ${price ? "mt-5" : ""}`}>
        {items.map((item) => (
          <li key={item} className="flex items-start gap-3 text-ink-100">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 shrink-0 text-signal-100">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A section with an id'd h2 heading. */
export function Section({ id, title, children, tint }: { id: string; title: string; children: ReactNode; tint?: boolean }) {
  return (
    <section aria-labelledby={`${id}-title`} className={tint ? "bg-white py-14" : "py-14"}>
      <div className="container-page">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Title/text pairs of a repeated block as cards. */
export function CardGrid({ t, texts, start, max, cols = 3 }: { t: TFn; texts: Texts; start: number; max: number; cols?: 2 | 3 }) {
  return (
    <ul className={`mt-8 grid gap-5 sm:grid-cols-2 ${cols === 3 ? "lg:grid-cols-3" : ""}`}>
      {series(texts, start, 2, max).map(([title, text]) => (
        <li key={title} className="card">
          <h3 className="text-lg font-semibold">{t(title!)}</h3>
          <p className="mt-2 text-ink-700">{t(text!)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps from title/text pairs. */
export function Steps({ t, texts, start, max }: { t: TFn; texts: Texts; start: number; max: number }) {
  return (
    <ol className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {series(texts, start, 2, max).map(([title, text], i) => (
        <li key={title} className="card">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-forge-100 font-bold text-forge-600" aria-hidden="true">
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">{t(title!)}</h3>
          <p className="mt-2 text-ink-700">{t(text!)}</p>
        </li>
      ))}
    </ol>
  );
}

/** FAQ as disclosure widgets, with FAQPage JSON-LD of exactly the pairs shown. */
export function Faq({ t, texts, start, max }: { t: TFn; texts: Texts; start: number; max: number }) {
  const pairs = series(texts, start, 2, max).map(([q, a]) => ({ q: t(q!), a: t(a!) }));
  if (!pairs.length) return null;
  return (
    <>
      <div className="mt-8 divide-y divide-ink-100 rounded-xl border border-ink-100 bg-white">
        {pairs.map((p) => (
          <details key={p.q} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
              {p.q}
              <span aria-hidden="true" className="text-forge-600 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-ink-700">{p.a}</p>
          </details>
        ))}
      </div>
      <JsonLd data={faqLd(pairs)} />
    </>
  );
}

/** The closing call-to-action band. */
export function CtaBand({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="bg-ink-900 py-14 text-white">
      <div className="container-page flex flex-col items-start justify-between gap-6 md:flex-row md:items-center">
        <div>
          <h2 className="text-2xl font-bold">{title}</h2>
          <p className="mt-2 max-w-2xl text-ink-300">{text}</p>
        </div>
        <div className="flex flex-wrap gap-3">{children}</div>
      </div>
    </section>
  );
}
