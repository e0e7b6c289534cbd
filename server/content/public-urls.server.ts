import { DEFAULT_LANG, localizePath } from "../../common/i18n/languages.ts";
import { blogPosts } from "../db/schema.server.ts";
import { listCategories, listTags } from "../blog/queries.server.ts";
import type { Services } from "../services.server.ts";
import { LEGAL_SLUGS, versionLanguages } from "./documents.server.ts";
import { libraryOf } from "./view.server.ts";

/** One indexable URL of the content screens, for the sitemap. */
export interface PublicUrl {
  /** Path in the requested language, e.g. "/de/blog/canonical-urls-done-right". */
  path: string;
  /** Language codes the page exists in (hreflang cluster); undefined means every supported language. */
  languages?: string[];
  /** YYYY-MM-DD of the last change, when known. */
  lastmod?: string;
}

/**
 * Every public, indexable URL of the blog, legal, release-notes, cases and reviews screens in
 * language `lang` (issue 4), for the sitemap of that language, each with the languages its content
 * is written in (issue 15 rule 3: only those versions are indexable). The search page is noindex and left out.
 */
export async function contentPublicUrls(services: Services, lang: string): Promise<PublicUrl[]> {
  const { db } = services;
  const lib = libraryOf(services);
  const [posts, categories, tags] = await Promise.all([
    db
      .select({ lang: blogPosts.lang, slug: blogPosts.slug, publishedOn: blogPosts.publishedOn, updatedOn: blogPosts.updatedOn })
      .from(blogPosts),
    listCategories(db),
    listTags(db),
  ]);
  const at = (path: string) => localizePath(lang, path);
  const newest = (days: string[]) => days.sort().at(-1);
  const languagesOf = (slug: string) => posts.filter((p) => p.slug === slug).map((p) => p.lang);
  const blogLangs = [...new Set(posts.map((p) => p.lang))];
  const urls: PublicUrl[] = [
    { path: at("/blog"), languages: blogLangs, lastmod: newest(posts.map((p) => p.updatedOn ?? p.publishedOn)) },
    ...categories.filter((c) => c.count > 0).map((c) => ({ path: at(`/blog/category/${c.slug}`), languages: blogLangs })),
    ...tags.map((tg) => ({ path: at(`/blog/tag/${tg.slug}`), languages: blogLangs })),
    ...posts
      .filter((p) => p.lang === lang)
      .map((p) => ({ path: at(`/blog/${p.slug}`), languages: languagesOf(p.slug), lastmod: p.updatedOn ?? p.publishedOn })),
    ...LEGAL_SLUGS.flatMap((slug) => {
      const versions = lib.legal.filter((d) => d.slug === slug);
      const doc = versions.find((d) => d.lang === lang) ?? versions.find((d) => d.lang === "en");
      return doc ? [{ path: at(`/${slug}`), languages: versionLanguages(versions), lastmod: doc.updated }] : [];
    }),
    { path: at("/whatsnew"), languages: [DEFAULT_LANG], lastmod: newest(lib.releases.map((r) => r.date)) },
    { path: at("/cases"), languages: versionLanguages(lib.cases), lastmod: newest(lib.cases.map((c) => c.date)) },
    ...[...new Set(lib.cases.map((c) => c.slug))].map((slug) => ({
      path: at(`/case/${slug}`),
      languages: versionLanguages(lib.cases, slug),
      lastmod: newest(lib.cases.filter((c) => c.slug === slug).map((c) => c.date)),
    })),
    { path: at("/client-testimonials") },
    { path: at("/autoseo-client-reviews") },
    { path: at("/write-a-review") },
  ];
  return urls.map((u) => Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined)) as PublicUrl);
}
