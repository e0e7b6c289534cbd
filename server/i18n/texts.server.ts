import { and, inArray, notLike, or, type SQL } from "drizzle-orm";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import type { Database } from "../db/client.server.ts";
import { texts } from "../db/schema.server.ts";

/** Text ids every page requests (spec 7). */
export const ALWAYS_TEXT_IDS = [1262, 1263, 7898, 7899, 7900, 9767, 9787, 5823, 5824, 5826, 5827, 9954, 8709, 8710, 8711, 8712] as const;

/** Prefix of text groups that belong to one screen and are loaded by that screen's loader. */
export const PAGE_GROUP_PREFIX = "page:";

/** Interface texts by numeric id. */
export type TextMap = Record<number, string>;

/**
 * Loads texts in `lang`, falling back to English per text (spec 2 "fallback locale is en").
 * With neither `groups` nor `ids`, every text is loaded; otherwise texts in any listed group or
 * with any listed id, plus ALWAYS_TEXT_IDS. `shell` leaves out page groups (named "page:…"), which
 * only their own screen loads, so long marketing copy is not sent with every page.
 */
export async function loadTexts(
  db: Database,
  lang: string,
  sel: { groups?: string[]; ids?: number[]; shell?: boolean } = {},
): Promise<TextMap> {
  const langs = lang === DEFAULT_LANG ? [DEFAULT_LANG] : [DEFAULT_LANG, lang];
  const filters: SQL[] = [];
  if (sel.groups?.length) filters.push(inArray(texts.group, sel.groups));
  if (sel.ids || sel.groups) filters.push(inArray(texts.id, [...ALWAYS_TEXT_IDS, ...(sel.ids ?? [])]));
  const conditions: SQL[] = [inArray(texts.lang, langs)];
  if (filters.length) conditions.push(or(...filters)!);
  if (sel.shell) conditions.push(notLike(texts.group, `${PAGE_GROUP_PREFIX}%`));
  const where = and(...conditions);
  const rows = await db.select({ id: texts.id, lang: texts.lang, value: texts.value }).from(texts).where(where);
  const out: TextMap = {};
  for (const r of rows) if (r.lang === DEFAULT_LANG) out[r.id] = r.value;
  for (const r of rows) if (r.lang !== DEFAULT_LANG) out[r.id] = r.value;
  return out;
}
