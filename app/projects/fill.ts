import { pluralCategory } from "../../common/i18n/format.ts";

/** `{n, plural, one {# page} other {# pages}}` (ICU plural with `#` for the number, forms without nested braces). */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{[^{}]*\})+)\s*\}/g;
const FORM = /(=\d+|zero|one|two|few|many|other) \{([^{}]*)\}/g;

/**
 * Fills an interface text: ICU plurals first (by the language's plural rules), then `{name}`
 * placeholders (missing values stay as written).
 */
export function fill(text: string, values: Record<string, string | number>, lang = "en"): string {
  const plural = text.replace(PLURAL, (all, key: string, body: string) => {
    const n = Number(values[key]);
    if (!Number.isFinite(n)) return all;
    const forms = new Map([...body.matchAll(FORM)].map((m) => [m[1]!, m[2]!]));
    const form = forms.get(`=${n}`) ?? forms.get(pluralCategory(lang, n)) ?? forms.get("other") ?? "";
    return form.replace(/#/g, String(n));
  });
  return plural.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}
