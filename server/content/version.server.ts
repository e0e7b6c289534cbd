/**
 * The content version (issue 14 point 3): one number that changes whenever anything an anonymous
 * visitor sees on a page changes in the database (interface texts, blog posts, prices, approved
 * reviews…). Caches of what is the same for every anonymous visitor (rendered marketing pages,
 * texts per language) key on it, so a change invalidates them exactly, at once.
 *
 * Every writer of such content calls `contentChanged` after its write commits: it bumps this
 * process's version and sends a PostgreSQL NOTIFY on `rf_content_changed`, which every other
 * process on the same database (a worker, the reviews CLI against a PostgreSQL server) receives
 * through `listenContentChanges` and bumps its own version too.
 */
import pg from "pg";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.server.ts";

/** The NOTIFY channel carrying content changes between processes. */
export const CONTENT_CHANNEL = "rf_content_changed";

let version = 0;

/** This process's content version: a counter, bumped by every content change seen here. */
export function contentVersion(): number {
  return version;
}

/** Bumps the version without telling other processes (a NOTIFY received, or a test). */
export function bumpContentVersion(): void {
  version++;
}

/** Call after a committed write to content that anonymous pages show. Never throws on NOTIFY failure. */
export async function contentChanged(db: Database): Promise<void> {
  version++;
  await db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`).catch(() => undefined);
}

/**
 * Listens for content changes made by other processes on the same database: PGlite's own listener
 * when embedded, a dedicated node-postgres connection on a server. Returns the function that stops.
 */
export async function listenContentChanges(database: DatabaseHandle): Promise<() => Promise<void>> {
  if (database.pglite) return database.pglite.listen(CONTENT_CHANNEL, bumpContentVersion);
  const client = new pg.Client({ connectionString: database.connectionString });
  client.on("notification", bumpContentVersion);
  // A lost connection may have missed notifications: treat it as a change.
  client.on("error", bumpContentVersion);
  await client.connect();
  await client.query(`listen ${CONTENT_CHANNEL}`);
  return () => client.end();
}
