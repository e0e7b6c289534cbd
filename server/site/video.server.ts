import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { managerVideos } from "../db/schema.server.ts";

/** A manager's video message as the page shows it. */
export type VideoMessage = typeof managerVideos.$inferSelect;

/** The video message with `slug`, or the default one when `slug` is empty; null if none. */
export async function findVideoMessage(db: Database, slug: string | null): Promise<VideoMessage | null> {
  const where = slug ? eq(managerVideos.slug, slug) : eq(managerVideos.isDefault, true);
  const [row] = await db.select().from(managerVideos).where(where).limit(1);
  return row ?? null;
}
