/**
 * What the privacy policy (section 7 "How long we keep data") promises, done by a scheduled job
 * (issue 9 "keep them closed"): accounts deleted longer ago than the restore link lives
 * ({@link RESTORE_TOKEN_TTL_MS}: 30 days to restore, erased within the following 60) are erased
 * with their sessions and sign-in methods; rate-limit counters whose window has ended are
 * removed; stored e-mails (addresses, links) older than LOG_RETENTION_DAYS (default 90) are removed.
 * Access traces: expired sessions (with their IP address and user agent) and hourly overview
 * counters per IP older than a day are removed; review IP addresses are blanked and rejected
 * reviews removed after LOG_RETENTION_DAYS. Orphans: guest visitors not seen for longer than their
 * cookie lives (1 year) are removed, then projects left with neither an owner nor a visitor
 * (with everything that hangs off them).
 */
import { and, eq, isNotNull, isNull, lt, ne } from "drizzle-orm";
import { RESTORE_TOKEN_TTL_MS } from "../accounts/restore-token.server.ts";
import { emails, projects, rateLimits, reviews, seoOverviewHits, sessions, users, visitors } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";

const DAY_MS = 24 * 3600 * 1000;
/** Stored e-mails are kept this long by default (LOG_RETENTION_DAYS, the policy's 90 days for logs carrying addresses), in ms. */
export const EMAIL_RETENTION_MS = 90 * DAY_MS;
/** A guest visitor not seen for this long has lost its cookie (rf_vid lives 1 year), in ms. */
export const VISITOR_RETENTION_MS = 365 * DAY_MS;
/** When the purge runs: every day at 03:17 UTC (pg-boss cron). */
export const PURGE_CRON = "17 3 * * *";

/** Rows removed (or, for review addresses, blanked) by one purge. */
export interface PurgeResult {
  users: number;
  rateLimits: number;
  emails: number;
  sessions: number;
  overviewHits: number;
  reviewAddresses: number;
  rejectedReviews: number;
  visitors: number;
  orphanProjects: number;
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
  const logCutoff = new Date(now.getTime() - opts.services.env.LOG_RETENTION_DAYS * DAY_MS);
  const mails = await db.delete(emails).where(lt(emails.createdAt, logCutoff)).returning({ id: emails.id });
  const expiredSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const hits = await db
    .delete(seoOverviewHits)
    .where(lt(seoOverviewHits.hour, new Date(now.getTime() - DAY_MS)))
    .returning({ ip: seoOverviewHits.ip });
  const rejected = await db
    .delete(reviews)
    .where(and(eq(reviews.status, "rejected"), lt(reviews.createdAt, logCutoff)))
    .returning({ id: reviews.id });
  const blanked = await db
    .update(reviews)
    .set({ ip: "" })
    .where(and(ne(reviews.ip, ""), lt(reviews.createdAt, logCutoff)))
    .returning({ id: reviews.id });
  const gone = await db
    .delete(visitors)
    .where(lt(visitors.lastSeenAt, new Date(now.getTime() - VISITOR_RETENTION_MS)))
    .returning({ id: visitors.id });
  const orphans = await db
    .delete(projects)
    .where(and(isNull(projects.userId), isNull(projects.visitorId)))
    .returning({ id: projects.id });
  return {
    users: erased.length,
    rateLimits: limits.length,
    emails: mails.length,
    sessions: expiredSessions.length,
    overviewHits: hits.length,
    reviewAddresses: blanked.length,
    rejectedReviews: rejected.length,
    visitors: gone.length,
    orphanProjects: orphans.length,
  };
}
