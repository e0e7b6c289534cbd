import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { users } from "../db/schema.server.ts";

/**
 * Marks the user's first popup code as shown (spec 4): drops it from the user's popups list when
 * it is `code`, so the next page shows the next code's popup. Returns whether a code was dropped.
 */
export async function dismissFirstPopup(db: Database, userId: number, code: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ popups: sql`${users.popups} - 0` })
    .where(and(eq(users.id, userId), sql`(${users.popups}->>0)::int = ${code}`))
    .returning({ id: users.id });
  return rows.length > 0;
}
