import type { SitemapSource } from "../seo/sitemap-sources.server.ts";
import { contentPublicUrls } from "./public-urls.server.ts";

/**
 * The blog, legal, release-notes, cases and reviews URLs as sitemap entries (issue 4): paths
 * without language prefix (English has none), the languages each exists in, and lastmod.
 */
export const contentSitemapSource: SitemapSource = async (services) =>
  (await contentPublicUrls(services, "en")).map((u) => ({
    path: u.path,
    ...(u.languages ? { langs: u.languages } : {}),
    ...(u.lastmod ? { lastmod: u.lastmod } : {}),
  }));
