/**
 * Popup code 11 "your plan ends soon" (spec 4, docs/decisions/0011-popup-codes.md): a daily job
 * finds each user whose paid period ends within {@link PLAN_ENDS_SOON_DAYS} days and that no active
 * subscription renews, and writes code 11 once per such period (popup_notices remembers it).
 */
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orders, popupNotices } from "../db/schema.server.ts";
import { recordPopupEvents } from "./codes.server.ts";

/** A plan "ends soon" when its paid period ends within this many days. */
export const PLAN_ENDS_SOON_DAYS = 7;

/** When the job runs: 06:00 UTC every day. */
export const PLAN_EXPIRY_CRON = "0 6 * * *";

const DAY_MS = 86_400_000;

/**
 * Writes code 11 for every user whose latest paid period ends in (now, now + 7 days] and is not
 * renewed by an active subscription; each period once.
 * @returns the ids of the users whose queue got the code in this call.
 */
export async function recordPlanEndingPopups(o: { db: Database; now?: Date }): Promise<number[]> {
  const now = o.now ?? new Date();
  const latest = await o.db
    .selectDistinctOn([orders.userId], {
      userId: orders.userId,
      orderId: orders.id,
      expiresAt: orders.expiresAt,
      subscriptionState: orders.subscriptionState,
    })
    .from(orders)
    .where(and(eq(orders.status, "paid"), isNotNull(orders.userId), gt(orders.expiresAt, now)))
    .orderBy(orders.userId, sql`${orders.expiresAt} desc`);
  const written: number[] = [];
  for (const r of latest) {
    if (r.userId === null || r.expiresAt === null || r.subscriptionState === "active") continue;
    if (r.expiresAt.getTime() - now.getTime() > PLAN_ENDS_SOON_DAYS * DAY_MS) continue;
    const key = `plan-ends-soon:${r.orderId}:${r.expiresAt.toISOString()}`;
    const fresh = await o.db.insert(popupNotices).values({ userId: r.userId, key }).onConflictDoNothing().returning();
    if (fresh.length === 0) continue;
    await recordPopupEvents(o.db, r.userId, ["plan-ends-soon"]);
    written.push(r.userId);
  }
  return written;
}
