/**
 * Page speed (issue 12): one Lighthouse test of a URL (N runs on mobile and desktop, the median run
 * kept with the spread), the project's speed budget, and the to-do states of insights.
 */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { projects, visitors } from "./core.server.ts";

/** Lifecycle of a speed test: queued → running → done, or failed (the error is kept). */
export type SpeedTestStatus = "queued" | "running" | "done" | "failed";

/**
 * One speed test. `mobile` / `desktop` are SpeedResult (server/speed/model.ts) once done;
 * `field` is FieldData when a PageSpeed Insights key is configured (null otherwise).
 */
export const speedTests = pgTable(
  "speed_tests",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    visitorId: uuid("visitor_id").references(() => visitors.id, { onDelete: "set null" }),
    userId: integer("user_id"),
    url: text("url").notNull(),
    /** Lighthouse runs per form factor (the median one is reported). */
    runs: integer("runs").notNull(),
    /** Path template of a site-speed sample ("/docs/*"), null for a single test. */
    template: text("template"),
    /** The site speed run this sample belongs to (null for a single test). */
    siteRunId: integer("site_run_id"),
    status: text("status").$type<SpeedTestStatus>().notNull().default("queued"),
    error: text("error"),
    mobile: jsonb("mobile"),
    desktop: jsonb("desktop"),
    field: jsonb("field"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("speed_tests_project_idx").on(t.projectId, t.createdAt), index("speed_tests_status_idx").on(t.status, t.id)],
);

/** A budget limit broken by a site speed run: the template's median (mobile) against the limit. */
export interface BudgetBreach {
  template: string;
  metric: "lcp" | "tbt" | "cls" | "performance";
  value: number;
  limit: number;
}

/**
 * One site speed run of a project (issue 12.2): a sample of pages per template queued at once, by
 * hand or by the project's schedule; finished when its last test ends, then checked against the
 * project's budget (breaches kept, the alert e-mail sent once).
 */
export const siteSpeedRuns = pgTable(
  "site_speed_runs",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    trigger: text("trigger").$type<"manual" | "schedule">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    breaches: jsonb("breaches").$type<BudgetBreach[]>(),
    alertedAt: timestamp("alerted_at", { withTimezone: true }),
  },
  (t) => [index("site_speed_runs_project_idx").on(t.projectId, t.id)],
);

/** How often a project's site speed is sampled by its schedule (pg-boss, UTC), and how many pages per template. */
export const siteSpeedSchedules = pgTable("site_speed_schedules", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  frequency: text("frequency").$type<"daily" | "weekly" | "monthly">().notNull(),
  perTemplate: integer("per_template").notNull().default(3),
});

/** A project's speed budget (spec: e.g. LCP ≤ 2.5 s): limits in ms (CLS unitless), null = no limit. */
export const speedBudgets = pgTable("speed_budgets", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  lcpMs: integer("lcp_ms"),
  tbtMs: integer("tbt_ms"),
  /** CLS × 1000 (integer), e.g. 100 = 0.1. */
  clsMilli: integer("cls_milli"),
  minPerformance: integer("min_performance"),
});

/** What the owner did with an insight: "done" or "ignored", remembered across audits by its key. */
export const insightStates = pgTable(
  "insight_states",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Stable key of the insight (kind + subject), e.g. "audit-error:missing-title:https://x/". */
    key: text("key").notNull(),
    state: text("state").$type<"done" | "ignored">().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.key] })],
);
