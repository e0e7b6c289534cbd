import { fill } from "../i18n/message.ts";
import { type PlanView, monthlyCents, price } from "./plans.ts";
import type { TFn } from "./text.ts";

/**
 * The figures repeated across pages (issue 16 point 5): `checks` is the size of the site audit's
 * check catalogue; `from` holds, per package, the plan with the lowest price per month (null when
 * the package has no plan in the price tables).
 */
export interface SiteFacts {
  checks: number;
  /** Approved customer reviews: /client-testimonials is linked only when there is one (issue 16 point 17). */
  reviews: number;
  from: Record<"autoseo" | "fullseo" | "analytics" | "ssl", PlanView | null>;
}

/** The plan with the lowest price per month ({@link monthlyCents}); the longer term wins a tie. */
export function cheapestPlan(plans: readonly PlanView[]): PlanView | null {
  let best: PlanView | null = null;
  for (const p of plans) {
    if (!best || monthlyCents(p) < monthlyCents(best) || (monthlyCents(p) === monthlyCents(best) && p.months > best.months)) best = p;
  }
  return best;
}

/** Text ids of the price line (group "site", loaded with every page). */
export const FACT_TEXT = {
  fromPerMonth: 34743,
  billedMonthly: 34744,
  billedEvery: 34745,
  freeOrFrom: 34746,
  trialFor: 34747,
  fromPrice: 34748,
} as const;

/**
 * "From $74.25 a month" and what the monthly figure means (issue 16 point 5): for a plan longer
 * than a month the note "billed $891.00 every 12 months" (price per month = the plan's total ÷ its
 * months, {@link monthlyCents}); a monthly plan is "billed monthly"; a trial shows its total and
 * days. `free` starts the headline with "Free, or from …" (a package with a free tier).
 */
export function fromPriceLine(t: TFn, lang: string, plan: PlanView, free = false): { headline: string; note: string } {
  if (plan.months === 0) {
    return {
      headline: fill(t(FACT_TEXT.fromPrice, "From {price}"), { price: price(lang, plan.priceCents) }, lang),
      note: fill(t(FACT_TEXT.trialFor, "for the first {days} days"), { days: plan.days }, lang),
    };
  }
  const headline = fill(
    t(free ? FACT_TEXT.freeOrFrom : FACT_TEXT.fromPerMonth, free ? "Free, or from {price} a month" : "From {price} a month"),
    { price: price(lang, monthlyCents(plan)) },
    lang,
  );
  const note =
    plan.months === 1
      ? t(FACT_TEXT.billedMonthly, "billed monthly")
      : fill(
          t(FACT_TEXT.billedEvery, "billed {total} every {months, plural, one {month} other {# months}}"),
          { total: price(lang, plan.priceCents), months: plan.months },
          lang,
        );
  return { headline, note };
}
