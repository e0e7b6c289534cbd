/**
 * The one Drizzle schema: every table, one file per feature under server/db/schema/
 * (drizzle.config.ts reads that folder; migrations in drizzle/ are generated from it).
 */
export * from "./schema/accounts.server.ts";
export * from "./schema/core.server.ts";
export * from "./schema/content.server.ts";
export * from "./schema/site.server.ts";
export * from "./schema/worldseo.server.ts";
export * from "./schema/manager.server.ts";
export * from "./schema/requests.server.ts";
export * from "./schema/audit.server.ts";
export * from "./schema/chat.server.ts";
export * from "./schema/search-console.server.ts";
export * from "./schema/commerce.server.ts";
export * from "./schema/projects.server.ts";
export * from "./schema/reports.server.ts";
export * from "./schema/rank.server.ts";
export * from "./schema/speed.server.ts";
export * from "./schema/popups.server.ts";
