/**
 * Affiliate programme (issue 13.8): the referral code is the affiliate's user id (?ref=), kept in
 * the rf_ref cookie (spec 3 tracking info); clicks and sign-ups are recorded, orders credit a
 * commission (server/commerce/apply-event.server.ts) and the balance can be paid out on request.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { affiliateLedger, affiliateReferrals, orders, users } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";

/** Smallest payout a balance can request, in cents. */
export const MIN_PAYOUT_CENTS = 5000;

/** An affiliate's figures. Money in cents. */
export interface AffiliateStats {
  code: string;
  clicks: number;
  signups: number;
  orders: number;
  earningsCents: number;
  reversedCents: number;
  paidOutCents: number;
  balanceCents: number;
  ledger: { id: number; kind: string; amountCents: number; orderId: number | null; createdAt: string }[];
}

/** Records a click or a sign-up (once per referred user) for the affiliate a code names; unknown codes and self-referrals are ignored. */
export async function recordReferral(o: { db: Database; ref: string; kind: "click" | "signup"; userId?: number | null }): Promise<boolean> {
  const id = Number(o.ref);
  if (!Number.isSafeInteger(id) || id <= 0 || id === o.userId) return false;
  const [u] = await o.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!u) return false;
  if (o.kind === "signup" && o.userId) {
    const [seen] = await o.db
      .select({ id: affiliateReferrals.id })
      .from(affiliateReferrals)
      .where(and(eq(affiliateReferrals.kind, "signup"), eq(affiliateReferrals.userId, o.userId)))
      .limit(1);
    if (seen) return false;
  }
  await o.db.insert(affiliateReferrals).values({ affiliateUserId: id, kind: o.kind, userId: o.userId ?? null });
  return true;
}

/** The signed-in affiliate's figures and ledger (newest first). */
export async function affiliateStats(o: { db: Database; userId: number }): Promise<AffiliateStats> {
  const refs = await o.db
    .select({ kind: affiliateReferrals.kind, n: sql<number>`count(*)::int` })
    .from(affiliateReferrals)
    .where(eq(affiliateReferrals.affiliateUserId, o.userId))
    .groupBy(affiliateReferrals.kind);
  const [ord] = await o.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.affiliateUserId, o.userId), sql`${orders.status} in ('paid','refunded','chargeback')`));
  const ledger = await o.db
    .select()
    .from(affiliateLedger)
    .where(eq(affiliateLedger.affiliateUserId, o.userId))
    .orderBy(sql`${affiliateLedger.id} desc`);
  const sum = (k: string) => ledger.filter((l) => l.kind === k).reduce((a, l) => a + l.amountCents, 0);
  const earnings = sum("commission");
  const reversed = -sum("reversal");
  const paidOut = -sum("payout");
  return {
    code: String(o.userId),
    clicks: refs.find((r) => r.kind === "click")?.n ?? 0,
    signups: refs.find((r) => r.kind === "signup")?.n ?? 0,
    orders: ord?.n ?? 0,
    earningsCents: earnings,
    reversedCents: reversed,
    paidOutCents: paidOut,
    balanceCents: earnings - reversed - paidOut,
    ledger: ledger.map((l) => ({
      id: l.id,
      kind: l.kind,
      amountCents: l.amountCents,
      orderId: l.orderId,
      createdAt: l.createdAt.toISOString(),
    })),
  };
}

/**
 * Requests a payout of the whole balance.
 * @throws AppError "conflict" naming "balance" when the balance is under {@link MIN_PAYOUT_CENTS}.
 */
export async function requestPayout(o: { db: Database; userId: number }): Promise<{ amountCents: number }> {
  const { balanceCents } = await affiliateStats(o);
  if (balanceCents < MIN_PAYOUT_CENTS) throw new AppError("conflict", errorText(58175, { amount: MIN_PAYOUT_CENTS / 100 }), "balance");
  await o.db.insert(affiliateLedger).values({
    affiliateUserId: o.userId,
    kind: "payout",
    amountCents: -balanceCents,
    entryKey: `payout:${o.userId}:${Date.now()}`,
  });
  return { amountCents: balanceCents };
}
