import { index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { managers, visitors } from "./core.server.ts";

/** One conversation between a visitor (guest cookie or signed-in user) and their personal manager (issue 5 chat). */
export const chatThreads = pgTable(
  "chat_threads",
  {
    id: serial("id").primaryKey(),
    /** The guest visitor who started the thread (null for a signed-in user's thread). */
    visitorId: uuid("visitor_id").references(() => visitors.id, { onDelete: "cascade" }),
    /** The signed-in user who owns the thread (null for a guest thread). */
    userId: integer("user_id"),
    managerId: integer("manager_id")
      .notNull()
      .references(() => managers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_threads_visitor_idx").on(t.visitorId), index("chat_threads_user_idx").on(t.userId)],
);

/** One chat message; `author` is "visitor" or "manager". */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["visitor", "manager"] }).notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_messages_thread_idx").on(t.threadId, t.id)],
);
