import { Link } from "react-router";
import { T } from "../i18n/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { useAccount } from "./account-layer.tsx";
import { AT } from "../../common/accounts/text-ids.ts";
import { HeaderMenu, HeaderMenuItem, HeaderMenuLabel } from "../components/header-menu.tsx";

/**
 * Header account controls (spec 6): for a guest "Sign in" and "Sign up" opening the login
 * component (links to /settings where it does not load); for a signed-in user a menu with
 * Settings and Sign out.
 */
export function AccountMenu() {
  const t = useT();
  const to = useLocalized();
  const { user, openAuth, signOut } = useAccount();
  if (!user) {
    return (
      <div className="flex items-center gap-1">
        <Link
          to={to("/settings")}
          onClick={(e) => {
            if (openAuth("sign-in")) e.preventDefault();
          }}
          className="rounded-md px-2.5 py-1.5 text-sm font-medium text-ink-100 no-underline hover:bg-ink-800 hover:no-underline"
        >
          {t(T.signIn, "Sign in")}
        </Link>
        <Link
          to={to("/settings")}
          onClick={(e) => {
            if (openAuth("sign-up")) e.preventDefault();
          }}
          className="hidden rounded-md border border-ink-700 px-2.5 py-1.5 text-sm font-medium text-ink-100 no-underline hover:bg-ink-800 hover:no-underline md:inline-block"
        >
          {t(T.signUp, "Sign up")}
        </Link>
      </div>
    );
  }
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  return (
    <HeaderMenu
      label={user.name || user.email}
      align="end"
      trigger={
        <>
          <span aria-hidden="true" className="grid h-7 w-7 place-items-center rounded-full bg-forge-600 font-semibold text-white">
            {initial}
          </span>
          <span className="hidden max-w-32 truncate xl:inline">{user.name || user.email}</span>
        </>
      }
      triggerClassName="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-ink-100 hover:bg-ink-800"
      contentClassName="w-56 rounded-lg border border-ink-100 bg-white p-1.5 shadow-xl"
    >
      <HeaderMenuLabel className="truncate px-3 py-2 text-xs text-ink-500">{user.email}</HeaderMenuLabel>
      <HeaderMenuItem>
        <Link
          to={to("/settings")}
          className="block rounded px-3 py-2 text-sm text-ink-900 no-underline outline-none hover:bg-ink-50 data-[highlighted]:bg-ink-50"
        >
          {t(AT.settingsTitle)}
        </Link>
      </HeaderMenuItem>
      <HeaderMenuItem onSelect={() => void signOut()}>
        <button
          type="button"
          className="block w-full rounded px-3 py-2 text-left text-sm text-ink-900 outline-none hover:bg-ink-50 data-[highlighted]:bg-ink-50"
        >
          {t(AT.signOut)}
        </button>
      </HeaderMenuItem>
    </HeaderMenu>
  );
}
