import { Link } from "react-router";
import { useLocalized } from "../i18n/use-localized.ts";
import { DomainStartBox } from "./domain-start-box.tsx";

const SERVICES = [
  {
    to: "/autoseo",
    name: "AutoSEO",
    price: "from 99 USD / month",
    text: "Automated technical fixes, on-page optimisation and monthly reports. Start with a 14-day trial for 0.99 USD.",
  },
  {
    to: "/fullseo",
    name: "FullSEO",
    price: "from 799 USD / month",
    text: "A dedicated team runs strategy, content, link building and reporting for ambitious sites.",
  },
  {
    to: "/e-commerce",
    name: "E-commerce SEO",
    price: "tailored",
    text: "Category and product pages, faceted navigation, structured data and feeds for online stores.",
  },
  {
    to: "/analytics",
    name: "SEO analytics",
    price: "free to 249 USD / month",
    text: "Rank tracking, site audits and white-label reports on Free, Standard, Professional and Advanced plans.",
  },
  {
    to: "/ssl",
    name: "SSL certificates",
    price: "from 99 USD",
    text: "Basic, Standard and Premium certificates: HTTPS is a ranking signal and a trust signal.",
  },
  {
    to: "/seo-consultation",
    name: "Free consultation",
    price: "free",
    text: "Thirty minutes with a senior specialist who has looked at your site before the call.",
  },
];

const TOOLS = [
  {
    to: "/lp-website-checker",
    name: "Website checker",
    text: "Crawls your whole site like a search engine and explains every issue: broken links, redirects, duplicates, canonicals, hreflang.",
  },
  {
    to: "/analyzer",
    name: "Page analyzer",
    text: "Every on-page check on one URL in under a second: titles, headings, structured data, robots directives, social tags.",
  },
  { to: "/page-speed", name: "Page speed", text: "Lighthouse lab data for mobile and desktop: LCP, CLS, TBT and what to fix first." },
  {
    to: "/reports",
    name: "White-label reports",
    text: "Scheduled PDF reports under your agency's brand, delivered to your clients by e-mail.",
  },
];

const STEPS = [
  { n: "1", title: "Enter your domain", text: "We fetch your home page the way Googlebot does and run more than thirty checks." },
  { n: "2", title: "See what holds you back", text: "Each issue comes with its severity, why it matters and exactly how to fix it." },
  {
    n: "3",
    title: "Fix it, or let us",
    text: "Fix it yourself with the checklist, or hand it to your personal manager and the AutoSEO team.",
  },
];

/** Content of the main page, also shown for unknown paths (spec 2). */
export function HomeContent() {
  const to = useLocalized();
  return (
    <main id="main">
      <section className="bg-ink-900 text-white">
        <div className="container-page grid gap-10 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <p className="eyebrow text-forge-500">SEO services and SEO tools</p>
            <h1 className="mt-3 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">
              Find what keeps your site off page one. Fix it this week.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-ink-300">
              Rankforge audits your website in seconds and explains every issue in plain words. Then our SEO team and your personal manager
              help you grow — from automated AutoSEO to a full-service FullSEO campaign.
            </p>
            <div className="mt-8 max-w-xl">
              <DomainStartBox />
              <p className="text-sm text-ink-300">Free. No sign-up needed for your first audit.</p>
            </div>
          </div>
          <div className="hidden lg:block" aria-hidden="true">
            <div className="rounded-2xl border border-ink-700 bg-ink-800 p-6 shadow-2xl">
              <div className="flex items-center justify-between">
                <span className="text-sm text-ink-300">Site health</span>
                <span className="rounded-full bg-signal-100 px-2 py-0.5 text-xs font-semibold text-signal-600">+18 this month</span>
              </div>
              <div className="mt-3 text-5xl font-extrabold">92</div>
              <div className="mt-6 space-y-3 text-sm">
                {[
                  ["Missing meta descriptions", "warning", "12"],
                  ["Broken internal links", "error", "3"],
                  ["Images without alt text", "notice", "27"],
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
          </div>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="services-title">
        <p className="eyebrow">Services</p>
        <h2 id="services-title" className="mt-2 text-3xl font-bold tracking-tight">
          SEO packages for every stage of growth
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <li key={s.to} className="card flex flex-col">
              <h3 className="text-xl font-semibold">{s.name}</h3>
              <p className="mt-1 text-sm font-medium text-forge-600">{s.price}</p>
              <p className="mt-3 flex-1 text-ink-700">{s.text}</p>
              <Link to={to(s.to)} className="mt-4 font-semibold">
                Learn about {s.name} →
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-16" aria-labelledby="tools-title">
        <div className="container-page">
          <p className="eyebrow">Tools</p>
          <h2 id="tools-title" className="mt-2 text-3xl font-bold tracking-tight">
            The SEO tools our own specialists use
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2">
            {TOOLS.map((s) => (
              <li key={s.to} className="rounded-xl border border-ink-100 p-6">
                <h3 className="text-lg font-semibold">
                  <Link to={to(s.to)} className="text-ink-900">
                    {s.name}
                  </Link>
                </h3>
                <p className="mt-2 text-ink-700">{s.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="how-title">
        <h2 id="how-title" className="text-3xl font-bold tracking-tight">
          How it works
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
            <h2 className="text-2xl font-bold">Not sure where to start?</h2>
            <p className="mt-2 text-ink-300">Book a free SEO consultation. A specialist reviews your site before the call.</p>
          </div>
          <Link to={to("/seo-consultation")} className="btn-primary">
            Get a free consultation
          </Link>
        </div>
      </section>
    </main>
  );
}
