import { toBcp47 } from "../i18n/languages.ts";

/**
 * A calendar day (YYYY-MM-DD) in the interface language's long date format, e.g. "7 May 2026"
 * (en-GB style is not used: en is "May 7, 2026"). Formatted in UTC so the day never shifts.
 */
export function formatDay(lang: string, ymd: string): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(toBcp47(lang), { dateStyle: "long", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A tag slug shown as words: "core-web-vitals" → "core web vitals". */
export function tagLabel(slug: string): string {
  return slug.replace(/-/g, " ");
}
