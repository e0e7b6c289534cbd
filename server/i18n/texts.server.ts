import { and, inArray, notInArray, notLike, or, type SQL } from "drizzle-orm";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import { type MessageValues, fill } from "../../common/i18n/message.ts";
import { projectRoot } from "../lib/paths.server.ts";
import type { Database } from "../db/client.server.ts";
import { texts } from "../db/schema.server.ts";
import { contentVersion } from "../content/version.server.ts";

/** Text ids every page requests (spec 7). */
export const ALWAYS_TEXT_IDS = [1262, 1263, 7898, 7899, 7900, 9767, 9787, 5823, 5824, 5826, 5827, 9954, 8709, 8710, 8711, 8712] as const;

/** Prefix of text groups that belong to one screen and are loaded by that screen's loader. */
export const PAGE_GROUP_PREFIX = "page:";

/**
 * Text groups rendered on the server only and never needed by the browser (the audit checks' texts,
 * content/texts/<lang>/checks.json, hundreds of texts; the export headings; the invoice PDF; the error messages,
 * errors.json, which the server renders into answers) are left out of the shell.
 */
export const SERVER_TEXT_GROUPS = ["checks", "audit-export", "charts", "report", "invoice", "errors"] as const;

/** Interface texts by numeric id. */
export type TextMap = Record<number, string>;

/** Selections kept per database (issue 14: texts per language are the same for every visitor). */
const CACHE_ENTRIES = 512;
const cache = new WeakMap<Database, { version: number; maps: Map<string, Promise<Readonly<TextMap>>> }>();

/**
 * Loads texts in `lang`, falling back to English per text (spec 2 "fallback locale is en").
 * With neither `groups` nor `ids`, every text is loaded; otherwise texts in any listed group or
 * with any listed id, plus ALWAYS_TEXT_IDS. `shell` leaves out page groups (named "page:…"), which
 * only their own screen loads, so long marketing copy is not sent with every page, and the
 * {@link SERVER_TEXT_GROUPS}.
 * Answers are cached per selection until the content version changes (server/content/version.server.ts)
 * and frozen: copy before changing one.
 */
export async function loadTexts(
  db: Database,
  lang: string,
  sel: { groups?: string[]; ids?: number[]; shell?: boolean } = {},
): Promise<Readonly<TextMap>> {
  const version = contentVersion();
  let entry = cache.get(db);
  if (!entry || entry.version !== version) cache.set(db, (entry = { version, maps: new Map() }));
  const key = `${lang}|${sel.groups ? [...sel.groups].sort().join(",") : "-"}|${sel.ids ? [...sel.ids].sort((a, b) => a - b).join(",") : "-"}|${sel.shell ? 1 : 0}`;
  const hit = entry.maps.get(key);
  if (hit) {
    // Least recently used goes first: move the hit to the end.
    entry.maps.delete(key);
    entry.maps.set(key, hit);
    return hit;
  }
  const loaded = queryTexts(db, lang, sel).then((m) => Object.freeze(m));
  const maps = entry.maps;
  maps.set(key, loaded);
  loaded.catch(() => maps.delete(key));
  if (maps.size > CACHE_ENTRIES) maps.delete(maps.keys().next().value!);
  return loaded;
}

async function queryTexts(db: Database, lang: string, sel: { groups?: string[]; ids?: number[]; shell?: boolean }): Promise<TextMap> {
  const langs = lang === DEFAULT_LANG ? [DEFAULT_LANG] : [DEFAULT_LANG, lang];
  const filters: SQL[] = [];
  if (sel.groups?.length) filters.push(inArray(texts.group, sel.groups));
  if (sel.ids || sel.groups) filters.push(inArray(texts.id, [...ALWAYS_TEXT_IDS, ...(sel.ids ?? [])]));
  const conditions: SQL[] = [inArray(texts.lang, langs)];
  if (filters.length) conditions.push(or(...filters)!);
  if (sel.shell) conditions.push(notLike(texts.group, `${PAGE_GROUP_PREFIX}%`), notInArray(texts.group, [...SERVER_TEXT_GROUPS]));
  const where = and(...conditions);
  const rows = await db.select({ id: texts.id, lang: texts.lang, value: texts.value }).from(texts).where(where);
  const out: TextMap = {};
  for (const r of rows) if (r.lang === DEFAULT_LANG) out[r.id] = r.value;
  for (const r of rows) if (r.lang !== DEFAULT_LANG) out[r.id] = r.value;
  return out;
}

let englishFiles: TextMap | null = null;

/** Every English text, read once from content/texts/en/*.json (no database): for output made without seeded texts (CLI exports). */
export function englishTextFiles(): TextMap {
  if (englishFiles) return englishFiles;
  const dir = path.join(projectRoot(), "content", "texts", DEFAULT_LANG);
  const out: TextMap = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const groups = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, Record<string, string>>;
    for (const entries of Object.values(groups)) for (const [id, value] of Object.entries(entries)) out[Number(id)] = value;
  }
  return (englishFiles = out);
}

/** A text by id in one language with its placeholders filled. */
export type Translate = (id: number, values?: MessageValues) => string;

/**
 * A {@link Translate} over `groups` in `lang`: English per missing text, read from the files when the
 * database has none (so output built without seeded texts is still English, never blank).
 */
export async function translator(db: Database, lang: string, groups: string[]): Promise<Translate> {
  const own = lang === DEFAULT_LANG ? {} : await loadTexts(db, lang, { groups });
  return (id, values) => fill(own[id] ?? englishTextFiles()[id] ?? "", values ?? {}, lang);
}
