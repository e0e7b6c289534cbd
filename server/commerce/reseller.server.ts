/**
 * The reseller programme (issue 13.9, /reseller-program): accounts that buy for their clients'
 * projects at a discount. Making an account a reseller is an administrator's act (CLI
 * `npm run resellers`); the reseller's own screen (/reseller) lists the client projects bought
 * for and what the discount earned, all read from the orders table.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orders, pricePlans, projects, resellers, users } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";

/** A client project the reseller bought for. Amounts in USD cents. */
export interface ResellerClient {
  projectId: number;
  /** The project's domain, or "" when the project was deleted since. */
  domain: string;
  /** Paid orders that included this project. */
  orders: number;
  /** What the reseller paid for this project (each order's total split evenly over its projects). */
  paidCents: number;
  /** List price minus the price paid: the reseller's commission on this project. */
  earnedCents: number;
  /** End of the latest paid period, ISO 8601, or null. */
  paidUntil: string | null;
}

/** The reseller screen: the discount, the client projects, and the totals. */
export interface ResellerOverview {
  discountPercent: number;
  since: string;
  clients: ResellerClient[];
  totals: { orders: number; paidCents: number; earnedCents: number };
}

/** Paid order states that count (refunds and chargebacks earn nothing). */
const PAID = ["paid"] as const;

/**
 * The reseller overview of `userId`, or null when the account is not a reseller.
 * `defaultDiscount` is RESELLER_DISCOUNT_PERCENT (used when the account has no own rate).
 */
export async function resellerOverview(o: { db: Database; userId: number; defaultDiscount: number }): Promise<ResellerOverview | null> {
  const [reseller] = await o.db.select().from(resellers).where(eq(resellers.userId, o.userId));
  if (!reseller) return null;
  const rows = await o.db
    .select({
      projectIds: orders.projectIds,
      totalCents: orders.totalCents,
      expiresAt: orders.expiresAt,
      listCents: pricePlans.priceCents,
    })
    .from(orders)
    .leftJoin(pricePlans, eq(pricePlans.productKey, orders.productKey))
    .where(and(eq(orders.userId, o.userId), inArray(orders.status, [...PAID])))
    .orderBy(desc(orders.id));
  const byProject = new Map<number, ResellerClient>();
  const totals = { orders: rows.length, paidCents: 0, earnedCents: 0 };
  for (const r of rows) {
    const ids = r.projectIds.length ? r.projectIds : [0];
    const list = (r.listCents ?? 0) * ids.length;
    const earned = Math.max(0, list - r.totalCents);
    totals.paidCents += r.totalCents;
    totals.earnedCents += earned;
    ids.forEach((id, i) => {
      // Integer cents: the remainder goes to the first projects, so the parts add up to the order.
      const share = (total: number) => Math.floor(total / ids.length) + (i < total % ids.length ? 1 : 0);
      const c = byProject.get(id) ?? { projectId: id, domain: "", orders: 0, paidCents: 0, earnedCents: 0, paidUntil: null };
      c.orders++;
      c.paidCents += share(r.totalCents);
      c.earnedCents += share(earned);
      const until = r.expiresAt?.toISOString() ?? null;
      if (until && (!c.paidUntil || until > c.paidUntil)) c.paidUntil = until;
      byProject.set(id, c);
    });
  }
  const ids = [...byProject.keys()].filter((id) => id > 0);
  const domains = ids.length
    ? await o.db.select({ id: projects.id, domain: projects.domain }).from(projects).where(inArray(projects.id, ids))
    : [];
  for (const d of domains) byProject.get(d.id)!.domain = d.domain;
  return {
    discountPercent: reseller.discountPercent ?? o.defaultDiscount,
    since: reseller.createdAt.toISOString(),
    clients: [...byProject.values()].sort((a, b) => b.paidCents - a.paidCents || a.projectId - b.projectId),
    totals,
  };
}

/**
 * Makes the account with `email` a reseller (or changes its discount; null = the configured
 * default). @throws AppError "not_found" naming "email" for an unknown account.
 */
export async function setReseller(db: Database, email: string, discountPercent: number | null): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new AppError("not_found", errorText(58143), "email");
  await db
    .insert(resellers)
    .values({ userId: user.id, discountPercent })
    .onConflictDoUpdate({ target: resellers.userId, set: { discountPercent } });
  return user.id;
}

/** Ends the reseller status of the account with `email`. @throws AppError "not_found" naming "email". */
export async function removeReseller(db: Database, email: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new AppError("not_found", errorText(58143), "email");
  await db.delete(resellers).where(eq(resellers.userId, user.id));
}

/** Every reseller with its e-mail and discount (null = default), for the CLI. */
export async function listResellers(
  db: Database,
): Promise<{ userId: number; email: string; discountPercent: number | null; since: string }[]> {
  const rows = await db
    .select({ userId: resellers.userId, email: users.email, discountPercent: resellers.discountPercent, since: resellers.createdAt })
    .from(resellers)
    .innerJoin(users, eq(users.id, resellers.userId))
    .orderBy(resellers.userId);
  return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
}
