import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { managerVideos } from "../db/schema.server.ts";

/** The default manager's welcome video with English captions (public/video). */
export const DEFAULT_VIDEO = {
  slug: "welcome",
  managerName: "Olena Kovalenko",
  videoUrl: "/video/manager-message.webm",
  videoType: "video/webm",
  captionsUrl: "/video/manager-message.en.vtt",
  captionsLang: "en",
  posterUrl: "/video/manager-message.webp",
  transcript:
    "Hello, I'm Olena, your personal manager at Rankforge. I've looked at the first audit of your website and prepared a short plan. " +
    "The good news: the issues we found are fixable, and most of them quickly. Let's go through them together on a free call. " +
    "Just reply to my message. Talk soon!",
  isDefault: true,
};

/** Idempotent seed of the marketing site's data (issue 4): the default video message. */
export async function seedSite(db: Database): Promise<void> {
  await db
    .insert(managerVideos)
    .values(DEFAULT_VIDEO)
    .onConflictDoUpdate({
      target: managerVideos.slug,
      set: {
        videoUrl: sql`excluded.video_url`,
        captionsUrl: sql`excluded.captions_url`,
        posterUrl: sql`excluded.poster_url`,
        transcript: sql`excluded.transcript`,
      },
    });
}
