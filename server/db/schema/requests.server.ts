import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { managers } from "./core.server.ts";

/** Spec 3 "Tracking info" as stored with a request. */
export interface StoredTracking {
  href: string;
  referrer: string;
  get: string;
  ref: string;
}

/**
 * A manager request (spec 3 "Manager request form payload", spec 7 POST /api/support/blockrequest).
 * `userId` is 0 for a guest whose e-mail did not create or match an account.
 */
export const managerRequests = pgTable(
  "manager_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().default(0),
    managerId: integer("manager_id").references(() => managers.id, { onDelete: "set null" }),
    /** Spec 3 request subject type value (typeRequest, default 1). */
    subjectType: smallint("subject_type").notNull().default(1),
    username: text("username").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    countryCode: text("country_code").notNull().default(""),
    message: text("message").notNull().default(""),
    website: text("website").notNull().default(""),
    page: text("page").notNull().default(""),
    fromPage: text("from_page").notNull().default(""),
    /** Spec 3 `custom`: extra context attached by the caller that opened the popup. */
    custom: text("custom").notNull().default(""),
    tracking: jsonb("tracking").$type<StoredTracking>(),
    /** Whether the request created a new user (spec 7 `newu`). */
    createdUser: integer("created_user").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("manager_requests_user_idx").on(t.userId), index("manager_requests_manager_idx").on(t.managerId)],
);

/** Analytics events (spec 7 "An analytics event is sent after a request is sent"). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    userId: integer("user_id").notNull().default(0),
    /** The page path the event is reported for (the request form reports the contact page path). */
    path: text("path").notNull().default(""),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("analytics_events_name_idx").on(t.name, t.createdAt)],
);
