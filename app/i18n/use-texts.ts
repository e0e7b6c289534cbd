import { useRouteLoaderData } from "react-router";
import { fill, type MessageValues } from "../../common/i18n/message.ts";
import type { TextId } from "./text-ids.ts";

/** What the root loader exposes to every screen about the interface language. */
export interface RootI18n {
  lang: string;
  bcp47: string;
  texts: Record<number, string>;
}

/**
 * Returns `t(id, fallback?)` reading the texts the root loader sent for the URL's language
 * (English fallback already applied server-side). An id with no text returns `fallback` or "".
 */
export function useT(): (id: TextId, fallback?: string) => string {
  const data = useRouteLoaderData("root") as RootI18n | undefined;
  const texts = data?.texts ?? {};
  return (id, fallback) => texts[id] ?? fallback ?? "";
}

/** The interface language code (URL prefix) and its BCP 47 tag. */
export function useLang(): { lang: string; bcp47: string } {
  const data = useRouteLoaderData("root") as RootI18n | undefined;
  return { lang: data?.lang ?? "en", bcp47: data?.bcp47 ?? "en" };
}

/**
 * Returns `f(id, values)`: the text `id` in the URL's language with its placeholders and ICU plural /
 * select arguments filled (common/i18n/message.ts `fill`), e.g. f(id, { count: 1 }) → "1 page".
 */
export function useMessage(): (id: TextId, values: MessageValues) => string {
  const t = useT();
  const { lang } = useLang();
  return (id, values) => fill(t(id), values, lang);
}
