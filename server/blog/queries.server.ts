import { and, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import type { Database } from "../db/client.server.ts";
import { blogCategories, blogPosts, blogPostTags, type TocEntry } from "../db/schema.server.ts";

/** Posts per list page (/blog, category, tag and search pages). */
export const POSTS_PER_PAGE = 9;

/** A post as listed on a card. `lang` is the language of this version (may differ from the page's). */
export interface PostCard {
  id: number;
  lang: string;
  slug: string;
  title: string;
  description: string;
  author: string;
  categorySlug: string;
  /** YYYY-MM-DD. */
  publishedOn: string;
  readingMinutes: number;
  tags: string[];
}

/** One page of posts. `page` is 1-based; `pages` is at least 1. */
export interface PostPage {
  items: PostCard[];
  total: number;
  page: number;
  pages: number;
}

/**
 * One version per slug, preferring the page's language, then English, then any: so every list in
 * every language shows every article, translated where a translation exists.
 */
function bestVersions(db: Database, lang: string) {
  return db
    .selectDistinctOn([blogPosts.slug])
    .from(blogPosts)
    .orderBy(blogPosts.slug, sql`(${blogPosts.lang} = ${lang}) desc`, sql`(${blogPosts.lang} = ${DEFAULT_LANG}) desc`, blogPosts.lang)
    .as("best");
}

async function tagsOf(db: Database, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ postId: blogPostTags.postId, tag: blogPostTags.tagSlug })
    .from(blogPostTags)
    .where(inArray(blogPostTags.postId, ids))
    .orderBy(blogPostTags.tagSlug);
  for (const r of rows) map.set(r.postId, [...(map.get(r.postId) ?? []), r.tag]);
  return map;
}

type BestRow = {
  id: number;
  lang: string;
  slug: string;
  title: string;
  description: string;
  author: string;
  categorySlug: string;
  publishedOn: string;
  readingMinutes: number;
};

async function withTags<R extends BestRow>(db: Database, rows: R[]): Promise<(R & { tags: string[] })[]> {
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] }));
}

/**
 * A page of posts for language `lang`, newest first, optionally in one category or with one tag.
 * @returns `page` beyond the last page gives an empty `items` (the screen answers 404).
 */
export async function listPosts(db: Database, lang: string, opts: { page: number; category?: string; tag?: string }): Promise<PostPage> {
  const best = bestVersions(db, lang);
  const filters: SQL[] = [];
  if (opts.category) filters.push(eq(best.categorySlug, opts.category));
  if (opts.tag)
    filters.push(
      sql`exists (select 1 from ${blogPostTags} where ${blogPostTags.postId} = ${best.id} and ${blogPostTags.tagSlug} = ${opts.tag})`,
    );
  const where = filters.length ? and(...filters) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(best)
    .where(where);
  const total = count?.n ?? 0;
  const rows = await db
    .select(cardColumns(best))
    .from(best)
    .where(where)
    .orderBy(desc(best.publishedOn), best.slug)
    .limit(POSTS_PER_PAGE)
    .offset((opts.page - 1) * POSTS_PER_PAGE);
  return { items: await withTags(db, rows), total, page: opts.page, pages: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)) };
}

/** The columns of a post card, selected from the best version of each post (bestVersions). */
function cardColumns(best: ReturnType<typeof bestVersions>) {
  return {
    id: best.id,
    lang: best.lang,
    slug: best.slug,
    title: best.title,
    description: best.description,
    author: best.author,
    categorySlug: best.categorySlug,
    publishedOn: best.publishedOn,
    readingMinutes: best.readingMinutes,
  };
}

/** Categories in display order with how many posts each has (in any version). */
export async function listCategories(db: Database): Promise<{ slug: string; count: number }[]> {
  return db
    .select({ slug: blogCategories.slug, count: sql<number>`count(distinct ${blogPosts.slug})::int` })
    .from(blogCategories)
    .leftJoin(blogPosts, eq(blogPosts.categorySlug, blogCategories.slug))
    .groupBy(blogCategories.slug, blogCategories.position)
    .orderBy(blogCategories.position);
}

/** Tags with their number of articles, most used first. */
export async function listTags(db: Database): Promise<{ slug: string; count: number }[]> {
  return db
    .select({ slug: blogPostTags.tagSlug, count: sql<number>`count(distinct ${blogPosts.slug})::int` })
    .from(blogPostTags)
    .innerJoin(blogPosts, eq(blogPosts.id, blogPostTags.postId))
    .groupBy(blogPostTags.tagSlug)
    .orderBy(sql`2 desc`, blogPostTags.tagSlug);
}

/** A full post. */
export interface Post extends PostCard {
  html: string;
  toc: TocEntry[];
  updatedOn: string | null;
  words: number;
}

/** What the post screen needs: the post, the languages it exists in, related posts. */
export interface PostView {
  post: Post;
  /** URL language codes of every version of this slug. */
  languages: string[];
  related: PostCard[];
}

/**
 * The post `slug` for a reader of `lang`: the version in `lang`, else English, else any (issue 15
 * rule 4: shown inside the reader's language, never redirected; `post.lang` tells which version).
 * Related posts are the reader's best versions. @returns null when no version of the slug exists.
 */
export async function getPost(db: Database, lang: string, slug: string): Promise<PostView | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.slug, slug))
    .orderBy(sql`(${blogPosts.lang} = ${lang}) desc`, sql`(${blogPosts.lang} = ${DEFAULT_LANG}) desc`, blogPosts.lang)
    .limit(1);
  if (!row) return null;
  const [post] = await withTags(db, [row]);
  const languages = await postLanguages(db, slug);
  const best = bestVersions(db, lang);
  const shared = sql<number>`(select count(*)::int from ${blogPostTags} where ${blogPostTags.postId} = ${best.id} and ${blogPostTags.tagSlug} in (select ${blogPostTags.tagSlug} from ${blogPostTags} where ${blogPostTags.postId} = ${row.id}))`;
  const related = await db
    .select(cardColumns(best))
    .from(best)
    .where(ne(best.slug, slug))
    .orderBy(desc(sql`${shared} * 2 + (${best.categorySlug} = ${row.categorySlug})::int`), desc(best.publishedOn))
    .limit(3);
  return {
    post: { ...post!, html: row.html, toc: row.toc, updatedOn: row.updatedOn, words: row.words },
    languages,
    related: await withTags(db, related),
  };
}

/** URL language codes in which at least one post is written: where the blog's lists are indexable (issue 15 rule 3). */
export async function blogLanguages(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ lang: blogPosts.lang }).from(blogPosts);
  return rows.map((r) => r.lang);
}

/** URL language codes in which the post `slug` exists, English first. */
export async function postLanguages(db: Database, slug: string): Promise<string[]> {
  const rows = await db.select({ lang: blogPosts.lang }).from(blogPosts).where(eq(blogPosts.slug, slug));
  return rows.map((r) => r.lang).sort((a, b) => (a === DEFAULT_LANG ? -1 : b === DEFAULT_LANG ? 1 : a.localeCompare(b)));
}

/** A run of snippet text, highlighted when it matched the query. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/** A search result: the card plus highlighted title and body snippet. */
export interface SearchHit extends PostCard {
  titleParts: SnippetPart[];
  snippet: SnippetPart[];
}

const START = "\u0002";
const STOP = "\u0003";

/** Splits ts_headline output marked with START/STOP into parts (rendered as <mark>, never as HTML). */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const chunk of headline.split(START)) {
    const [hit, rest] = chunk.includes(STOP) ? (chunk.split(STOP, 2) as [string, string]) : [null, chunk];
    if (hit) parts.push({ text: hit, hit: true });
    if (rest) parts.push({ text: rest, hit: false });
  }
  return parts;
}

/**
 * Full-text search (PostgreSQL): websearch syntax in each version's own text-search configuration,
 * ranked by ts_rank (title weighs most), with ts_headline snippets. An empty query finds nothing.
 */
export async function searchPosts(
  db: Database,
  lang: string,
  q: string,
  page: number,
): Promise<Omit<PostPage, "items"> & { items: SearchHit[] }> {
  const query = q.trim().slice(0, 200);
  if (!query) return { items: [], total: 0, page, pages: 1 };
  const best = bestVersions(db, lang);
  const tsq = sql`websearch_to_tsquery(${best.tsConfig}::regconfig, ${query})`;
  const where = sql`${best.search} @@ ${tsq}`;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(best)
    .where(where);
  const total = count?.n ?? 0;
  const opts = `StartSel=${START}, StopSel=${STOP}`;
  const rows = await db
    .select({
      id: best.id,
      lang: best.lang,
      slug: best.slug,
      title: best.title,
      description: best.description,
      author: best.author,
      categorySlug: best.categorySlug,
      publishedOn: best.publishedOn,
      readingMinutes: best.readingMinutes,
      titleMarked: sql<string>`ts_headline(${best.tsConfig}::regconfig, ${best.title}, ${tsq}, ${`${opts}, HighlightAll=true`})`,
      snippetMarked: sql<string>`ts_headline(${best.tsConfig}::regconfig, ${best.plain}, ${tsq}, ${`${opts}, MaxWords=32, MinWords=16, MaxFragments=1`})`,
    })
    .from(best)
    .where(where)
    .orderBy(desc(sql`ts_rank(${best.search}, ${tsq})`), desc(best.publishedOn))
    .limit(POSTS_PER_PAGE)
    .offset((page - 1) * POSTS_PER_PAGE);
  const items = (await withTags(db, rows)).map(({ titleMarked, snippetMarked, ...card }) => ({
    ...card,
    titleParts: snippetParts(titleMarked),
    snippet: snippetParts(snippetMarked),
  }));
  return { items, total, page, pages: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)) };
}

/** The newest posts written in `lang` itself (the language's feed), with their HTML. */
export async function feedPosts(
  db: Database,
  lang: string,
  limit = 20,
): Promise<(PostCard & { html: string; updatedOn: string | null })[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      lang: blogPosts.lang,
      slug: blogPosts.slug,
      title: blogPosts.title,
      description: blogPosts.description,
      author: blogPosts.author,
      categorySlug: blogPosts.categorySlug,
      publishedOn: blogPosts.publishedOn,
      readingMinutes: blogPosts.readingMinutes,
      html: blogPosts.html,
      updatedOn: blogPosts.updatedOn,
    })
    .from(blogPosts)
    .where(eq(blogPosts.lang, lang))
    .orderBy(desc(blogPosts.publishedOn), blogPosts.slug)
    .limit(limit);
  return withTags(db, rows);
}
