/**
 * Reports and the Dedicated SEO Dashboard (issue 11, docs/decisions/0010-reports.md): report
 * definitions, the generated files (the spec 3 "report download status item"), white-label
 * profiles, scheduled deliveries with their run history, dashboard sharing, and e-mail attachments.
 */
import { boolean, customType, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { emails } from "./accounts.server.ts";
import { projects, visitors } from "./core.server.ts";

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Report type codes of spec 3. */
export const REPORT_TYPES = ["as", "fs", "bp", "co", "wa", "ps", "ch"] as const;
/** A spec 3 report type code. */
export type ReportType = (typeof REPORT_TYPES)[number];
/** File formats a report is produced in. */
export const REPORT_FORMATS = ["pdf", "xlsx", "csv"] as const;
/** A report file format. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * White-label profile (account-level holder: user, or guest visitor). `logo` is a PNG data URL
 * resized on upload; colours are #rrggbb.
 */
export const whiteLabels = pgTable(
  "white_labels",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id"),
    visitorId: uuid("visitor_id").references(() => visitors.id, { onDelete: "set null" }),
    company: text("company").notNull(),
    logo: text("logo"),
    colorPrimary: text("color_primary").notNull().default("#1d4ed8"),
    colorAccent: text("color_accent").notNull().default("#0f766e"),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    website: text("website").notNull().default(""),
    footerText: text("footer_text").notNull().default(""),
    /** Leave Rankforge's name out of reports, e-mails and dashboards. */
    hideBrand: boolean("hide_brand").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("white_labels_user_idx").on(t.userId), index("white_labels_visitor_idx").on(t.visitorId)],
);

/** A report definition of a project (created at /reports/create, edited at /reports/edit/{pid}). */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    type: text("type").$type<ReportType>().notNull(),
    format: text("format").$type<ReportFormat>().notNull(),
    /** Days covered, ending today. */
    periodDays: smallint("period_days").notNull().default(30),
    whiteLabelId: integer("white_label_id").references(() => whiteLabels.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reports_project_idx").on(t.projectId)],
);

/** Scheduled delivery of reports by e-mail. */
export const deliveries = pgTable(
  "deliveries",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    frequency: text("frequency").$type<"daily" | "weekly" | "monthly">().notNull(),
    /** 0 = Sunday … 6 = Saturday (weekly). */
    weekday: smallint("weekday").notNull().default(1),
    /** 1–28 (monthly). */
    monthDay: smallint("month_day").notNull().default(1),
    /** "HH:MM" in `timeZone`. */
    time: text("time").notNull().default("08:00"),
    timeZone: text("time_zone").notNull().default("UTC"),
    recipients: jsonb("recipients").$type<string[]>().notNull(),
    types: jsonb("types").$type<ReportType[]>().notNull(),
    format: text("format").$type<ReportFormat>().notNull(),
    periodDays: smallint("period_days").notNull().default(30),
    whiteLabelId: integer("white_label_id").references(() => whiteLabels.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("deliveries_project_idx").on(t.projectId)],
);

/** Status of one delivery run. */
export type DeliveryRunStatus = "running" | "sent" | "failed";

/** One run of a delivery: its files, the e-mails sent, attempts and the last error. */
export const deliveryRuns = pgTable(
  "delivery_runs",
  {
    id: serial("id").primaryKey(),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => deliveries.id, { onDelete: "cascade" }),
    /** The pg-boss job that made the run (a retry of the job continues the same run). */
    jobId: text("job_id"),
    status: text("status").$type<DeliveryRunStatus>().notNull().default("running"),
    attempts: smallint("attempts").notNull().default(0),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("delivery_runs_delivery_idx").on(t.deliveryId, t.id)],
);

/**
 * A generated report file: the spec 3 "report download status item". `st` 0 queued, 2 running,
 * 1 done, 3 closed by the user (spec 4); `pr` percent progress. `reportId` (idr) is null for files
 * made by a delivery run (`deliveryId`, idrbs).
 */
export const reportFiles = pgTable(
  "report_files",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    reportId: integer("report_id").references(() => reports.id, { onDelete: "set null" }),
    deliveryId: integer("delivery_id").references(() => deliveries.id, { onDelete: "set null" }),
    runId: integer("run_id").references(() => deliveryRuns.id, { onDelete: "set null" }),
    type: text("type").$type<ReportType>().notNull(),
    format: text("format").$type<ReportFormat>().notNull(),
    periodDays: smallint("period_days").notNull(),
    whiteLabelId: integer("white_label_id").references(() => whiteLabels.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    st: smallint("st").notNull().default(0),
    pr: smallint("pr").notNull().default(0),
    content: bytea("content"),
    size: integer("size").notNull().default(0),
    error: text("error"),
    /** Set when the file went out by e-mail (delivery). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("report_files_project_idx").on(t.projectId, t.id), index("report_files_run_idx").on(t.runId)],
);

/** Dashboard sharing of a project: a revocable read-only token and the origins allowed to frame it. */
export const dashboardShares = pgTable("dashboard_shares", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  /** Random URL-safe token; null when not shared (revoked). */
  token: text("token"),
  /** Origins (scheme://host[:port]) allowed to embed the dashboard in a frame. */
  frameOrigins: jsonb("frame_origins").$type<string[]>().notNull().default([]),
  whiteLabelId: integer("white_label_id").references(() => whiteLabels.id, { onDelete: "set null" }),
});

/** A file attached to a stored e-mail (report deliveries). */
export const emailAttachments = pgTable(
  "email_attachments",
  {
    id: serial("id").primaryKey(),
    emailId: integer("email_id")
      .notNull()
      .references(() => emails.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
  },
  (t) => [index("email_attachments_email_idx").on(t.emailId)],
);
