import { Link, useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";
import { T } from "../i18n/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { Logo } from "./logo.tsx";
import { NAV, companyNav } from "./nav.ts";
import { useFacts } from "../site/use-facts.ts";
import { SHELL, useNavLabel } from "../site/nav-texts.ts";
import { reopenConsent } from "../consent/consent-banner.tsx";
import { CT } from "../consent/text-ids.ts";

function Column({ title, items }: { title: string; items: readonly { to: string; label: string }[] }) {
  const to = useLocalized();
  const label = useNavLabel();
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-2">
        {items.map((i) => (
          <li key={i.to}>
            <Link to={to(i.to)} className="text-sm text-ink-300 no-underline hover:text-white">
              {label(i.to, i.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The shared footer (spec 2): services, tools, company, legal links and head-office contacts. */
export function Footer() {
  const t = useT();
  const company = (useRouteLoaderData("root") as RootData | undefined)?.company;
  const facts = useFacts();
  return (
    <footer className="mt-auto bg-ink-950 text-ink-300">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <Logo className="text-lg text-white" />
          {company && (
            <address className="mt-4 text-sm leading-6 not-italic">
              {company.legalName}
              <br />
              {company.address}
              <br />
              <a href={`mailto:${company.email}`} className="text-ink-100">
                {company.email}
              </a>
              <br />
              <a href={`tel:${company.phone.replace(/[^\d+]/g, "")}`} className="text-ink-100">
                {company.phone}
              </a>
            </address>
          )}
        </div>
        <Column title={t(T.navServices, "Services")} items={NAV.services} />
        <Column title={t(T.navTools, "SEO tools")} items={NAV.tools} />
        <Column title={t(T.navCompany, "Company")} items={companyNav(facts?.reviews ?? null)} />
        <Column title={t(T.navLegal, "Legal")} items={NAV.legal} />
      </div>
      <div className="border-t border-ink-800">
        <p className="container-page py-5 text-xs text-ink-300">
          © {new Date().getFullYear()} {company?.name ?? "Rankforge"}. {t(SHELL.pricesFooter, "All prices in USD.")}{" "}
          <button type="button" onClick={reopenConsent} className="underline hover:text-ink-100">
            {t(CT.settings, "Cookie settings")}
          </button>
        </p>
      </div>
    </footer>
  );
}
