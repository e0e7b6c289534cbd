import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Lifecycle of an order (issue 13): created at the checkout click, settled by the provider's webhooks. */
export type OrderStatus = "pending" | "paid" | "failed" | "cancelled" | "refunded" | "chargeback";

/**
 * Orders (issue 13, spec 7 checkout link). One row per checkout click; the holder is the buyer
 * (user, or the guest visitor for an unregistered buyer, spec 6). Amounts in USD cents.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id"),
    visitorId: uuid("visitor_id"),
    productKey: text("product_key").notNull(),
    /** Projects the plan is bought for (spec 7 referrer `user*p1*p2`). */
    projectIds: jsonb("project_ids").$type<number[]>().notNull().default([]),
    /** Spec 9: price × 100 × project count, integer cents. */
    totalCents: integer("total_cents").notNull(),
    taxCents: integer("tax_cents"),
    currency: text("currency").notNull().default("USD"),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    /** "sandbox" | "fastspring" | "stripe". */
    provider: text("provider").notNull(),
    providerOrderId: text("provider_order_id"),
    subscriptionId: text("subscription_id"),
    subscriptionState: text("subscription_state").$type<"active" | "cancelling" | "ended">(),
    customerName: text("customer_name").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    guest: boolean("guest").notNull().default(false),
    /**
     * The buyer's language (issue 15.1): the language of the page the checkout link was followed
     * from, a spec 2 URL code. A guest's receipt is written in it; a signed-in buyer's in their
     * interface language. Orders made before it was stored read "en".
     */
    lang: text("lang").notNull().default("en"),
    /** Spec 7 markers: manager, button, bl. */
    markers: jsonb("markers").$type<Record<string, string>>().notNull().default({}),
    /** Affiliate credited for this order (issue 13.8), never the buyer. */
    affiliateUserId: integer("affiliate_user_id"),
    /** Reseller discount applied, in percent (issue 13.9). */
    resellerDiscount: smallint("reseller_discount").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    paidAt: ts("paid_at"),
    /** End of the paid period (paidAt + plan days, extended by rebills). */
    expiresAt: ts("expires_at"),
  },
  (t) => [
    uniqueIndex("orders_provider_order_key").on(t.provider, t.providerOrderId),
    index("orders_user_idx").on(t.userId),
    index("orders_affiliate_idx").on(t.affiliateUserId),
  ],
);

/** Webhook events already applied (issue 13.5): a replay of the same event id creates nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The provider's order id the event is about (refund before order: looked up later). */
    providerOrderId: text("provider_order_id"),
    receivedAt: ts("received_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_key").on(t.provider, t.eventId), index("payment_events_order_idx").on(t.provider, t.providerOrderId)],
);

/** Affiliate commission ledger (issue 13.8): commissions, reversals and payout requests, USD cents. */
export const affiliateLedger = pgTable(
  "affiliate_ledger",
  {
    id: serial("id").primaryKey(),
    affiliateUserId: integer("affiliate_user_id").notNull(),
    orderId: integer("order_id"),
    kind: text("kind").$type<"commission" | "reversal" | "payout">().notNull(),
    /** Positive for commissions, negative for reversals and payouts. */
    amountCents: integer("amount_cents").notNull(),
    /** Idempotency key (e.g. "commission:fastspring:evt_1"). */
    entryKey: text("entry_key").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("affiliate_ledger_key").on(t.entryKey), index("affiliate_ledger_user_idx").on(t.affiliateUserId)],
);

/** Affiliate clicks and sign-ups (issue 13.8), by referral code. */
export const affiliateReferrals = pgTable(
  "affiliate_referrals",
  {
    id: serial("id").primaryKey(),
    affiliateUserId: integer("affiliate_user_id").notNull(),
    kind: text("kind").$type<"click" | "signup">().notNull(),
    /** The referred user for a sign-up. */
    userId: integer("user_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("affiliate_referrals_user_idx").on(t.affiliateUserId)],
);

/** Reseller accounts (issue 13.9): buy for client projects at a discount (percent; null = configured default). */
export const resellers = pgTable("resellers", {
  userId: integer("user_id").primaryKey(),
  discountPercent: smallint("discount_percent"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
