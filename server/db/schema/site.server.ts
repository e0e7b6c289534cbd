import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Personal video messages of managers (issue 4 "video message page"): the video and its WebVTT
 * captions by URL. /video-message?v=<slug> shows one; without `v`, the default one.
 */
export const managerVideos = pgTable(
  "manager_videos",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    managerName: text("manager_name").notNull(),
    videoUrl: text("video_url").notNull(),
    /** MIME type of the video, e.g. "video/webm". */
    videoType: text("video_type").notNull().default("video/webm"),
    captionsUrl: text("captions_url").notNull(),
    /** BCP 47 language of the captions. */
    captionsLang: text("captions_lang").notNull().default("en"),
    posterUrl: text("poster_url").notNull().default(""),
    transcript: text("transcript").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("manager_videos_slug").on(t.slug)],
);
