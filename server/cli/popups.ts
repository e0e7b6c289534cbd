/**
 * `npm run popups -- set <email> <code,code,…>` — support staff set the popup codes a user sees
 * next on best-pages, analyzer, page-speed and project (spec 4; docs/decisions/0011-popup-codes.md).
 * `npm run popups -- set <email> ""` clears them. `npm run popups -- codes` lists the codes.
 *
 * Uses the same database as the server (DATABASE_URL, else PGlite under DATA_DIR: stop the server
 * first or use PostgreSQL). Exit codes: 0 done, 1 unknown user or code, 2 bad usage.
 */
import { openDatabase } from "../db/client.server.ts";
import { parseEnv } from "../env.server.ts";
import { AppError } from "../errors.server.ts";
import { POPUP_EVENTS, setPopupCodes } from "../popups/codes.server.ts";

const USAGE = `Usage: npm run popups -- set <email> <code,code,…>   (an empty list clears them)
       npm run popups -- codes`;

/** Runs the CLI with the given arguments; sets process.exitCode. */
export async function main(argv: string[]): Promise<void> {
  const [command, email, list, ...rest] = argv;
  if (command === "codes" && email === undefined) {
    for (const [event, e] of Object.entries(POPUP_EVENTS)) process.stdout.write(`${e.code}\t${event}\tpopup type ${e.popup}\n`);
    return;
  }
  const codes = (list ?? "")
    .split(",")
    .filter((s) => s.trim() !== "")
    .map(Number);
  if (command !== "set" || !email || list === undefined || rest.length > 0 || codes.some((c) => !Number.isSafeInteger(c))) {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const r = await setPopupCodes(database.db, email, codes);
    process.stdout.write(`User #${r.userId}: popup codes [${r.popups.join(", ")}].\n`);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    process.stderr.write(`popups: ${err.message}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (import.meta.main) await main(process.argv.slice(2));
