/**
 * A plan's name in the reader's language (issue 15.1): the package, tier and term texts the /price
 * screen shows (commerce.json and the site's tier texts), never the product key.
 */
import { S } from "../site/ids.ts";
import { CT } from "./text-ids.ts";

/** Text id of each package's name (the /price tabs). */
export const PACKAGE_TEXT = {
  autoseo: CT.tabAutoseo,
  fullseo: CT.tabFullseo,
  analytics: CT.tabAnalytics,
  ssl: CT.tabSsl,
} as const;

/** Text id of each tier's name (spec 3 price tables; "trial" is named by {@link CT.trialTitle}). */
export const TIER_TEXT: Readonly<Record<string, number>> = {
  standard: S.tierStandard,
  professional: S.tierProfessional,
  advanced: S.tierAdvanced,
  basic: S.tierBasic,
  premium: S.tierPremium,
};

/** Text groups holding every text a plan name uses (for a server-side translator). */
export const PLAN_NAME_GROUPS = ["commerce", "page:site"];

/** What names a plan: its product key and, when the price tables know it, package, tier and term. */
export interface PlanNameInput {
  productKey: string;
  /** "" when the product key is not in the price tables. */
  package: string;
  tier: string;
  months: number;
}

/**
 * "AutoSEO · Standard · 12 months", "SSL certificates · 12 months" or "AutoSEO trial", each part a
 * text from `t` (id, ICU values) in the reader's language. A plan the price tables do not know
 * keeps its product key.
 */
export function planName(t: (id: number, values?: Record<string, number>) => string, plan: PlanNameInput): string {
  const pkg = Object.hasOwn(PACKAGE_TEXT, plan.package) ? PACKAGE_TEXT[plan.package as keyof typeof PACKAGE_TEXT] : undefined;
  if (pkg === undefined) return plan.productKey;
  if (plan.tier === "trial") return t(CT.trialTitle);
  const tier = Object.hasOwn(TIER_TEXT, plan.tier) ? TIER_TEXT[plan.tier] : undefined;
  const term = plan.months > 0 ? t(CT.months, { n: plan.months }) : "";
  return [t(pkg), tier === undefined ? "" : t(tier), term].filter(Boolean).join(" · ");
}
