import { Link } from "react-router";
import { T } from "../i18n/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { Logo } from "./logo.tsx";
import { NAV } from "./nav.ts";
import { SHELL, useNavLabel } from "../site/nav-texts.ts";

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
  return (
    <footer className="mt-auto bg-ink-950 text-ink-300">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <Logo className="text-lg text-white" />
          <address className="mt-4 text-sm leading-6 not-italic">
            Rankforge LLC
            <br />
            Khreshchatyk St 22, Kyiv 01001, Ukraine
            <br />
            <a href="mailto:hello@rankforge.com" className="text-ink-100">
              hello@rankforge.com
            </a>
            <br />
            <a href="tel:+380443001234" className="text-ink-100">
              +380 44 300 12 34
            </a>
          </address>
        </div>
        <Column title={t(T.navServices, "Services")} items={NAV.services} />
        <Column title={t(T.navTools, "SEO tools")} items={NAV.tools} />
        <Column title={t(T.navCompany, "Company")} items={NAV.company} />
        <Column title={t(T.navLegal, "Legal")} items={NAV.legal} />
      </div>
      <div className="border-t border-ink-800">
        <p className="container-page py-5 text-xs text-ink-300">
          © {new Date().getFullYear()} Rankforge. {t(SHELL.pricesFooter, "All prices in USD.")}
        </p>
      </div>
    </footer>
  );
}
