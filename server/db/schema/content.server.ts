import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** PostgreSQL `tsvector` (full-text search document); read back as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Blog categories (issue 4): the fixed set the writers' front matter names; labels are text ids. */
export const blogCategories = pgTable("blog_categories", {
  slug: text("slug").primaryKey(),
  position: smallint("position").notNull(),
});

/** Blog tags (issue 4), by slug. */
export const blogTags = pgTable("blog_tags", {
  slug: text("slug").primaryKey(),
});

/** One heading of an article's table of contents. */
export interface TocEntry {
  /** 2 or 3 (## or ###). */
  level: number;
  /** Anchor id of the heading. */
  id: string;
  text: string;
}

/**
 * Blog posts loaded from content/blog/<lang>/<slug>.md at start (issue 4). Translations share the
 * slug. `html` is the safe rendered body; `search` the weighted tsvector in `tsConfig`.
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    lang: text("lang").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    author: text("author").notNull(),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => blogCategories.slug),
    /** YYYY-MM-DD. */
    publishedOn: text("published_on").notNull(),
    /** YYYY-MM-DD, when the post was revised. */
    updatedOn: text("updated_on"),
    html: text("html").notNull(),
    /** Plain text of the body (search snippets, word count). */
    plain: text("plain").notNull(),
    toc: jsonb("toc").$type<TocEntry[]>().notNull(),
    words: integer("words").notNull(),
    readingMinutes: smallint("reading_minutes").notNull(),
    /** Text-search configuration of the language ('simple' when PostgreSQL has none). */
    tsConfig: text("ts_config").notNull(),
    search: tsvector("search").notNull(),
    loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("blog_posts_lang_slug").on(t.lang, t.slug),
    index("blog_posts_date_idx").on(t.lang, t.publishedOn),
    index("blog_posts_search_idx").using("gin", t.search),
  ],
);

/** Tags of a post. */
export const blogPostTags = pgTable(
  "blog_post_tags",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tagSlug: text("tag_slug")
      .notNull()
      .references(() => blogTags.slug),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagSlug] }), index("blog_post_tags_tag_idx").on(t.tagSlug)],
);

/** Moderation state of a customer review. */
export type ReviewStatus = "pending" | "approved" | "rejected";

/**
 * Customer reviews sent through /write-a-review (issue 4). Only `approved` rows are ever shown;
 * `product` "autoseo" rows appear on /autoseo-client-reviews, all approved rows on /client-testimonials.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    product: text("product").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** 1-5 stars. */
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    lang: text("lang").notNull(),
    status: text("status").$type<ReviewStatus>().notNull().default("pending"),
    ip: text("ip").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (t) => [index("reviews_status_idx").on(t.status, t.product, t.createdAt)],
);

/**
 * Rate-limit counters (rate-limiter-flexible RateLimiterDrizzle store): one row per key, any
 * feature may use it with its own key prefix.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});
