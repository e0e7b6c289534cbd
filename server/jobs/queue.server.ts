import { PgBoss, fromPglite } from "pg-boss";
import type { DatabaseHandle } from "../db/client.server.ts";
import type { Logger } from "../log.server.ts";

export type { PgBoss };

/**
 * Creates the pg-boss job queue on the application's database: through pg-boss's PGlite adapter
 * when embedded (the adapter returns the rows of every statement of a multi-statement query),
 * or its own pool when a PostgreSQL server is configured. Call `start()` before use.
 */
export function createJobQueue(handle: DatabaseHandle, log: Logger): PgBoss {
  const boss = handle.pglite
    ? new PgBoss({ db: fromPglite(handle.pglite), backend: "pglite", schema: "pgboss" })
    : new PgBoss({ connectionString: handle.connectionString!, schema: "pgboss", max: 5 });
  boss.on("error", (err: unknown) => log.error({ err }, "job queue error"));
  return boss;
}
