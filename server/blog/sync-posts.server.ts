import { eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { blogCategories, blogPosts, blogPostTags, blogTags } from "../db/schema.server.ts";
import { BLOG_CATEGORIES, blogFrontMatter, frontMatterOf, readContentFiles, type ContentProblem } from "../content/files.server.ts";
import { readingMinutes, renderMarkdown } from "../content/markdown.server.ts";
import { contentChanged } from "../content/version.server.ts";

/** PostgreSQL text-search configuration per URL language code; others use 'simple'. */
const TS_CONFIGS: Record<string, string> = {
  en: "english",
  de: "german",
  es: "spanish",
  pt: "portuguese",
  fr: "french",
  it: "italian",
  nl: "dutch",
  tr: "turkish",
  ru: "russian",
  gr: "greek",
  fi: "finnish",
  se: "swedish",
  hu: "hungarian",
  lt: "lithuanian",
  ro: "romanian",
  id: "indonesian",
  no: "norwegian",
  dk: "danish",
  ct: "catalan",
  rs: "serbian",
  am: "armenian",
  ee: "estonian",
};

/** The text-search configuration for a language among those the database has, else 'simple'. */
export function tsConfigFor(lang: string, available: ReadonlySet<string>): string {
  const cfg = TS_CONFIGS[lang];
  return cfg && available.has(cfg) ? cfg : "simple";
}

/** Advisory lock key serialising concurrent syncs. */
const BLOG_SYNC_LOCK = 4_204_001;

/** What a sync did. */
export interface SyncResult {
  posts: number;
  removed: number;
  problems: ContentProblem[];
}

/**
 * Loads content/blog/<lang>/<slug>.md into the database (issue 4): categories, tags, posts with
 * rendered HTML, table of contents, reading time and a weighted tsvector (title A, description B,
 * body C) in the language's configuration. Idempotent: upserts by (lang, slug), replaces each
 * post's tags, and deletes posts whose file is gone. Files with bad front matter are skipped and
 * returned as problems.
 */
export async function syncBlogPosts(db: Database): Promise<SyncResult> {
  const { files, problems } = readContentFiles("blog");
  const configs = (await db.execute(sql`select cfgname from pg_ts_config`)) as unknown as { rows: { cfgname: string }[] };
  const available = new Set(configs.rows.map((r) => r.cfgname));
  const posts = files.flatMap((f) => {
    const fm = frontMatterOf(blogFrontMatter, f, problems);
    if (!fm) return [];
    const r = renderMarkdown(f.body);
    return [{ lang: f.lang, slug: f.slug, fm, r, cfg: tsConfigFor(f.lang, available) }];
  });
  let removed = 0;
  await db.transaction(async (tx) => {
    // Web and worker processes may start together: one sync at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(${BLOG_SYNC_LOCK})`);
    await tx
      .insert(blogCategories)
      .values(BLOG_CATEGORIES.map((slug, position) => ({ slug, position })))
      .onConflictDoUpdate({ target: blogCategories.slug, set: { position: sql`excluded.position` } });
    const tags = [...new Set(posts.flatMap((p) => p.fm.tags))];
    if (tags.length)
      await tx
        .insert(blogTags)
        .values(tags.map((slug) => ({ slug })))
        .onConflictDoNothing();
    for (const { lang, slug, fm, r, cfg } of posts) {
      const values = {
        lang,
        slug,
        title: fm.title,
        description: fm.description,
        author: fm.author,
        categorySlug: fm.category,
        publishedOn: fm.date,
        updatedOn: fm.updated ?? null,
        html: r.html,
        plain: r.plain,
        toc: r.toc,
        words: r.words,
        readingMinutes: readingMinutes(r.words),
        tsConfig: cfg,
        search: sql`setweight(to_tsvector(${cfg}::regconfig, ${fm.title}), 'A') || setweight(to_tsvector(${cfg}::regconfig, ${fm.description}), 'B') || setweight(to_tsvector(${cfg}::regconfig, ${r.plain}), 'C')`,
        loadedAt: new Date(),
      };
      const [row] = await tx
        .insert(blogPosts)
        .values(values)
        .onConflictDoUpdate({ target: [blogPosts.lang, blogPosts.slug], set: values })
        .returning({ id: blogPosts.id });
      await tx.delete(blogPostTags).where(eq(blogPostTags.postId, row!.id));
      if (fm.tags.length) await tx.insert(blogPostTags).values([...new Set(fm.tags)].map((tagSlug) => ({ postId: row!.id, tagSlug })));
    }
    const keep = posts.map((p) => `${p.lang}/${p.slug}`);
    const gone = await tx
      .delete(blogPosts)
      .where(keep.length ? notInArray(sql`${blogPosts.lang} || '/' || ${blogPosts.slug}`, keep) : sql`true`)
      .returning({ id: blogPosts.id });
    removed = gone.length;
    await tx.execute(sql`delete from blog_tags t where not exists (select 1 from blog_post_tags pt where pt.tag_slug = t.slug)`);
  });
  await contentChanged(db);
  return { posts: posts.length, removed, problems };
}
