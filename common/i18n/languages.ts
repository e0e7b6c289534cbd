/**
 * The supported interface languages (spec 2 "Language handling"): the URL prefix code the spec
 * names, and the valid BCP 47 tag used for `<html lang>`, hreflang and Intl. Where the spec's
 * code is a country-style code, the tag is the language's own: this is the one documented table
 * (docs/i18n.md).
 */
export interface Language {
  /** URL prefix, as in the spec (e.g. "ua"). */
  code: string;
  /** BCP 47 language tag (e.g. "uk"). */
  bcp47: string;
  /** English name. */
  name: string;
  /** Name in the language itself, for the language switcher. */
  nativeName: string;
  /** Writing direction for `<html dir>` (issue 15 rule 5): adding a right-to-left language is one row with "rtl". */
  dir: "ltr" | "rtl";
}

const table: [code: string, bcp47: string, name: string, nativeName: string, dir?: "rtl"][] = [
  ["en", "en", "English", "English"],
  ["de", "de", "German", "Deutsch"],
  ["es", "es", "Spanish", "Español"],
  ["pt", "pt", "Portuguese", "Português"],
  ["fr", "fr", "French", "Français"],
  ["it", "it", "Italian", "Italiano"],
  ["nl", "nl", "Dutch", "Nederlands"],
  ["zh", "zh", "Chinese", "中文"],
  ["tr", "tr", "Turkish", "Türkçe"],
  ["ru", "ru", "Russian", "Русский"],
  ["vi", "vi", "Vietnamese", "Tiếng Việt"],
  ["gr", "el", "Greek", "Ελληνικά"],
  ["bg", "bg", "Bulgarian", "Български"],
  ["pl", "pl", "Polish", "Polski"],
  ["fi", "fi", "Finnish", "Suomi"],
  ["se", "sv", "Swedish", "Svenska"],
  ["si", "sl", "Slovenian", "Slovenščina"],
  ["hu", "hu", "Hungarian", "Magyar"],
  ["lt", "lt", "Lithuanian", "Lietuvių"],
  ["sk", "sk", "Slovak", "Slovenčina"],
  ["cz", "cs", "Czech", "Čeština"],
  ["ro", "ro", "Romanian", "Română"],
  ["jp", "ja", "Japanese", "日本語"],
  ["kr", "ko", "Korean", "한국어"],
  ["id", "id", "Indonesian", "Bahasa Indonesia"],
  ["lv", "lv", "Latvian", "Latviešu"],
  ["th", "th", "Thai", "ไทย"],
  ["no", "nb", "Norwegian", "Norsk bokmål"],
  ["ee", "et", "Estonian", "Eesti"],
  ["ct", "ca", "Catalan", "Català"],
  ["dk", "da", "Danish", "Dansk"],
  ["rs", "sr", "Serbian", "Српски"],
  ["ua", "uk", "Ukrainian", "Українська"],
  ["ba", "bs", "Bosnian", "Bosanski"],
  ["mk", "mk", "Macedonian", "Македонски"],
  ["al", "sq", "Albanian", "Shqip"],
  ["is", "is", "Icelandic", "Íslenska"],
  ["ge", "ka", "Georgian", "ქართული"],
  ["am", "hy", "Armenian", "Հայերեն"],
  ["az", "az", "Azerbaijani", "Azərbaycan"],
  ["my", "ms", "Malay", "Bahasa Melayu"],
  ["hr", "hr", "Croatian", "Hrvatski"],
];

/** All 42 supported languages, in the spec's order. */
export const LANGUAGES: readonly Language[] = table.map(([code, bcp47, name, nativeName, dir]) => ({
  code,
  bcp47,
  name,
  nativeName,
  dir: dir ?? "ltr",
}));

/** The default and fallback interface language (spec 2). */
export const DEFAULT_LANG = "en";

const byCode = new Map(LANGUAGES.map((l) => [l.code, l]));

/** True when `code` is a supported URL language prefix (case-sensitive, lower case). */
export function isLanguage(code: string | undefined | null): code is string {
  return !!code && byCode.has(code);
}

/** BCP 47 tag for a URL language code; the default language's tag for an unknown code. */
export function toBcp47(code: string): string {
  return byCode.get(code)?.bcp47 ?? DEFAULT_LANG;
}

/** The language record for a code, or the default language. */
export function getLanguage(code: string): Language {
  return byCode.get(code) ?? byCode.get(DEFAULT_LANG)!;
}

/** Date-picker settings per language (spec 2: overrides exist for en and ru). */
export interface DatepickerSettings {
  /** Format pattern in the date-picker's tokens (dd, mm, yyyy). */
  dateFormat: string;
  /** First day of the week, 0 = Sunday. */
  firstDay: number;
}

const DATEPICKER_DEFAULT: DatepickerSettings = { dateFormat: "yyyy-mm-dd", firstDay: 1 };
const DATEPICKER_OVERRIDES: Record<string, DatepickerSettings> = {
  en: { dateFormat: "mm/dd/yyyy", firstDay: 0 },
  ru: { dateFormat: "dd.mm.yyyy", firstDay: 1 },
};

/** Date-picker settings for a language: its override, else the default. */
export function datepickerFor(code: string): DatepickerSettings {
  return DATEPICKER_OVERRIDES[code] ?? DATEPICKER_DEFAULT;
}

/**
 * Splits a path into its optional two-letter language prefix and the rest (spec 2: routing is by
 * the first segment after the prefix is removed). "/de/autoseo" → { lang: "de", rest: "/autoseo" }.
 */
export function splitLangPrefix(pathname: string): { lang: string | null; rest: string } {
  const m = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (m && isLanguage(m[1])) return { lang: m[1]!, rest: m[2] || "/" };
  return { lang: null, rest: pathname || "/" };
}

/** The path of `rest` in language `code`: English has no prefix. */
export function localizePath(code: string, rest: string): string {
  const clean = rest.startsWith("/") ? rest : `/${rest}`;
  if (code === DEFAULT_LANG) return clean;
  return clean === "/" ? `/${code}` : `/${code}${clean}`;
}

/**
 * The interface language from the global environment value (spec 2): lower-cased, default en.
 * On the server and before hydration, pass the value explicitly.
 */
export function interfaceLanguage(envValue?: string | null): string {
  const v = (envValue ?? "").toLowerCase();
  return isLanguage(v) ? v : DEFAULT_LANG;
}
