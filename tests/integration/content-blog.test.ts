import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { blogFeed } from "../../server/blog/feed.server.ts";
import { getPost, listPosts, POSTS_PER_PAGE, searchPosts } from "../../server/blog/queries.server.ts";
import { syncBlogPosts } from "../../server/blog/sync-posts.server.ts";
import { blogFrontMatter, readContentFiles } from "../../server/content/files.server.ts";
import { contentPublicUrls } from "../../server/content/public-urls.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

/** The blog as the files say it is: valid posts per language (computed here, not hard-coded). */
const files = readContentFiles("blog").files.flatMap((f) => {
  const fm = blogFrontMatter.safeParse(f.data);
  return fm.success ? [{ ...f, fm: fm.data }] : [];
});
const english = files.filter((f) => f.lang === "en");
const slugsWhere = (pred: (f: (typeof files)[number]) => boolean) => [...new Set(files.filter(pred).map((f) => f.slug))].sort();

async function allPages(s: Services, opts: { category?: string; tag?: string }) {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const p = await listPosts(s.db, "en", { page, ...opts });
    out.push(...p.items.map((i) => i.slug));
    if (page >= p.pages) return out.sort();
  }
}

describe.each(databaseKinds)("issue 4 blog engine on %s — posts loaded from content/blog at start", (kind) => {
  let s: Services;
  beforeAll(async () => {
    s = await startTestServices(kind);
  });
  afterAll(() => s?.close());

  it("loads every valid post file and the sync is idempotent", async () => {
    expect(english.length).toBeGreaterThan(0);
    const again = await syncBlogPosts(s.db);
    expect(again.posts).toBe(files.length);
    expect(again.removed).toBe(0);
    const first = await listPosts(s.db, "en", { page: 1 });
    expect(first.total).toBe(new Set(files.map((f) => f.slug)).size);
    expect(first.items.length).toBe(Math.min(POSTS_PER_PAGE, first.total));
    const dates = first.items.map((i) => i.publishedOn);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("category and tag pages list exactly the posts whose files name them", async () => {
    const category = english[0]!.fm.category;
    expect(await allPages(s, { category })).toEqual(slugsWhere((f) => f.fm.category === category));
    const tag = english.flatMap((f) => f.fm.tags)[0]!;
    expect(await allPages(s, { tag })).toEqual(slugsWhere((f) => f.fm.tags.includes(tag)));
  });

  it("full-text search finds a post by a word that only its body contains, with a highlighted snippet", async () => {
    const target = english.find((f) => wordsOnlyIn(f).length > 0)!;
    const word = wordsOnlyIn(target)[0]!;
    const result = await searchPosts(s.db, "en", word, 1);
    expect(result.items.map((i) => i.slug)).toContain(target.slug);
    const hit = result.items.find((i) => i.slug === target.slug)!;
    expect(hit.snippet.some((p) => p.hit && p.text.toLowerCase().includes(word.slice(0, 4).toLowerCase()))).toBe(true);
    expect((await searchPosts(s.db, "en", "zzqxxnonexistentword", 1)).total).toBe(0);
  });

  it("a post has its HTML, table of contents, reading time, languages and related posts", async () => {
    const f = english[0]!;
    const view = (await getPost(s.db, "en", f.slug))!;
    expect(view.post.title).toBe(f.fm.title);
    expect(view.post.html).toContain("<h2 id=");
    expect(view.post.toc.length).toBeGreaterThan(0);
    expect(view.post.readingMinutes).toBeGreaterThan(0);
    expect(view.languages).toEqual(
      files
        .filter((x) => x.slug === f.slug)
        .map((x) => x.lang)
        .sort((a, b) => (a === "en" ? -1 : b === "en" ? 1 : a.localeCompare(b))),
    );
    expect(view.related.map((r) => r.slug)).not.toContain(f.slug);
    expect(await getPost(s.db, "en", "no-such-post")).toBeNull();
  });

  it("the Atom feed is well-formed and lists the language's posts", async () => {
    const xml = (await blogFeed(s.db, "en", "https://rankforge.test", "Rankforge blog", "Guides"))!;
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" || name === "category" }).parse(xml) as {
      feed: { "@_xmlns": string; id: string; entry: { id: string; title: string; updated: string }[] };
    };
    expect(doc.feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(xml).toContain('xml:base="https://rankforge.test/"');
    expect(doc.feed.entry.length).toBe(Math.min(20, english.length));
    for (const e of doc.feed.entry) {
      expect(e.id).toMatch(/^https:\/\/rankforge\.test\/blog\/[a-z0-9-]+$/);
      expect(e.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    }
    expect(await blogFeed(s.db, "zh", "https://rankforge.test", "t", "s")).toBe(
      files.some((f) => f.lang === "zh") ? expect.any(String) : null,
    );
  });
});

/** Lower-case words of 8+ letters in a post's body that no other post file contains. */
function wordsOnlyIn(f: (typeof files)[number]): string[] {
  const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{8,}/g) ?? []);
  const others = files.filter((o) => o !== f).map((o) => `${o.body} ${o.fm.title} ${o.fm.description}`.toLowerCase());
  return [...words(f.body)].filter((w) => others.every((o) => !o.includes(w)));
}

describe("issue 4 public URLs of the content screens (for the sitemap)", () => {
  let s: Services;
  beforeAll(async () => {
    s = await startTestServices("pglite");
  });
  afterAll(() => s?.close());

  it("lists the blog, each post only in its own languages, legal pages, cases and reviews", async () => {
    const en = await contentPublicUrls(s, "en");
    const paths = en.map((u) => u.path);
    expect(paths).toEqual(
      expect.arrayContaining(["/blog", "/privacy-policy", "/whatsnew", "/cases", "/client-testimonials", "/write-a-review"]),
    );
    expect(paths).not.toContain("/blog/search");
    for (const f of english) expect(en.find((u) => u.path === `/blog/${f.slug}`)).toMatchObject({ lastmod: f.fm.updated ?? f.fm.date });
    const translated = files.find((f) => f.lang !== "en");
    if (translated) {
      const other = await contentPublicUrls(s, translated.lang);
      const postPaths = other.map((u) => u.path).filter((p) => p.startsWith(`/${translated.lang}/blog/`) && !/\/(tag|category)\//.test(p));
      expect(postPaths.sort()).toEqual(
        files
          .filter((f) => f.lang === translated.lang)
          .map((f) => `/${translated.lang}/blog/${f.slug}`)
          .sort(),
      );
      expect(other.find((u) => u.path === `/${translated.lang}/blog/${translated.slug}`)!.languages).toContain("en");
    }
  });
});
