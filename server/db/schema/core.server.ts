import { sql } from "drizzle-orm";
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  index,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Supported interface languages (spec 2 "Language handling"). `code` is the URL prefix. */
export const languages = pgTable("languages", {
  code: text("code").primaryKey(),
  bcp47: text("bcp47").notNull(),
  name: text("name").notNull(),
  nativeName: text("native_name").notNull(),
  /** Date-picker settings sent with /api/main/get `languages` (spec 7); overrides exist for en and ru. */
  datepicker: jsonb("datepicker").$type<{ dateFormat: string; firstDay: number }>().notNull(),
  position: smallint("position").notNull(),
});

/** Interface texts by numeric text id and language (spec 7 /api/main/get). */
export const texts = pgTable(
  "texts",
  {
    lang: text("lang").notNull(),
    id: integer("id").notNull(),
    group: text("group").notNull().default("common"),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.id] }), index("texts_group_idx").on(t.group, t.lang)],
);

/** Personal managers (spec 3 "Manager record"); one row is the default manager. */
export const managers = pgTable("managers", {
  id: serial("id").primaryKey(),
  uId: integer("u_id").notNull().default(0),
  img: text("img").notNull().default(""),
  emailName: text("email_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  workLang: text("work_lang").notNull().default("en"),
  whatsapp: text("whatsapp").notNull().default(""),
  skype: text("skype").notNull().default(""),
  telegram: text("telegram").notNull().default(""),
  viber: text("viber").notNull().default(""),
  zalo: text("zalo").notNull().default(""),
  fbMessenger: text("fb_messenger").notNull().default(""),
  wechat: text("wechat").notNull().default(""),
  isDefault: boolean("is_default").notNull().default(false),
});

/** Request subject types (spec 3): value and label. */
export const requestSubjectTypes = pgTable("request_subject_types", {
  id: integer("id").primaryKey(),
  label: text("label").notNull(),
});

/** Price tables (spec 3), in USD cents. `tier` is "" for single-tier packages. */
export const pricePlans = pgTable(
  "price_plans",
  {
    id: serial("id").primaryKey(),
    package: text("package").notNull(),
    tier: text("tier").notNull().default(""),
    months: smallint("months").notNull(),
    days: smallint("days").notNull(),
    priceCents: integer("price_cents").notNull(),
    regularCents: integer("regular_cents"),
    discountPercent: smallint("discount_percent").notNull().default(0),
    bestDeal: boolean("best_deal").notNull().default(false),
    productKey: text("product_key").notNull(),
    link: text("link").notNull(),
  },
  (t) => [uniqueIndex("price_plans_key").on(t.productKey)],
);

/** Anonymous visitors (guest sessions, signed cookie) that own the projects they add. */
export const visitors = pgTable("visitors", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Domains refused by check_site (spec 4 "banned-domain check", popup type 4). */
export const bannedDomains = pgTable("banned_domains", {
  domain: text("domain").primaryKey(),
  reason: text("reason").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A website a visitor or user tracks (spec 2 /project, /addproject). */
export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    visitorId: uuid("visitor_id").references(() => visitors.id, { onDelete: "set null" }),
    userId: integer("user_id"),
    domain: text("domain").notNull(),
    url: text("url").notNull(),
    /** Name the owner gave the project (issue 8.5); null shows the domain. */
    name: text("name"),
    /** Project group (project_groups.id, server/db/schema/projects.server.ts); null: no group. Cleared when the group is deleted. */
    groupId: integer("group_id"),
    /** When auto=1 started the first whole-site audit (issue 8.7): set once, so it starts only once. */
    autoAuditAt: timestamp("auto_audit_at", { withTimezone: true }),
    /** Spec 3 tracking info captured when the project was added. */
    tracking: jsonb("tracking").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("projects_visitor_idx").on(t.visitorId), index("projects_user_idx").on(t.userId)],
);

/** Lifecycle of a background page analysis. */
export type AnalysisStatus = "queued" | "running" | "done" | "failed";

/** One on-page analysis of a URL (the job behind add_site_wow). `result` is an AnalyzerReport. */
export const pageAnalyses = pgTable(
  "page_analyses",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    status: text("status").$type<AnalysisStatus>().notNull().default("queued"),
    /** Percent, 0-100. */
    progress: smallint("progress").notNull().default(0),
    result: jsonb("result"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("page_analyses_project_idx").on(t.projectId, t.id)],
);
