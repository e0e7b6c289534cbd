import { and, inArray, or, type SQL } from "drizzle-orm";
import { DEFAULT_LANG } from "../../app/i18n/languages.ts";
import type { Database } from "../db/client.server.ts";
import { texts } from "../db/schema.server.ts";

/** Text ids every page requests (spec 7). */
export const ALWAYS_TEXT_IDS = [1262, 1263, 7898, 7899, 7900, 9767, 9787, 5823, 5824, 5826, 5827, 9954, 8709, 8710, 8711, 8712] as const;

/** Interface texts by numeric id. */
export type TextMap = Record<number, string>;

/**
 * Loads texts in `lang`, falling back to English per text (spec 2 "fallback locale is en").
 * With neither `groups` nor `ids`, every text is loaded; otherwise texts in any listed group or
 * with any listed id, plus ALWAYS_TEXT_IDS.
 */
export async function loadTexts(db: Database, lang: string, sel: { groups?: string[]; ids?: number[] } = {}): Promise<TextMap> {
  const langs = lang === DEFAULT_LANG ? [DEFAULT_LANG] : [DEFAULT_LANG, lang];
  const filters: SQL[] = [];
  if (sel.groups?.length) filters.push(inArray(texts.group, sel.groups));
  if (sel.ids || sel.groups) filters.push(inArray(texts.id, [...ALWAYS_TEXT_IDS, ...(sel.ids ?? [])]));
  const where = filters.length ? and(inArray(texts.lang, langs), or(...filters)) : inArray(texts.lang, langs);
  const rows = await db.select({ id: texts.id, lang: texts.lang, value: texts.value }).from(texts).where(where);
  const out: TextMap = {};
  for (const r of rows) if (r.lang === DEFAULT_LANG) out[r.id] = r.value;
  for (const r of rows) if (r.lang !== DEFAULT_LANG) out[r.id] = r.value;
  return out;
}
