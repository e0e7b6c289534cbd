import { toBcp47 } from "./languages.ts";

/**
 * Plural category of `n` in a language (spec 9: plural rules for ru and uk are special), through
 * Intl.PluralRules with the language's BCP 47 tag: "one" | "few" | "many" | "other" | ….
 */
export function pluralCategory(lang: string, n: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(toBcp47(lang)).select(n);
}

/**
 * Picks the form for `n` from forms keyed by plural category, falling back to "other".
 * e.g. plural("ru", 3, { one: "страница", few: "страницы", many: "страниц", other: "страницы" }).
 */
export function plural(lang: string, n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): string {
  return forms[pluralCategory(lang, n)] ?? forms.other;
}

/** Spec 9 date helper: a date as yyyy-mm-dd with zero padding, in local time. */
export function formatYmd(date: Date): string {
  const pad = (v: number) => String(v).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Spec 9 date helper: a new date `days` calendar days after `date` (negative goes back). */
export function addDays(date: Date, days: number): Date {
  const out = new Date(date.getTime());
  out.setDate(out.getDate() + days);
  return out;
}

/** A date in the interface language's own format (Intl), e.g. "22. November 2026" in de. */
export function formatDate(lang: string, date: Date, style: "long" | "medium" | "short" = "long"): string {
  return new Intl.DateTimeFormat(toBcp47(lang), { dateStyle: style }).format(date);
}

/** A USD price in the interface language's format, from cents (spec 3: all prices in USD). */
export function formatUsd(lang: string, cents: number): string {
  return new Intl.NumberFormat(toBcp47(lang), { style: "currency", currency: "USD", minimumFractionDigits: cents % 100 ? 2 : 0 }).format(
    cents / 100,
  );
}

/** An amount in any ISO 4217 currency in the language's format, from cents (receipts, invoices; issue 15.1). */
export function formatMoney(lang: string, cents: number, currency: string): string {
  return new Intl.NumberFormat(toBcp47(lang), { style: "currency", currency }).format(cents / 100);
}
