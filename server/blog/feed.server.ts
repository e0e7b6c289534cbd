import { localizePath, toBcp47 } from "../../common/i18n/languages.ts";
import type { Database } from "../db/client.server.ts";
import { feedPosts } from "./queries.server.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const stamp = (ymd: string) => `${ymd}T00:00:00Z`;

/**
 * The Atom 1.0 feed (RFC 4287) of the posts written in `lang`, newest first, with full HTML
 * content (xml:base makes the posts' site-relative links absolute). @returns null when the language has no posts.
 */
export async function blogFeed(db: Database, lang: string, origin: string, title: string, subtitle: string): Promise<string | null> {
  const posts = await feedPosts(db, lang);
  if (posts.length === 0) return null;
  const home = origin + localizePath(lang, "/blog");
  const updated = posts
    .map((p) => p.updatedOn ?? p.publishedOn)
    .sort()
    .at(-1)!;
  const entries = posts.map((p) => {
    const url = origin + localizePath(lang, `/blog/${p.slug}`);
    return [
      "  <entry>",
      `    <title>${esc(p.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${esc(url)}"/>`,
      `    <id>${esc(url)}</id>`,
      `    <published>${stamp(p.publishedOn)}</published>`,
      `    <updated>${stamp(p.updatedOn ?? p.publishedOn)}</updated>`,
      `    <author><name>${esc(p.author)}</name></author>`,
      `    <category term="${esc(p.categorySlug)}"/>`,
      ...p.tags.map((tag) => `    <category term="${esc(tag)}"/>`),
      `    <summary>${esc(p.description)}</summary>`,
      `    <content type="html">${esc(p.html)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${toBcp47(lang)}" xml:base="${esc(origin)}/">`,
    `  <title>${esc(title)}</title>`,
    `  <subtitle>${esc(subtitle)}</subtitle>`,
    `  <id>${esc(home)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${esc(home)}/feed.xml"/>`,
    `  <link rel="alternate" type="text/html" href="${esc(home)}"/>`,
    `  <updated>${stamp(updated)}</updated>`,
    "  <author><name>Rankforge</name></author>",
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
