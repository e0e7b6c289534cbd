/**
 * Projects workspace (issue 8.5, 8.6): project groups and site ownership verification.
 * The projects table itself lives in core.server.ts.
 */
import { index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { projects, visitors } from "./core.server.ts";

/** A named group of projects (spec 2 /project/group), held like a project: by a user, else by a guest visitor. */
export const projectGroups = pgTable(
  "project_groups",
  {
    id: serial("id").primaryKey(),
    visitorId: uuid("visitor_id").references(() => visitors.id, { onDelete: "set null" }),
    userId: integer("user_id"),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_groups_visitor_idx").on(t.visitorId), index("project_groups_user_idx").on(t.userId)],
);

/** How a site's ownership was proven (spec 2 /addproject/{vald}). */
export type VerificationMethod = "meta" | "file" | "dns";

/** Site ownership verification of a project: the token to publish and the state of the last check. */
export const projectVerifications = pgTable("project_verifications", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  /** Random token (base64url) the owner publishes by one of the three methods. */
  token: text("token").notNull(),
  /** The method that proved ownership, null while unverified. */
  method: text("method").$type<VerificationMethod>(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  checkedAt: timestamp("checked_at", { withTimezone: true }),
  /** Why the last check failed, per method, e.g. { meta: "tag not found" }. */
  lastResult: text("last_result"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
