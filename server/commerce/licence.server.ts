/**
 * Licences (issue 13.5, spec 3 user info license_type): a paid order gives its buyer the plan's
 * licence type until the order's paid period ends. The user's stored license_type is rewritten on
 * every payment event, and {@link effectiveLicenseType} enforces the expiry when it is read
 * (docs/decisions/0008-commerce.md).
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orders, users } from "../db/schema.server.ts";
import { licenseTypeOf } from "../../common/commerce/checkout.ts";

type Tx = Pick<Database, "select" | "update">;

/** The licence a user holds now: the type of the paid order whose period ends last, or 0. */
export async function effectiveLicenseType(db: Tx, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ productKey: orders.productKey })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid"), gt(orders.expiresAt, now)))
    .orderBy(desc(orders.expiresAt))
    .limit(1);
  return row ? licenseTypeOf(row.productKey) : 0;
}

/** Rewrites users.license_type from the user's paid orders (0 when none is current). */
export async function refreshLicence(db: Tx, userId: number | null, now = new Date()): Promise<number> {
  if (userId === null) return 0;
  const type = await effectiveLicenseType(db, userId, now);
  await db.update(users).set({ licenseType: type }).where(eq(users.id, userId));
  return type;
}

/** Licence of each project: type and end of the paid period of the current order bought for it. */
export async function projectLicences(
  db: Tx,
  projectIds: number[],
  now = new Date(),
): Promise<Map<number, { licenseType: number; expiresAt: Date }>> {
  const out = new Map<number, { licenseType: number; expiresAt: Date }>();
  if (projectIds.length === 0) return out;
  const rows = await db
    .select({ productKey: orders.productKey, projectIds: orders.projectIds, expiresAt: orders.expiresAt })
    .from(orders)
    .where(and(eq(orders.status, "paid"), gt(orders.expiresAt, now), sql`jsonb_array_length(${orders.projectIds}) > 0`))
    .orderBy(orders.expiresAt);
  for (const r of rows)
    for (const p of r.projectIds)
      if (projectIds.includes(p)) out.set(p, { licenseType: licenseTypeOf(r.productKey), expiresAt: r.expiresAt! });
  return out;
}

/**
 * The license_type to show for a user (spec 3 user info), expiry enforced: for a user who has
 * bought anything, the licence of their current paid order (0 once the period ends, without
 * waiting for a webhook); for a user who never bought, the stored value (a licence granted by staff).
 */
export async function enforcedLicenseType(db: Tx, user: { id: number; licenseType: number }, now = new Date()): Promise<number> {
  const [bought] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, user.id), sql`${orders.paidAt} is not null`))
    .limit(1);
  return bought ? effectiveLicenseType(db, user.id, now) : user.licenseType;
}
