/**
 * Applies one verified provider event (issue 13.5): one transaction per event, idempotent on the
 * event id (payment_events) and on the order (a paid order is not paid twice, a manual resend
 * with a new event id changes nothing). Orders, rebills, cancellations, refunds and chargebacks
 * update the order, the buyer's licence and the affiliate ledger; a refund or chargeback that
 * arrives before its order is remembered and wins when the order arrives.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { affiliateLedger, orders, paymentEvents, pricePlans } from "../db/schema.server.ts";
import type { OrderStatus } from "../db/schema/commerce.server.ts";
import { recordPopupEvents, type PopupEvent } from "../popups/codes.server.ts";
import { refreshLicence } from "./licence.server.ts";
import type { PaymentEvent } from "./providers/types.server.ts";

const DAY_MS = 86_400_000;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

/** Result of applying one event. */
export type ApplyResult = "applied" | "duplicate" | "unmatched" | "ignored";

/** Options of {@link applyPaymentEvent}. */
export interface ApplyOptions {
  db: Database;
  event: PaymentEvent;
  /** Affiliate commission rate, percent. */
  affiliateRate: number;
  now?: Date;
}

async function findOrder(tx: Tx, e: PaymentEvent): Promise<OrderRow | undefined> {
  const by = async (cond: ReturnType<typeof eq>) => (await tx.select().from(orders).where(cond).limit(1).for("update"))[0];
  if (e.orderId !== undefined) {
    const o = await by(eq(orders.id, e.orderId));
    if (o && o.provider === e.provider) return o;
  }
  if (e.providerOrderId) {
    const o = await by(and(eq(orders.provider, e.provider), eq(orders.providerOrderId, e.providerOrderId))!);
    if (o) return o;
  }
  if (e.subscriptionId) return by(and(eq(orders.provider, e.provider), eq(orders.subscriptionId, e.subscriptionId))!);
  return undefined;
}

async function planDays(tx: Tx, productKey: string): Promise<number> {
  const [p] = await tx.select({ days: pricePlans.days }).from(pricePlans).where(eq(pricePlans.productKey, productKey));
  return p?.days ?? 30;
}

async function credit(tx: Tx, o: OrderRow, cents: number, key: string, rate: number): Promise<void> {
  if (o.affiliateUserId === null || o.affiliateUserId === o.userId || rate <= 0) return;
  const amount = Math.floor((cents * rate) / 100);
  if (amount <= 0) return;
  await tx
    .insert(affiliateLedger)
    .values({ affiliateUserId: o.affiliateUserId, orderId: o.id, kind: "commission", amountCents: amount, entryKey: key })
    .onConflictDoNothing();
}

async function reverse(tx: Tx, o: OrderRow): Promise<void> {
  if (o.affiliateUserId === null) return;
  const [sum] = await tx
    .select({ total: sql<number>`coalesce(sum(${affiliateLedger.amountCents}), 0)::int` })
    .from(affiliateLedger)
    .where(and(eq(affiliateLedger.orderId, o.id), inArray(affiliateLedger.kind, ["commission", "reversal"])));
  if (!sum || sum.total <= 0) return;
  await tx
    .insert(affiliateLedger)
    .values({ affiliateUserId: o.affiliateUserId, orderId: o.id, kind: "reversal", amountCents: -sum.total, entryKey: `reversal:${o.id}` })
    .onConflictDoNothing();
}

async function setStatus(tx: Tx, o: OrderRow, patch: Partial<OrderRow>): Promise<void> {
  await tx.update(orders).set(patch).where(eq(orders.id, o.id));
}

/** A refund or chargeback already received for this provider order (refund before order). */
async function earlierReversal(tx: Tx, e: PaymentEvent, providerOrderId: string | null): Promise<OrderStatus | null> {
  if (!providerOrderId) return null;
  const rows = await tx
    .select({ type: paymentEvents.type })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, e.provider), eq(paymentEvents.providerOrderId, providerOrderId)));
  const kinds = new Set(rows.map((r) => r.type));
  if (kinds.has("return.created") || kinds.has("charge.refunded")) return "refunded";
  if (kinds.has("chargeback.created") || kinds.has("charge.dispute.created")) return "chargeback";
  return null;
}

/**
 * Applies `event` in its own transaction.
 * @returns "duplicate" for an event id already applied, "unmatched" when no order is known yet
 * (the event is kept, e.g. a refund before its order), "ignored" for event types we do not use.
 */
export async function applyPaymentEvent(opts: ApplyOptions): Promise<ApplyResult> {
  const { event: e } = opts;
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    const o = await findOrder(tx, e);
    const providerOrderId = e.kind === "rebill" ? (e.providerOrderId ?? null) : (e.providerOrderId ?? o?.providerOrderId ?? null);
    const claimed = await tx
      .insert(paymentEvents)
      .values({ provider: e.provider, eventId: e.eventId, type: e.type, providerOrderId: e.kind === "rebill" ? null : providerOrderId })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (claimed.length === 0) return "duplicate";
    if (e.kind === "ignored") return "ignored";
    if (!o) return "unmatched";
    const final = o.status === "refunded" || o.status === "chargeback";
    /** Spec 4 popup written for the buyer by this event (decision 0011): payment through → 3, declined → 5. */
    let popup: PopupEvent | null = null;
    switch (e.kind) {
      case "paid": {
        if (o.status === "paid" || final) return "duplicate";
        const reversed = await earlierReversal(tx, e, providerOrderId);
        const days = await planDays(tx, o.productKey);
        const base = {
          providerOrderId,
          subscriptionId: e.subscriptionId ?? o.subscriptionId,
          subscriptionState: e.subscriptionId ? ("active" as const) : o.subscriptionState,
          taxCents: e.taxCents ?? o.taxCents,
          paidAt: now,
        };
        if (reversed)
          await setStatus(tx, o, { ...base, status: reversed, expiresAt: now, subscriptionState: e.subscriptionId ? "ended" : null });
        else {
          await setStatus(tx, o, { ...base, status: "paid", expiresAt: new Date(now.getTime() + days * DAY_MS) });
          await credit(tx, o, o.totalCents, `commission:${o.id}:order`, opts.affiliateRate);
          popup = "payment-succeeded";
        }
        break;
      }
      case "pending":
        break;
      case "failed":
      case "cancelled":
        if (o.status === "pending") await setStatus(tx, o, { status: e.kind });
        if (e.kind === "failed") popup = "payment-failed";
        break;
      case "rebill": {
        if (o.status !== "paid") return "applied";
        const days = await planDays(tx, o.productKey);
        const from = Math.max(o.expiresAt?.getTime() ?? now.getTime(), now.getTime());
        await setStatus(tx, o, { expiresAt: new Date(from + days * DAY_MS), subscriptionState: "active" });
        await credit(tx, o, e.totalCents ?? o.totalCents, `commission:${o.id}:${e.provider}:${e.eventId}`, opts.affiliateRate);
        popup = "payment-succeeded";
        break;
      }
      case "subscription-cancelling":
        if (o.subscriptionState !== "ended") await setStatus(tx, o, { subscriptionState: "cancelling" });
        break;
      case "subscription-resumed":
        if (o.subscriptionState === "cancelling") await setStatus(tx, o, { subscriptionState: "active" });
        break;
      case "subscription-ended":
        await setStatus(tx, o, { subscriptionState: "ended", ...(o.status === "paid" ? { expiresAt: now } : {}) });
        break;
      case "refund":
      case "chargeback":
        if (final) return "applied";
        await setStatus(tx, o, {
          status: e.kind === "refund" ? "refunded" : "chargeback",
          expiresAt: now,
          subscriptionState: o.subscriptionId ? "ended" : null,
        });
        await reverse(tx, o);
        break;
    }
    await refreshLicence(tx, o.userId, now);
    if (popup && o.userId !== null) await recordPopupEvents(tx, o.userId, [popup]);
    return "applied";
  });
}
