import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { DEFAULT_LANG, LANGUAGES, localizePath, splitLangPrefix } from "../i18n/languages.ts";
import type { RootData } from "../root.tsx";
import { screenById } from "../screens.ts";

/** Route `handle` flags: `noindex` for screens outside the public site. */
export interface RouteHandle {
  noindex?: boolean;
}

/**
 * Canonical URL and hreflang alternates for every supported language plus x-default (React 19
 * hoists these into <head>). Account screens and routes flagged `noindex` get a robots noindex
 * instead. Rendered by the layouts on success only, so error and 404 pages never claim a canonical.
 */
export function SeoLinks() {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const matches = useMatches();
  const { pathname } = useLocation();
  const noindex = matches.some(
    (m) => (m.handle as RouteHandle | undefined)?.noindex || screenById.get(m.id)?.audience === "account" || screenById.get(m.id)?.noindex,
  );
  if (!data || noindex) return <meta name="robots" content="noindex, follow" />;
  const { lang, rest } = splitLangPrefix(pathname);
  const href = (code: string) => data.origin + localizePath(code, rest);
  return (
    <>
      <link rel="canonical" href={href(lang ?? DEFAULT_LANG)} />
      {LANGUAGES.map((l) => (
        <link key={l.code} rel="alternate" hrefLang={l.bcp47} href={href(l.code)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href(DEFAULT_LANG)} />
    </>
  );
}
