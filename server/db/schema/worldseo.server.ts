import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Public SEO overviews (/worldwideseo/{url}, /worldseo/{url}; issue 4): the analyzer's report of
 * a site's home page, cached for a day per host.
 */
export const seoOverviews = pgTable("seo_overviews", {
  host: text("host").primaryKey(),
  url: text("url").notNull(),
  /** AnalyzerReport (server/analyzer/types.ts), or null when the site could not be analysed. */
  report: jsonb("report"),
  error: text("error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** New overviews started per client IP and hour, for the rate limit (WORLDSEO_HOURLY_LIMIT). */
export const seoOverviewHits = pgTable(
  "seo_overview_hits",
  {
    ip: text("ip").notNull(),
    /** Start of the hour, UTC. */
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [index("seo_overview_hits_key").on(t.ip, t.hour)],
);
