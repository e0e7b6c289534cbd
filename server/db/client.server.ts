import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { projectRoot } from "../lib/paths.server.ts";
import * as schema from "./schema.server.ts";

/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database connection: Drizzle, the raw driver for pg-boss, and a closer. */
export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Set when embedded: pg-boss talks to it through its PGlite adapter. */
  pglite?: PGlite;
  /** Set when a server: pg-boss opens its own pool on it. */
  connectionString?: string;
  migrate(): Promise<void>;
  /** Round-trips `select 1`; false when the database does not answer. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Where the database lives: a PostgreSQL URL, a PGlite directory, or "memory://" (tests). */
export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

const migrationsFolder = () => path.join(projectRoot(), "drizzle");

/**
 * Settings of the embedded database (issue 14 point 3, decision 0017). PostgreSQL zero-fills its
 * shared memory at start, so shared_buffers is resident in full for the life of the process
 * (measured: 32 MB → 47 MB of PGlite's linear memory resident, 16 MB → 29 MB). The rest of the
 * seeded database (29 MB) stays in the OS page cache, a read away; `bench:server`'s POST
 * /api/main/get kept its throughput.
 */
export const PGLITE_CONF = ["shared_buffers=16MB"];

/**
 * Creates a new PGlite data directory in a short-lived child process: PGlite keeps the memory its
 * initdb step used (~250 MB RSS) for the life of the process that ran it. Skipped where the module
 * cannot be resolved to a file (then PGlite runs initdb itself).
 */
function initdbInChild(dataDir: string): void {
  let url: string;
  try {
    url = import.meta.resolve("@electric-sql/pglite");
  } catch {
    return;
  }
  const script = "const { PGlite } = await import(process.argv[1]); await (await PGlite.create({ dataDir: process.argv[2] })).close();";
  execFileSync(process.execPath, ["--input-type=module", "-e", script, url, dataDir], { stdio: "inherit" });
}

/**
 * Opens the database: node-postgres when `databaseUrl` is set, otherwise embedded PGlite under
 * `dataDir/pg` ("memory://" keeps it in memory). The same schema and migrations serve both.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      connectionString: opts.databaseUrl,
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      ping: async () =>
        pool.query("select 1").then(
          () => true,
          () => false,
        ),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir !== "memory://") {
    dataDir = path.resolve(opts.dataDir, "pg");
    mkdirSync(dataDir, { recursive: true });
  }
  // Loaded only when embedded: the PGlite module alone takes ~250 MB of memory in a process that
  // talks to a PostgreSQL server (workers, benchmarks).
  const [{ PGlite: PGliteClass }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  if (dataDir && !existsSync(path.join(dataDir, "PG_VERSION"))) initdbInChild(dataDir);
  const client = await PGliteClass.create({ ...(dataDir ? { dataDir } : {}), postgresqlconf: PGLITE_CONF });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () =>
      client.query("select 1").then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
  };
}
