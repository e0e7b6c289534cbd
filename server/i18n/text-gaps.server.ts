import { count, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DEFAULT_LANG, LANGUAGES } from "../../common/i18n/languages.ts";
import type { TextGaps } from "../../common/i18n/indexing.ts";
import type { Database } from "../db/client.server.ts";
import { texts } from "../db/schema.server.ts";
import { contentVersion } from "../content/version.server.ts";

const cache = new WeakMap<Database, { version: number; gaps: Promise<TextGaps> }>();

async function compute(db: Database): Promise<TextGaps> {
  const own = alias(texts, "own");
  const rows = await db
    .select({ group: texts.group, lang: own.lang, n: count() })
    .from(texts)
    .innerJoin(own, eq(own.id, texts.id))
    .where(eq(texts.lang, DEFAULT_LANG))
    .groupBy(texts.group, own.lang);
  const byGroup = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const m = byGroup.get(r.group) ?? new Map<string, number>();
    m.set(r.lang, Number(r.n));
    byGroup.set(r.group, m);
  }
  const gaps: TextGaps = {};
  for (const [group, perLang] of byGroup) {
    const total = perLang.get(DEFAULT_LANG) ?? 0;
    const missing = LANGUAGES.map((l) => l.code).filter((code) => (perLang.get(code) ?? 0) < total);
    if (missing.length) gaps[group] = missing;
  }
  return gaps;
}

/**
 * Which languages lack part of each interface text group (issue 15 rule 3), from the texts table:
 * a language has a gap in a group when one of the group's English text ids has no text in it.
 * Cached per database until the content version changes (texts change only through a content write).
 */
export function textGaps(db: Database): Promise<TextGaps> {
  const version = contentVersion();
  const hit = cache.get(db);
  if (hit && hit.version === version) return hit.gaps;
  const gaps = compute(db);
  cache.set(db, { version, gaps });
  gaps.catch(() => cache.delete(db));
  return gaps;
}
