/**
 * Reference data seeded at start (issue "Foundation" part 3). Figures are exactly spec 3's.
 * Prices are USD cents.
 */

/** Request subject types (spec 3 "Request subject types"). */
export const SUBJECT_TYPES: { id: number; label: string }[] = [
  { id: 1, label: "Free SEO Consultation" },
  { id: 8, label: "SEO promotion" },
  { id: 3, label: "Website analytics" },
  { id: 17, label: "SEO content" },
  { id: 15, label: "Dedicated SEO Dashboard" },
  { id: 14, label: "Reseller program" },
  { id: 18, label: "Affiliate program" },
  { id: 16, label: "SSL certificate" },
  { id: 6, label: "API" },
];

/** A row of the spec 3 price tables. */
export interface PricePlanSeed {
  package: "autoseo" | "fullseo" | "analytics" | "ssl";
  tier: string;
  months: number;
  days: number;
  priceCents: number;
  regularCents: number | null;
  discountPercent: number;
  bestDeal: boolean;
}

const discountFor = (months: number) => (months === 12 ? 25 : months === 6 ? 15 : months === 3 ? 10 : 0);

const termPlans = (
  pkg: PricePlanSeed["package"],
  tier: string,
  rows: [months: number, price: number, regular: number | null][],
  bestDealMonths: number | null,
): PricePlanSeed[] =>
  rows.map(([months, price, regular]) => ({
    package: pkg,
    tier,
    months,
    days: months * 30,
    priceCents: Math.round(price * 100),
    regularCents: regular === null ? null : Math.round(regular * 100),
    discountPercent: discountFor(months),
    bestDeal: months === bestDealMonths,
  }));

/** Spec 3 "Price tables (USD)". */
export const PRICE_PLANS: PricePlanSeed[] = [
  ...termPlans(
    "autoseo",
    "",
    [
      [12, 891, 1188],
      [6, 504, 594],
      [3, 267, 297],
      [1, 99, null],
    ],
    12,
  ),
  { package: "autoseo", tier: "trial", months: 0, days: 14, priceCents: 99, regularCents: null, discountPercent: 0, bestDeal: false },
  ...termPlans(
    "fullseo",
    "",
    [
      [12, 7199, 9600],
      [6, 4079, 4800],
      [3, 2159, 2400],
      [1, 799, null],
    ],
    null,
  ),
  ...termPlans(
    "analytics",
    "standard",
    [
      [12, 624, 828],
      [6, 354, 414],
      [3, 186, 207],
      [1, 69, null],
    ],
    null,
  ),
  ...termPlans(
    "analytics",
    "professional",
    [
      [12, 888, 1188],
      [6, 504, 594],
      [3, 267, 297],
      [1, 99, null],
    ],
    null,
  ),
  ...termPlans(
    "analytics",
    "advanced",
    [
      [12, 2244, 2988],
      [6, 1272, 1494],
      [3, 672, 747],
      [1, 249, null],
    ],
    null,
  ),
  { package: "ssl", tier: "basic", months: 1, days: 30, priceCents: 9900, regularCents: null, discountPercent: 0, bestDeal: false },
  { package: "ssl", tier: "standard", months: 1, days: 30, priceCents: 14900, regularCents: null, discountPercent: 0, bestDeal: true },
  { package: "ssl", tier: "premium", months: 1, days: 30, priceCents: 24900, regularCents: null, discountPercent: 0, bestDeal: false },
];

/** Checkout product key of a plan: package, tier and term, e.g. "autoseo-12m", "analytics-standard-6m". */
export function productKey(p: Pick<PricePlanSeed, "package" | "tier" | "months" | "days">): string {
  const term = p.months === 0 ? `${p.days}d` : `${p.months}m`;
  return [p.package, p.tier, term].filter(Boolean).join("-");
}

/** The default manager (spec 3 "default"), shown to guests and users without an assigned manager. */
export const DEFAULT_MANAGER = {
  uId: 0,
  img: "/images/manager-default.svg",
  emailName: "Olena Kovalenko",
  email: "manager@rankforge.com",
  phone: "+380 44 300 12 34",
  workLang: "en",
  whatsapp: "380443001234",
  skype: "rankforge.support",
  telegram: "rankforge_support",
  viber: "380443001234",
  zalo: "",
  fbMessenger: "rankforge",
  wechat: "rankforge_cn",
  isDefault: true,
};
