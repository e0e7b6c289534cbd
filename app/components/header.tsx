import { Link } from "react-router";
import { AccountMenu } from "../accounts/account-menu.tsx";
import { T } from "../i18n/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { NAV } from "./nav.ts";
import { Chevron, HeaderMenu, HeaderMenuItem } from "./header-menu.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { SHELL, useNavLabel } from "../site/nav-texts.ts";

function NavGroup({ label, items }: { label: string; items: readonly { to: string; label: string }[] }) {
  const to = useLocalized();
  const navLabel = useNavLabel();
  return (
    <HeaderMenu
      trigger={
        <>
          {label}
          <Chevron />
        </>
      }
      triggerClassName="group flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-ink-100 hover:bg-ink-800"
      contentClassName="min-w-56 rounded-lg border border-ink-100 bg-white p-1.5 shadow-xl"
    >
      {items.map((i) => (
        <HeaderMenuItem key={i.to}>
          <Link
            to={to(i.to)}
            className="block rounded px-3 py-2 text-sm text-ink-900 no-underline outline-none hover:bg-ink-50 data-[highlighted]:bg-ink-50"
          >
            {navLabel(i.to, i.label)}
          </Link>
        </HeaderMenuItem>
      ))}
    </HeaderMenu>
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
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
