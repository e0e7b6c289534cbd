import { useLocation } from "react-router";
import { LANGUAGES, getLanguage, localizePath, splitLangPrefix } from "../../common/i18n/languages.ts";
import { useLang } from "../i18n/use-texts.ts";
import { HeaderMenu, HeaderMenuItem } from "./header-menu.tsx";

/**
 * Language switcher: every supported language, linking to the same page in that language, as a
 * header menu (issue 16 point 10). The links are also in every page's hreflang cluster.
 */
export function LanguageSwitcher() {
  const { lang } = useLang();
  const { pathname, search } = useLocation();
  const { rest } = splitLangPrefix(pathname);
  const current = getLanguage(lang);
  return (
    <HeaderMenu
      label={`${current.code.toUpperCase()}: ${current.name} — language`}
      align="end"
      trigger={
        <>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9s1.3-6.3 3.8-9z" />
          </svg>
          {current.code.toUpperCase()}
        </>
      }
      triggerClassName="inline-flex items-center gap-1 rounded-md border border-ink-700 px-2.5 py-1.5 text-sm font-medium text-ink-100 hover:border-ink-300"
      contentClassName="grid max-h-[70vh] w-[min(92vw,34rem)] grid-cols-2 gap-0.5 overflow-y-auto rounded-lg border border-ink-100 bg-white p-2 shadow-xl sm:grid-cols-3"
    >
      {LANGUAGES.map((l) => (
        <HeaderMenuItem key={l.code}>
          <a
            href={localizePath(l.code, rest) + search}
            hrefLang={l.bcp47}
            lang={l.bcp47}
            aria-current={l.code === lang ? "true" : undefined}
            className={`block rounded px-2 py-1.5 text-sm text-ink-900 no-underline outline-none hover:bg-ink-50 data-[highlighted]:bg-ink-50 ${l.code === lang ? "font-semibold text-forge-600" : ""}`}
          >
            {l.nativeName}
          </a>
        </HeaderMenuItem>
      ))}
    </HeaderMenu>
  );
}
