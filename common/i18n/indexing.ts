import type { Screen } from "../screens.ts";
import { DEFAULT_LANG, LANGUAGES } from "./languages.ts";

/**
 * Issue 15 rule 3 "indexing follows completeness, page by page" (docs/decisions/0009-indexing-follows-completeness.md):
 * a language version of a page is indexable, in the hreflang cluster and in the sitemap only when
 * that page's content exists in that language; otherwise it is served in the visitor's interface
 * language with `noindex` and a canonical to the English page.
 */

/** Text groups every public page shows: header, footer, shared words and the main page. */
export const SHELL_TEXT_GROUPS: readonly string[] = ["common", "site"];

/**
 * Interface texts missing per group: group name → URL language codes lacking at least one of the
 * group's English texts. Groups complete in every language are absent (so the map stays small).
 */
export type TextGaps = Record<string, readonly string[]>;

/** Text groups of the screens rendered by each module besides the shell (content.json, manager.json, audit-ui.json, checks.json). */
const MODULE_GROUPS: Record<string, readonly string[]> = {
  "routes/request-screen.tsx": ["request", "screens"],
  "routes/legal.tsx": ["legal"],
  "routes/cases.tsx": ["cases"],
  "routes/case.tsx": ["cases", "i18n"],
  "routes/whatsnew.tsx": ["whatsnew"],
  "routes/reviews.tsx": ["reviews"],
  "routes/write-a-review.tsx": ["reviews"],
  "routes/blog/index.tsx": ["blog"],
  "routes/blog/category.tsx": ["blog"],
  "routes/blog/tag.tsx": ["blog"],
  "routes/blog/post.tsx": ["blog", "i18n"],
  "routes/lp-website-checker.tsx": ["lp-website-checker", "checks"],
};

/** Modules whose screens load the marketing page groups "page:site" and "page:<first path segment>". */
const SITE_PAGE_MODULES = new Set([
  "routes/marketing.tsx",
  "routes/checklist.tsx",
  "routes/contacts.tsx",
  "routes/tour.tsx",
  "routes/wechat.tsx",
  "routes/video-message.tsx",
  "routes/popup.tsx",
  "routes/worldseo.tsx",
]);

/** Modules whose content is written in English only, whatever the interface language: the release notes. */
const ENGLISH_ONLY_MODULES = new Set(["routes/whatsnew.tsx"]);

/**
 * The interface text groups a public screen shows: the shell plus its own groups (e.g.
 * "page:autoseo" for /autoseo, "legal" for the legal pages). The main page (no screen) is the shell.
 */
export function screenTextGroups(screen: Pick<Screen, "module" | "path"> | undefined): string[] {
  if (!screen) return [...SHELL_TEXT_GROUPS];
  const own = SITE_PAGE_MODULES.has(screen.module)
    ? ["page:site", `page:${screen.path.split("/")[0]}`]
    : (MODULE_GROUPS[screen.module] ?? []);
  return [...SHELL_TEXT_GROUPS, ...own];
}

/** Languages a screen's own (non-text) content is limited to by its module, or undefined for "no limit". */
export function moduleContentLanguages(screen: Pick<Screen, "module"> | undefined): readonly string[] | undefined {
  return screen && ENGLISH_ONLY_MODULES.has(screen.module) ? [DEFAULT_LANG] : undefined;
}

/**
 * The languages in which a page is indexable, in the spec's language order: those where every
 * text group it shows is complete and, when given, its content exists (`content`: e.g. a blog
 * post's or legal page's versions; several lists are intersected).
 */
export function indexableLanguages(p: {
  groups: readonly string[];
  gaps: TextGaps;
  content?: readonly (readonly string[] | undefined)[];
}): string[] {
  const missing = new Set(p.groups.flatMap((g) => p.gaps[g] ?? []));
  const lists = (p.content ?? []).filter((l): l is readonly string[] => !!l);
  return LANGUAGES.map((l) => l.code).filter((code) => !missing.has(code) && lists.every((l) => l.includes(code)));
}

/** How one language version of a page is indexed (issue 15 rule 3). */
export interface PageIndexing {
  /** True when this version is indexable (self-canonical, in hreflang and the sitemap). */
  indexable: boolean;
  /** Language whose URL is the canonical: this one when indexable, else English (or the first language the page exists in). */
  canonicalLang: string;
  /** Languages of the hreflang cluster (only indexable versions); empty on a fallback version. */
  alternates: string[];
  /** Language of x-default: English when indexable there, else the first indexable language; null when none. */
  xDefault: string | null;
}

/** Indexing of the version in `lang` of a page indexable in `indexable` (see {@link indexableLanguages}). */
export function pageIndexing(lang: string, indexable: readonly string[]): PageIndexing {
  const xDefault = indexable.includes(DEFAULT_LANG) ? DEFAULT_LANG : (indexable[0] ?? null);
  if (indexable.includes(lang)) return { indexable: true, canonicalLang: lang, alternates: [...indexable], xDefault };
  return { indexable: false, canonicalLang: xDefault ?? DEFAULT_LANG, alternates: [], xDefault };
}
