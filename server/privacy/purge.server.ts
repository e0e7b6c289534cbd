/**
 * What the privacy policy (section 7 "How long we keep data") promises, done by a scheduled job
 * (issue 9 "keep them closed"): accounts deleted longer ago than the restore link lives
 * ({@link RESTORE_TOKEN_TTL_MS}: 30 days to restore, erased within the following 60) are erased
 * with their sessions and sign-in methods; rate-limit counters whose window has ended are
 * removed; stored e-mails (addresses, links) older than {@link EMAIL_RETENTION_MS} are removed.
 */
import { and, isNotNull, lt } from "drizzle-orm";
import { RESTORE_TOKEN_TTL_MS } from "../accounts/restore-token.server.ts";
import { emails, rateLimits, users } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";

/** Stored e-mails are kept this long (the policy's 90 days for logs carrying addresses), in ms. */
export const EMAIL_RETENTION_MS = 90 * 24 * 3600 * 1000;
/** When the purge runs: every day at 03:17 UTC (pg-boss cron). */
export const PURGE_CRON = "17 3 * * *";

/** Rows removed by one purge. */
export interface PurgeResult {
  users: number;
  rateLimits: number;
  emails: number;
}

/** Removes the expired data described in the module comment, as of `now`. Idempotent. */
export async function purgeExpiredData(opts: { services: Services; now?: Date }): Promise<PurgeResult> {
  const { db } = opts.services;
  const now = opts.now ?? new Date();
  const erased = await db
    .delete(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, new Date(now.getTime() - RESTORE_TOKEN_TTL_MS))))
    .returning({ id: users.id });
  const limits = await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key });
  const mails = await db
    .delete(emails)
    .where(lt(emails.createdAt, new Date(now.getTime() - EMAIL_RETENTION_MS)))
    .returning({ id: emails.id });
  return { users: erased.length, rateLimits: limits.length, emails: mails.length };
}
