/**
 * Popup notices already written (spec 4 popup codes, docs/decisions/0011-popup-codes.md): one row
 * per user and occasion, so a daily job writes a code once per occasion (e.g. code 11 once per paid
 * period that ends soon) even after the user dismissed the popup.
 */
import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.server.ts";

export const popupNotices = pgTable(
  "popup_notices",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The occasion, e.g. "plan-ends-soon:42:2026-12-01T00:00:00.000Z" (order id and end of its period). */
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
