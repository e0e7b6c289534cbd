/**
 * Google Search Console data per project (issue 10 point 4; read by best pages, insights, reports
 * and dashboards, issues 11 and 12): the property a project is connected to, and the Performance
 * rows imported from the API (searchAnalytics.query) or from a Performance export (CSV or zip).
 */
import { date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { projects } from "./core.server.ts";

/** How a project's Search Console data arrives. */
export type SearchConsoleSource = "oauth" | "import";

/** A project's Search Console property. OAuth tokens are stored encrypted (never in logs). */
export const searchConsoleProperties = pgTable("search_console_properties", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  /** The property as Search Console names it: "sc-domain:example.com" or "https://example.com/". */
  siteUrl: text("site_url").notNull(),
  source: text("source").$type<SearchConsoleSource>().notNull(),
  /** The Google account that granted access (OAuth), for display. */
  accountEmail: text("account_email"),
  /** AES-GCM encrypted OAuth refresh token (server/search-console), null for imports. */
  refreshTokenEncrypted: text("refresh_token_encrypted"),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
  lastImportAt: timestamp("last_import_at", { withTimezone: true }),
  /** Last import error shown to the owner, null after a successful import. */
  lastError: text("last_error"),
});

/**
 * One Performance row: a day × query × page × device × country with its clicks, impressions and
 * average position (impression-weighted when aggregated; CTR is clicks / impressions, never stored).
 * Dimensions a source does not give are "" (e.g. an export's page-only table has query "").
 */
export const searchConsoleRows = pgTable(
  "search_console_rows",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    query: text("query").notNull().default(""),
    page: text("page").notNull().default(""),
    /** DESKTOP, MOBILE, TABLET (as the API names them), or "". */
    device: text("device").notNull().default(""),
    /** ISO 3166-1 alpha-3 in lower case, as the API gives it (e.g. "usa"), or "". */
    country: text("country").notNull().default(""),
    clicks: integer("clicks").notNull(),
    impressions: integer("impressions").notNull(),
    /** Average position of the row (1 = top). */
    position: doublePrecision("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.date, t.query, t.page, t.device, t.country] }),
    index("search_console_rows_page_idx").on(t.projectId, t.page, t.date),
  ],
);
