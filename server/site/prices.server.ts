import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { pricePlans } from "../db/schema.server.ts";
import type { PlanView } from "../../common/site/plans.ts";

export type { PlanView };

/**
 * Every plan of a package from the price tables (spec 3), longest term first, tiers in table
 * order. Reads the database, so the figures are the seeded ones.
 */
export async function listPlans(db: Database, pkg: "autoseo" | "fullseo" | "analytics" | "ssl"): Promise<PlanView[]> {
  return db
    .select({
      productKey: pricePlans.productKey,
      package: pricePlans.package,
      tier: pricePlans.tier,
      months: pricePlans.months,
      days: pricePlans.days,
      priceCents: pricePlans.priceCents,
      regularCents: pricePlans.regularCents,
      discountPercent: pricePlans.discountPercent,
      bestDeal: pricePlans.bestDeal,
      link: pricePlans.link,
    })
    .from(pricePlans)
    .where(eq(pricePlans.package, pkg))
    .orderBy(desc(pricePlans.months), asc(pricePlans.id));
}

/** The AutoSEO trial plan (spec 3: 14 days, 0.99 USD) and the monthly plan it continues with. */
export async function trialPlans(db: Database): Promise<{ trial: PlanView | null; monthly: PlanView | null }> {
  const all = await listPlans(db, "autoseo");
  return { trial: all.find((p) => p.tier === "trial") ?? null, monthly: all.find((p) => p.months === 1) ?? null };
}
