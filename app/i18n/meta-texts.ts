import type { RootI18n } from "./use-texts.ts";

/** A route match as React Router passes it to `meta` (only what is read here). */
type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/**
 * `t(id)` over the root loader's interface texts, for a route's `meta` function (issue 15: titles
 * and descriptions come from texts in every language, never hard-coded English). "" for no text.
 */
export function metaTexts(matches: readonly MetaMatch[]): (id: number) => string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootI18n | undefined;
  return (id) => root?.texts[id] ?? "";
}

/** A page title with the brand: " — Rankforge" is appended while the whole stays within 60 characters. */
export function brandTitle(title: string): string {
  return title.length + 12 <= 60 && !title.includes("Rankforge") ? `${title} — Rankforge` : title;
}
