import { LANGUAGES } from "../../common/i18n/languages.ts";
import { indexableLanguages, moduleContentLanguages, screenTextGroups, type TextGaps } from "../../common/i18n/indexing.ts";
import { SCREEN_ALIASES, screens, type Screen } from "../../common/screens.ts";
import { textGaps } from "../i18n/text-gaps.server.ts";
import type { Services } from "../services.server.ts";

/** One indexable page of the sitemap: its path without language prefix and where it exists. */
export interface SitemapEntry {
  /** Path without language prefix, e.g. "/autoseo" or "/blog/my-post". */
  path: string;
  /** Language codes (URL prefixes) the page is indexable in (issue 15 rule 3); all supported languages when omitted. */
  langs?: string[];
  /** Last modification, ISO 8601 date. */
  lastmod?: string;
}

/** A provider of sitemap entries (e.g. the blog's posts, categories and tags). */
export type SitemapSource = (services: Services) => Promise<SitemapEntry[]>;

/**
 * Every public, indexable screen without path parameters (app/screens.ts), and the main page, each
 * in the languages where its interface texts are complete (`gaps`) and its module's content exists
 * (issue 15 rule 3). Account screens, public screens flagged noindex (thank-you pages, the video
 * message) and aliases of another screen are left out.
 */
export function screenEntries(gaps: TextGaps): SitemapEntry[] {
  const langs = (s: Screen | undefined) => indexableLanguages({ groups: screenTextGroups(s), gaps, content: [moduleContentLanguages(s)] });
  return [
    { path: "/", langs: langs(undefined) },
    ...screens
      .filter((s) => s.audience === "public" && s.layout === "site" && !s.noindex && !s.path.includes(":") && !(s.id in SCREEN_ALIASES))
      .map((s) => ({ path: `/${s.path}`, langs: langs(s) })),
  ];
}

/** {@link screenEntries} with the text gaps of the database. */
export const screenSource: SitemapSource = async (services) => screenEntries(await textGaps(services.db));

const sources: SitemapSource[] = [screenSource];

/**
 * Adds a sitemap source (issue 4 hook): features with their own public URLs, such as the blog,
 * register a function returning their entries; the sitemaps call every source on each request.
 */
export function registerSitemapSource(source: SitemapSource): void {
  if (!sources.includes(source)) sources.push(source);
}

/**
 * All entries of all sources, one per path: the first source to name a path wins, later sources
 * fill in what it left out (lastmod), and the languages are those every source allows (a screen's
 * complete texts ∩ its content's versions, issue 15 rule 3).
 */
export async function collectSitemapEntries(services: Services): Promise<SitemapEntry[]> {
  const byPath = new Map<string, SitemapEntry>();
  for (const list of await Promise.all(sources.map((s) => s(services)))) {
    for (const e of list) {
      const known = byPath.get(e.path);
      if (known) byPath.set(e.path, { ...e, ...known, langs: intersect(known.langs, e.langs), lastmod: known.lastmod ?? e.lastmod });
      else byPath.set(e.path, e);
    }
  }
  return [...byPath.values()].map((e) => Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as SitemapEntry);
}

const intersect = (a?: string[], b?: string[]) => (a && b ? a.filter((l) => b.includes(l)) : (a ?? b));

/** Codes of every supported language, in the spec's order. */
export const ALL_LANGS = LANGUAGES.map((l) => l.code);
