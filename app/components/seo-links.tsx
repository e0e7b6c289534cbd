import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { DEFAULT_LANG, LANGUAGES, localizePath, splitLangPrefix } from "../../common/i18n/languages.ts";
import type { RootData } from "../root.tsx";
import { screenById } from "../../common/screens.ts";

/** Route `handle` flags: `noindex` for screens outside the public site. */
export interface RouteHandle {
  noindex?: boolean;
  /**
   * Languages the page exists in, read from its loader data (e.g. a blog post's translations):
   * hreflang then lists only these, x-default is English when present. Default: every language.
   */
  alternates?: (loaderData: unknown) => readonly string[] | undefined;
  /** Query parameters kept in the canonical and alternate URLs (e.g. "page" of a paginated list). */
  canonicalQuery?: readonly string[];
}

/**
 * Canonical URL and hreflang alternates for every supported language plus x-default (React 19
 * hoists these into <head>). Account screens and routes flagged `noindex` get a robots noindex
 * instead. Rendered by the layouts on success only, so error and 404 pages never claim a canonical.
 */
export function SeoLinks() {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const noindex = matches.some(
    (m) => (m.handle as RouteHandle | undefined)?.noindex || screenById.get(m.id)?.audience === "account" || screenById.get(m.id)?.noindex,
  );
  if (!data || noindex) return <meta name="robots" content="noindex, follow" />;
  const { lang, rest } = splitLangPrefix(pathname);
  let only: readonly string[] | undefined;
  const kept = new URLSearchParams();
  for (const m of matches) {
    const h = m.handle as RouteHandle | undefined;
    only = h?.alternates?.(m.loaderData) ?? only;
    const params = new URLSearchParams(search);
    for (const k of h?.canonicalQuery ?? []) if (params.get(k)) kept.set(k, params.get(k)!);
  }
  const query = kept.size ? `?${kept.toString()}` : "";
  const href = (code: string) => data.origin + localizePath(code, rest) + query;
  const langs = only ? LANGUAGES.filter((l) => only.includes(l.code)) : LANGUAGES;
  const xDefault = langs.some((l) => l.code === DEFAULT_LANG) ? DEFAULT_LANG : langs[0]?.code;
  return (
    <>
      <link rel="canonical" href={href(lang ?? DEFAULT_LANG)} />
      {langs.map((l) => (
        <link key={l.code} rel="alternate" hrefLang={l.bcp47} href={href(l.code)} />
      ))}
      {xDefault && <link rel="alternate" hrefLang="x-default" href={href(xDefault)} />}
    </>
  );
}
