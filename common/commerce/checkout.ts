/**
 * Checkout arithmetic and identifiers shared by the pricing screen and the server (issue 13,
 * spec 7 "checkout link", spec 9 "cents rule").
 */

/** FastSpring Classic caps an integer tag at 2,000,000 (USD 20,000.00) (research/payments.md 1A). */
export const MAX_TOTAL_CENTS = 2_000_000;

/**
 * Spec 9: checkout total in cents = price × 100 × project count. `priceCents` is the plan's price
 * already in integer cents (price × 100), so the total is an integer product.
 * @throws RangeError when an input is not a positive integer.
 */
export function checkoutTotalCents(priceCents: number, projectCount: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError("priceCents must be a non-negative integer");
  if (!Number.isSafeInteger(projectCount) || projectCount < 1) throw new RangeError("projectCount must be a positive integer");
  return priceCents * projectCount;
}

/** Price less a reseller discount in whole percent, rounded to whole cents. */
export function discountedCents(priceCents: number, percent: number): number {
  return Math.round((priceCents * (100 - percent)) / 100);
}

/** Spec 7 referrer: the user id (0 for a guest) then the project ids, joined by `*`. */
export function checkoutReferrer(userId: number | null, projectIds: readonly number[]): string {
  return [userId ?? 0, ...projectIds].join("*");
}

/**
 * Spec 3 user info license_type of a package (0 = no licence). Written on the user and enforced by
 * the expiry of the paid period (docs/decisions/0008-commerce.md).
 */
export const LICENSE_TYPES: Record<string, number> = {
  autoseo: 1,
  fullseo: 2,
  "analytics-standard": 3,
  "analytics-professional": 4,
  "analytics-advanced": 5,
  ssl: 6,
};

/** Licence type granted by a product key ("autoseo-12m" → 1, "analytics-advanced-3m" → 5). */
export function licenseTypeOf(productKey: string): number {
  const [pkg, tier] = productKey.split("-");
  return LICENSE_TYPES[`${pkg}-${tier}`] ?? LICENSE_TYPES[pkg ?? ""] ?? 0;
}

/** Statuses of the /payment-result/{status} screen (issue 13.6); none = no status segment. */
export const RESULT_STATUSES = ["success", "pending", "failed", "cancelled"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
