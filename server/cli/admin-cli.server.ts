/**
 * The common frame of the administration commands (`npm run reviews`, `npm run resellers`): argument
 * parsing with the usage text on error, and one run against the server's database (DATABASE_URL,
 * else PGlite under DATA_DIR). Exit codes: 1 when the run throws AppError "not_found", 2 bad usage.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { openDatabase } from "../db/client.server.ts";
import type { Database } from "../db/client.server.ts";
import { type Env, parseEnv } from "../env.server.ts";
import { AppError } from "../errors.server.ts";

/** Parses `argv` with `options`; on a parse error prints it with `usage` and returns null (exit code 2). */
export function parseAdminArgs<O extends NonNullable<ParseArgsConfig["options"]>>(name: string, usage: string, argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options });
  } catch (err) {
    process.stderr.write(`${name}: ${(err as Error).message}\n\n${usage}\n`);
    process.exitCode = 2;
    return null;
  }
}

/** Prints `usage` and sets exit code 2. */
export function badUsage(usage: string): void {
  process.stderr.write(`${usage}\n`);
  process.exitCode = 2;
}

/** Runs `work` on the migrated database; an AppError "not_found" is printed and sets exit code 1. */
export async function withAdminDatabase(name: string, work: (db: Database, env: Env) => Promise<void>): Promise<void> {
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    await work(database.db, env);
  } catch (err) {
    if (!(err instanceof AppError && err.code === "not_found")) throw err;
    process.stderr.write(`${name}: ${err.message}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
