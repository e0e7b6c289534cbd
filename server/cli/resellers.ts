/**
 * The reseller programme's administration (issue 13.9):
 * `npm run resellers -- list [--json]` — every reseller with its discount;
 * `npm run resellers -- add <email> [--discount <percent>]` — makes the account a reseller (without
 *   --discount it gets RESELLER_DISCOUNT_PERCENT, also when that changes later), or changes its rate;
 * `npm run resellers -- remove <email>` — ends the status (orders and their discounts stay).
 *
 * Uses the same database as the server (DATABASE_URL, else PGlite under DATA_DIR: an embedded
 * database can only be opened by one process, so stop the server first or use PostgreSQL).
 * Exit codes: 0 done, 1 unknown account, 2 bad usage.
 */
import { badUsage, parseAdminArgs, withAdminDatabase } from "./admin-cli.server.ts";
import { listResellers, removeReseller, setReseller } from "../commerce/reseller.server.ts";

const USAGE = `Usage: npm run resellers -- list [--json]
       npm run resellers -- add <email> [--discount <percent 0-90>]
       npm run resellers -- remove <email>`;

/** Runs the CLI with the given arguments; sets process.exitCode. */
export async function main(argv: string[]): Promise<void> {
  const parsed = parseAdminArgs("resellers", USAGE, argv, { discount: { type: "string" }, json: { type: "boolean", default: false } });
  if (!parsed) return;
  const [command, email, ...rest] = parsed.positionals;
  const discount = parsed.values.discount === undefined ? null : Number(parsed.values.discount);
  const valid =
    rest.length === 0 &&
    ((command === "list" && email === undefined && discount === null) ||
      (command === "add" && !!email && (discount === null || (Number.isInteger(discount) && discount >= 0 && discount <= 90))) ||
      (command === "remove" && !!email && discount === null));
  if (!valid) return badUsage(USAGE);
  await withAdminDatabase("resellers", async (db, env) => {
    if (command === "list") {
      const rows = await listResellers(db);
      if (parsed.values.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else if (rows.length === 0) process.stdout.write("No resellers.\n");
      else
        for (const r of rows)
          process.stdout.write(
            `#${r.userId} ${r.email} · ${r.discountPercent ?? `${env.RESELLER_DISCOUNT_PERCENT} (default)`} % · since ${r.since}\n`,
          );
    } else if (command === "add") {
      const id = await setReseller(db, email!, discount);
      process.stdout.write(`${email} (#${id}) is a reseller at ${discount ?? `${env.RESELLER_DISCOUNT_PERCENT} (default)`} %.\n`);
    } else {
      await removeReseller(db, email!);
      process.stdout.write(`${email} is no longer a reseller.\n`);
    }
  });
}

if (import.meta.main) await main(process.argv.slice(2));
