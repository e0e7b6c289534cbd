import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { DEFAULT_LANG, localizePath, splitLangPrefix, toBcp47 } from "../../common/i18n/languages.ts";
import { indexableLanguages, moduleContentLanguages, pageIndexing, screenTextGroups } from "../../common/i18n/indexing.ts";
import type { RootData } from "../root.tsx";
import { SCREEN_ALIASES, screenById } from "../../common/screens.ts";

/** Route `handle` flags: `noindex` for screens outside the public site. */
export interface RouteHandle {
  noindex?: boolean;
  /**
   * Languages the page's content exists in, read from its loader data (e.g. a blog post's or a
   * legal page's versions). Other language versions are fallbacks (issue 15 rule 3): noindex,
   * canonical to English, left out of hreflang. Default: no limit beyond the interface texts.
   */
  contentLanguages?: (loaderData: unknown) => readonly string[] | undefined;
  /** Query parameters kept in the canonical and alternate URLs (e.g. "page" of a paginated list). */
  canonicalQuery?: readonly string[];
}

/** Reads `languages` (the content's language versions) from a loader's data: the usual `contentLanguages`. */
export const languagesOfData = (d: unknown): readonly string[] | undefined => (d as { languages?: string[] } | undefined)?.languages;

/** Handle of a content screen whose loader returns `languages` (issue 15 rule 3). */
export const contentHandle: RouteHandle = { contentLanguages: languagesOfData };

/**
 * Canonical URL and hreflang alternates of a public page (React 19 hoists these into <head>),
 * following issue 15 rule 3: the hreflang cluster holds only the languages in which the page is
 * indexable (its text groups complete and its content written there) plus x-default; a version
 * outside that set is a fallback with `noindex` and a canonical to the English page; an alias
 * screen (/price-ai) has a canonical to its original and no hreflang. Account
 * screens and routes flagged `noindex` get a robots noindex only. Rendered by the layouts on
 * success only, so error and 404 pages never claim a canonical.
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
  const screen = [...matches].reverse().find((m) => screenById.has(m.id));
  const content: (readonly string[] | undefined)[] = [];
  const kept = new URLSearchParams();
  for (const m of matches) {
    const h = m.handle as RouteHandle | undefined;
    content.push(h?.contentLanguages?.(m.loaderData));
    const params = new URLSearchParams(search);
    for (const k of h?.canonicalQuery ?? []) if (params.get(k)) kept.set(k, params.get(k)!);
  }
  const s = screen ? screenById.get(screen.id) : undefined;
  content.push(moduleContentLanguages(s));
  const indexable = indexableLanguages({ groups: screenTextGroups(s), gaps: data.textGaps, content });
  const ix = pageIndexing(lang ?? DEFAULT_LANG, indexable);
  const query = kept.size ? `?${kept.toString()}` : "";
  const href = (code: string) => data.origin + localizePath(code, rest) + query;
  const original = s ? SCREEN_ALIASES[s.id] : undefined;
  return (
    <>
      {!ix.indexable && <meta name="robots" content="noindex, follow" />}
      <link rel="canonical" href={original ? data.origin + localizePath(ix.canonicalLang, original) : href(ix.canonicalLang)} />
      {!original && ix.alternates.map((code) => <link key={code} rel="alternate" hrefLang={toBcp47(code)} href={href(code)} />)}
      {!original && ix.indexable && ix.xDefault && <link rel="alternate" hrefLang="x-default" href={href(ix.xDefault)} />}
    </>
  );
}
