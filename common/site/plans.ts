import { formatUsd, plural } from "../i18n/format.ts";
import { S } from "./ids.ts";
import { type TFn } from "./text.ts";
import { fill } from "../i18n/message.ts";

/** A plan of the spec 3 price tables as the product pages show it. Amounts are USD cents. */
export interface PlanView {
  productKey: string;
  package: string;
  /** "" for single-tier packages, "trial" for the AutoSEO trial, else the tier name. */
  tier: string;
  months: number;
  days: number;
  priceCents: number;
  regularCents: number | null;
  discountPercent: number;
  bestDeal: boolean;
  /** Checkout link (path on our site). */
  link: string;
}

/** "12 months" / "12 месяцев" with the language's plural rules (spec 9: ru and uk special). */
export function termLabel(t: TFn, lang: string, plan: Pick<PlanView, "months" | "days">): string {
  if (plan.months === 0) return fill(t(S.days, "{n} days"), { n: plan.days }, lang);
  const form = plural(lang, plan.months, {
    one: t(S.monthsOne, "{n} month"),
    few: t(S.monthsFew, "{n} months"),
    many: t(S.monthsMany, "{n} months"),
    other: t(S.monthsOther, "{n} months"),
  });
  return fill(form, { n: plan.months }, lang);
}

/** Price per month of a plan, in cents, rounded to whole cents. */
export function monthlyCents(plan: Pick<PlanView, "months" | "priceCents">): number {
  return plan.months > 1 ? Math.round(plan.priceCents / plan.months) : plan.priceCents;
}

/** A price in USD in the interface language (Intl, spec 3 "All prices in USD"). */
export const price = (lang: string, cents: number) => formatUsd(lang, cents);
