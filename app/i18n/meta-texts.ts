import type { RootI18n } from "./use-texts.ts";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import { fill, type MessageValues } from "../../common/i18n/message.ts";

/** A route match as React Router passes it to `meta` (only what is read here). */
type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/**
 * `t(id, values?)` over the root loader's interface texts, for a route's `meta` function (issue 15:
 * titles and descriptions come from texts in every language, never hard-coded English). With
 * `values`, placeholders are filled in the URL's language (common/i18n/message.ts `fill`). "" for no text.
 */
export function metaTexts(matches: readonly MetaMatch[]): (id: number, values?: MessageValues) => string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootI18n | undefined;
  return (id, values) => {
    const text = root?.texts[id] ?? "";
    return values ? fill(text, values, root?.lang ?? DEFAULT_LANG) : text;
  };
}

/** A page title with the brand: " — Rankforge" is appended while the whole stays within 60 characters. */
export function brandTitle(title: string): string {
  return title.length + 12 <= 60 && !title.includes("Rankforge") ? `${title} — Rankforge` : title;
}
