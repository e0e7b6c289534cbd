/**
 * The buyer's orders (issue 13.6 and 13.7): one order for /payment-result (state read from the
 * database, never from the query string), the list for /payments, and subscription cancel and
 * resume through the provider. Access: the one rule (server/access), resource "order".
 */
import { desc, eq } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import { orders, pricePlans, users } from "../db/schema.server.ts";
import type { OrderStatus } from "../db/schema/commerce.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import type { Database } from "../db/client.server.ts";
import { PLAN_NAME_GROUPS, planName, type PlanNameInput } from "../../common/commerce/plan-name.ts";
import { translator } from "../i18n/texts.server.ts";
import { providerFor } from "./providers/index.server.ts";
import type { ProviderName } from "./providers/types.server.ts";

/** An order as the screens show it. Money in cents; dates ISO 8601. */
export interface OrderView {
  id: number;
  productKey: string;
  package: string;
  tier: string;
  months: number;
  days: number;
  projectIds: number[];
  totalCents: number;
  taxCents: number | null;
  currency: string;
  status: OrderStatus;
  provider: string;
  providerOrderId: string | null;
  subscriptionState: "active" | "cancelling" | "ended" | null;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
  customerName: string;
  customerEmail: string;
  /** The buyer's language when the checkout link was followed (spec 2 URL code, issue 15.1). */
  lang: string;
}

const select = (db: Database) =>
  db
    .select({ o: orders, plan: { package: pricePlans.package, tier: pricePlans.tier, months: pricePlans.months, days: pricePlans.days } })
    .from(orders)
    .leftJoin(pricePlans, eq(pricePlans.productKey, orders.productKey));

function view(r: Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number]): OrderView {
  const { o, plan } = r;
  return {
    id: o.id,
    productKey: o.productKey,
    package: plan?.package ?? "",
    tier: plan?.tier ?? "",
    months: plan?.months ?? 0,
    days: plan?.days ?? 0,
    projectIds: o.projectIds,
    totalCents: o.totalCents,
    taxCents: o.taxCents,
    currency: o.currency,
    status: o.status,
    provider: o.provider,
    providerOrderId: o.providerOrderId,
    subscriptionState: o.subscriptionState,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    expiresAt: o.expiresAt?.toISOString() ?? null,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    lang: o.lang,
  };
}

/**
 * The language an order's buyer reads about it in (issue 15.1: receipt, invoice): a buyer with an
 * account their interface language, a guest the language of the page the checkout link was
 * followed from (stored on the order).
 */
export async function buyerLang(db: Database, order: { userId: number | null; lang: string }): Promise<string> {
  const [buyer] = order.userId === null ? [] : await db.select({ lang: users.lang }).from(users).where(eq(users.id, order.userId));
  return buyer?.lang ?? order.lang;
}

/** Each order's plan name in `lang` (issue 15.1, common/commerce/plan-name.ts), by order id. */
export async function orderPlanNames(
  db: Database,
  lang: string,
  list: readonly (PlanNameInput & { id: number })[],
): Promise<Record<number, string>> {
  const t = await translator(db, lang, PLAN_NAME_GROUPS);
  return Object.fromEntries(list.map((o) => [o.id, planName(t, o)]));
}

/**
 * One of the owner's orders.
 * @throws AppError "not_found" naming "order" when it does not exist or is someone else's.
 */
export async function getOrder(o: { db: Database; owner: Owner; orderId: number }): Promise<OrderView> {
  await authorize({ db: o.db, owner: o.owner, resource: "order", id: o.orderId, action: "read" });
  const [row] = await select(o.db).where(eq(orders.id, o.orderId));
  return view(row!);
}

/** The owner's orders, newest first (pending clicks that were never paid left out). */
export async function listOrders(o: { db: Database; owner: Owner }): Promise<OrderView[]> {
  const rows = await select(o.db).where(ownedBy(o.owner, orders)).orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(view).filter((v) => v.status !== "pending" || v.providerOrderId !== null);
}

/**
 * Cancels (at the end of the paid period) or resumes the order's subscription through its provider.
 * @throws AppError "conflict" naming "order" when the order has no subscription in that state.
 */
export async function changeSubscription(o: {
  services: Services;
  owner: Owner;
  orderId: number;
  action: "cancel" | "resume";
}): Promise<OrderView> {
  const { db } = o.services;
  await authorize({ db, owner: o.owner, resource: "order", id: o.orderId, action: "change" });
  const [row] = await db.select().from(orders).where(eq(orders.id, o.orderId));
  const want = o.action === "cancel" ? "active" : "cancelling";
  if (!row?.subscriptionId || row.subscriptionState !== want || row.status !== "paid")
    throw new AppError("conflict", errorText(o.action === "cancel" ? 58176 : 58177), "order");
  const provider = providerFor(o.services, row.provider as ProviderName);
  if (o.action === "cancel") await provider.cancelSubscription(row.subscriptionId);
  else await provider.resumeSubscription(row.subscriptionId);
  await db
    .update(orders)
    .set({ subscriptionState: o.action === "cancel" ? "cancelling" : "active" })
    .where(eq(orders.id, row.id));
  return getOrder({ db, owner: o.owner, orderId: row.id });
}
