/**
 * `npm run reviews -- list [--status pending|approved|rejected] [--json]` — reviews for moderation.
 * `npm run reviews -- approve <id>` / `npm run reviews -- reject <id>` — publish or refuse one.
 *
 * Uses the same database as the server (DATABASE_URL, else PGlite under DATA_DIR: an embedded
 * database can only be opened by one process, so stop the server first or use PostgreSQL).
 * Exit codes: 0 done, 1 unknown review id, 2 bad usage.
 */
import { badUsage, parseAdminArgs, withAdminDatabase } from "./admin-cli.server.ts";
import type { ReviewStatus } from "../db/schema.server.ts";
import { listReviews, moderateReview } from "../reviews/reviews.server.ts";

const USAGE = `Usage: npm run reviews -- list [--status pending|approved|rejected] [--json]
       npm run reviews -- approve <id>
       npm run reviews -- reject <id>`;

const STATUSES: readonly ReviewStatus[] = ["pending", "approved", "rejected"];

/** Runs the CLI with the given arguments; sets process.exitCode. */
export async function main(argv: string[]): Promise<void> {
  const parsed = parseAdminArgs("reviews", USAGE, argv, { status: { type: "string" }, json: { type: "boolean", default: false } });
  if (!parsed) return;
  const [command, idText, ...rest] = parsed.positionals;
  const status = parsed.values.status as ReviewStatus | undefined;
  const id = Number(idText);
  const valid =
    (command === "list" && idText === undefined && (status === undefined || STATUSES.includes(status))) ||
    ((command === "approve" || command === "reject") && Number.isSafeInteger(id) && id > 0 && rest.length === 0);
  if (!valid) return badUsage(USAGE);
  await withAdminDatabase("reviews", async (db) => {
    if (command === "list") {
      const rows = await listReviews(db, status);
      if (parsed.values.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else if (rows.length === 0) process.stdout.write("No reviews.\n");
      else
        for (const r of rows)
          process.stdout.write(
            `#${r.id} [${r.status}] ${"★".repeat(r.rating)}${"☆".repeat(5 - r.rating)} ${r.product} · ${r.name} <${r.email}> · ${r.lang} · ${r.createdAt.toISOString()} · ip ${r.ip || "-"}\n    ${r.body.replace(/\s+/g, " ")}\n`,
          );
    } else {
      await moderateReview(db, id, command === "approve" ? "approved" : "rejected");
      process.stdout.write(`Review #${id} ${command === "approve" ? "approved: it is now shown" : "rejected: it will not be shown"}.\n`);
    }
  });
}

if (import.meta.main) await main(process.argv.slice(2));
