import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { managers } from "./core.server.ts";

/** The personal manager assigned to each user (issue 5); a user without a row sees the default manager. */
export const managerAssignments = pgTable("manager_assignments", {
  userId: integer("user_id").primaryKey(),
  managerId: integer("manager_id")
    .notNull()
    .references(() => managers.id, { onDelete: "cascade" }),
  assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
});
