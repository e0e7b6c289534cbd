/**
 * Rank tracking (issue 10): a project's search engines (spec 2 /addengine/{ids}, spec 3 "ids =
 * search engines"), its keywords with tags and target URL, its competitors, one rank check per
 * keyword × engine × day, the project's tracking settings (time zone, alert rules, webhook) and the
 * alerts raised by checks.
 */
import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { projects } from "./core.server.ts";

/** Search engine types a provider can query. Another provider may add more (e.g. "yahoo"). */
export type EngineType = "google" | "bing" | "yandex";

/** Device a search is made from. */
export type RankDevice = "desktop" | "mobile";

/** One search engine a project is tracked in: engine type, country, language, optional city, device. */
export const rankEngines = pgTable(
  "rank_engines",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    engine: text("engine").$type<EngineType>().notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text("country").notNull(),
    /** ISO 639-1, lower case. */
    language: text("language").notNull(),
    /** GeoNames id of the city (server/rank/locations.server.ts), null for the whole country. */
    locationCode: integer("location_code"),
    /** Canonical location as providers take it ("Berlin,Berlin,Germany"), "" for the whole country. */
    location: text("location").notNull().default(""),
    device: text("device").$type<RankDevice>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rank_engines_unique").on(t.projectId, t.engine, t.country, t.language, t.location, t.device),
    index("rank_engines_project_idx").on(t.projectId),
  ],
);

/** A tracked keyword of a project, with its tags and the URL that should rank for it. */
export const rankKeywords = pgTable(
  "rank_keywords",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    keyword: text("keyword").notNull(),
    /** Absolute URL expected to rank; null: any page of the project's domain. */
    targetUrl: text("target_url"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("rank_keywords_unique").on(t.projectId, t.keyword), index("rank_keywords_project_idx").on(t.projectId)],
);

/** A competitor domain of a project, whose positions are tracked on the same keywords. */
export const rankCompetitors = pgTable(
  "rank_competitors",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Host name without "www.", lower case. */
    domain: text("domain").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("rank_competitors_unique").on(t.projectId, t.domain)],
);

/** Outcome of one check: claimed by a worker (pending), a position (or not ranked within the depth), or an error. */
export type RankCheckStatus = "pending" | "ok" | "error";

/**
 * One check of a keyword in an engine on a day (the project's local date): at most one row per
 * keyword × engine × day, so a check is idempotent. `position` is the absolute 1-based organic rank
 * ((page−1)×10 + index + 1), null when not found within `depth` or on error.
 */
export const rankChecks = pgTable(
  "rank_checks",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    keywordId: integer("keyword_id")
      .notNull()
      .references(() => rankKeywords.id, { onDelete: "cascade" }),
    engineId: integer("engine_id")
      .notNull()
      .references(() => rankEngines.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").$type<RankCheckStatus>().notNull(),
    position: smallint("position"),
    /** The ranking URL found, or null. */
    url: text("url"),
    /** SERP features present on the pages read (featured_snippet, local_pack, people_also_ask, video, images…). */
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Features held by the project's domain. */
    ownFeatures: text("own_features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Competitor domain → absolute rank (null: not found). */
    competitors: jsonb("competitors").$type<Record<string, number | null>>().notNull().default({}),
    searchVolume: integer("search_volume"),
    provider: text("provider").notNull(),
    /** Result pages requested and how many of them failed. */
    pages: smallint("pages").notNull().default(0),
    pagesFailed: smallint("pages_failed").notNull().default(0),
    /** HTTP requests made to the provider, retries included. */
    providerCalls: smallint("provider_calls").notNull().default(0),
    error: text("error"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rank_checks_unique").on(t.keywordId, t.engineId, t.day),
    index("rank_checks_project_day_idx").on(t.projectId, t.day),
  ],
);

/** A project's rank tracking settings: when the daily check runs and how alerts are delivered. */
export const rankSettings = pgTable("rank_settings", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  /** IANA time zone the daily check and its "day" follow. */
  timeZone: text("time_zone").notNull().default("UTC"),
  /** Local hour (0–23) the daily check starts. */
  checkHour: smallint("check_hour").notNull().default(6),
  /** Alert on a move of at least this many places. */
  moveThreshold: smallint("move_threshold").notNull().default(5),
  /** Webhook that receives alerts (signed, X-Rankforge-Signature), or null. */
  webhookUrl: text("webhook_url"),
  /** HMAC-SHA256 key of the webhook signature (shown to the owner once set). */
  webhookSecret: text("webhook_secret"),
});

/** Kinds of alert a check can raise (issue 10 point 7). */
export type RankAlertKind = "entered_top" | "left_top" | "moved" | "url_changed" | "provider_failing";

/** One alert, raised once per keyword × engine × day × kind; `sentAt` set once delivered by e-mail digest. */
export const rankAlerts = pgTable(
  "rank_alerts",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    keywordId: integer("keyword_id").references(() => rankKeywords.id, { onDelete: "cascade" }),
    engineId: integer("engine_id").references(() => rankEngines.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").$type<RankAlertKind>().notNull(),
    /** One line in English for the digest and the webhook. */
    message: text("message").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    webhookStatus: smallint("webhook_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rank_alerts_unique").on(t.projectId, t.keywordId, t.engineId, t.day, t.kind),
    index("rank_alerts_project_idx").on(t.projectId, t.id),
  ],
);
