import { Link } from "react-router";
import { AccountMenu } from "../accounts/account-menu.tsx";
import { T } from "../i18n/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { NAV } from "./nav.ts";
import { SHELL, useNavLabel } from "../site/nav-texts.ts";

function NavGroup({ label, items }: { label: string; items: readonly { to: string; label: string }[] }) {
  const to = useLocalized();
  const navLabel = useNavLabel();
  return (
    <details className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-ink-100 hover:bg-ink-800 [&::-webkit-details-marker]:hidden">
        {label}
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" className="transition group-open:rotate-180">
          <path d="M1 3l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </summary>
      <ul className="absolute left-0 z-40 mt-1 min-w-56 rounded-lg border border-ink-100 bg-white p-1.5 shadow-xl">
        {items.map((i) => (
          <li key={i.to}>
            <Link to={to(i.to)} className="block rounded px-3 py-2 text-sm text-ink-900 no-underline hover:bg-ink-50">
              {navLabel(i.to, i.label)}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The shared header (spec 2): logo, navigation, language switcher, sign-in. */
export function Header() {
  const t = useT();
  const to = useLocalized();
  const label = useNavLabel();
  return (
    <header className="sticky top-0 z-30 border-b border-ink-800 bg-ink-900/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to={to("/")} className="text-white no-underline hover:no-underline" aria-label={t(SHELL.homeLink, "Rankforge home")}>
          <Logo className="text-lg" />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavGroup label={t(T.navServices, "Services")} items={NAV.services} />
          <NavGroup label={t(T.navTools, "SEO tools")} items={NAV.tools} />
          <Link to={to("/price")} className="rounded-md px-3 py-2 text-sm font-medium text-ink-100 no-underline hover:bg-ink-800">
            {label("/price", "Pricing")}
          </Link>
          <Link to={to("/cases")} className="rounded-md px-3 py-2 text-sm font-medium text-ink-100 no-underline hover:bg-ink-800">
            {label("/cases", "Cases")}
          </Link>
          <Link to={to("/blog")} className="rounded-md px-3 py-2 text-sm font-medium text-ink-100 no-underline hover:bg-ink-800">
            {label("/blog", "Blog")}
          </Link>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <AccountMenu />
          <Link
            to={to("/project")}
            className="hidden rounded-md bg-forge-600 px-3 py-1.5 text-sm font-semibold text-white no-underline hover:bg-forge-500 sm:inline-block"
          >
            {label("/project", "My projects")}
          </Link>
          <details className="relative lg:hidden">
            <summary
              className="cursor-pointer list-none rounded-md border border-ink-700 px-2.5 py-1.5 text-sm text-ink-100 [&::-webkit-details-marker]:hidden"
              aria-label={t(SHELL.menu, "Menu")}
            >
              ☰
            </summary>
            <nav aria-label="Mobile" className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-ink-100 bg-white p-2 shadow-xl">
              {[
                { to: "/project", label: "My projects" },
                ...NAV.services,
                ...NAV.tools,
                { to: "/price", label: "Pricing" },
                { to: "/contacts", label: "Contacts" },
              ].map((i) => (
                <Link key={i.to} to={to(i.to)} className="block rounded px-3 py-2 text-sm text-ink-900 no-underline hover:bg-ink-50">
                  {label(i.to, i.label)}
                </Link>
              ))}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
