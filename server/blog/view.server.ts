import { data, redirect } from "react-router";
import { formatDay } from "../../common/content/format.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";

/** The URL's language (the site layout has already rejected unsupported prefixes). */
export function langOf(params: { lang?: string | undefined }): string {
  return isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
}

/**
 * The `page` query parameter of a list (1 when absent).
 * @throws a 301 redirect to the URL without it for page=1, a 404 response for anything but a
 * whole number ≥ 1.
 */
export function pageOf(request: Request): number {
  const url = new URL(request.url);
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) throw data(null, { status: 404 });
  if (n === 1) {
    url.searchParams.delete("page");
    throw redirect(url.pathname + url.search, 301);
  }
  return n;
}

/** Adds the interface-language date text to items with a `publishedOn` day. */
export function withDates<T extends { publishedOn: string }>(items: T[], lang: string): (T & { dateText: string })[] {
  return items.map((i) => ({ ...i, dateText: formatDay(lang, i.publishedOn) }));
}

/** Throws the 404 response of a list page number past the end. */
export function assertPage(page: number, pages: number): void {
  if (page > pages) throw data(null, { status: 404 });
}
