import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { LANGUAGES, datepickerFor } from "../../common/i18n/languages.ts";
import { projectRoot } from "../lib/paths.server.ts";
import type { Database } from "./client.server.ts";
import { DEFAULT_MANAGER, PRICE_PLANS, SUBJECT_TYPES, productKey } from "./reference-data.server.ts";
import { languages, managers, pricePlans, requestSubjectTypes, texts } from "./schema.server.ts";
import { seedSite } from "../site/seed.server.ts";
import { contentChanged } from "../content/version.server.ts";

/** Texts file shape: content/texts/<lang>/<feature>.json → { group: { "<text id>": "text" } }. */
type TextsFile = Record<string, Record<string, string>>;

/**
 * Reads every content/texts/<lang>/*.json into rows. Each feature keeps its own file per language
 * (e.g. core.json, audit.json); a text id must be unique across the files of one language.
 * @throws Error when two files of one language define the same id.
 */
export function readTextFiles(): { lang: string; id: number; group: string; value: string }[] {
  const dir = path.join(projectRoot(), "content", "texts");
  const rows: { lang: string; id: number; group: string; value: string }[] = [];
  for (const lang of readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)) {
    const seen = new Map<number, string>();
    for (const file of readdirSync(path.join(dir, lang))
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      const data = JSON.parse(readFileSync(path.join(dir, lang, file), "utf8")) as TextsFile;
      for (const [group, entries] of Object.entries(data)) {
        for (const [key, value] of Object.entries(entries)) {
          const id = Number(key);
          const other = seen.get(id);
          if (other) throw new Error(`Text id ${id} of ${lang} is defined in both ${other} and ${file}`);
          seen.set(id, file);
          rows.push({ lang, id, group, value });
        }
      }
    }
  }
  return rows;
}

/**
 * Idempotent seed of reference data: languages, interface texts, request subject types, price
 * tables and the default manager. Runs in one transaction at every start; upserts, never duplicates.
 * Ends with a content change (texts and prices may differ from what other processes cached).
 */
export async function seed(db: Database): Promise<void> {
  const textRows = readTextFiles();
  await db.transaction(async (tx) => {
    await tx
      .insert(languages)
      .values(LANGUAGES.map(({ dir: _dir, ...l }, i) => ({ ...l, datepicker: datepickerFor(l.code), position: i })))
      .onConflictDoUpdate({
        target: languages.code,
        set: {
          bcp47: sql`excluded.bcp47`,
          name: sql`excluded.name`,
          nativeName: sql`excluded.native_name`,
          datepicker: sql`excluded.datepicker`,
          position: sql`excluded.position`,
        },
      });
    for (let i = 0; i < textRows.length; i += 500) {
      await tx
        .insert(texts)
        .values(textRows.slice(i, i + 500))
        .onConflictDoUpdate({ target: [texts.lang, texts.id], set: { value: sql`excluded.value`, group: sql`excluded.group` } });
    }
    await tx
      .insert(requestSubjectTypes)
      .values(SUBJECT_TYPES)
      .onConflictDoUpdate({ target: requestSubjectTypes.id, set: { label: sql`excluded.label` } });
    await tx
      .insert(pricePlans)
      .values(PRICE_PLANS.map((p) => ({ ...p, productKey: productKey(p), link: `/price?plan=${productKey(p)}` })))
      .onConflictDoUpdate({
        target: pricePlans.productKey,
        set: {
          priceCents: sql`excluded.price_cents`,
          regularCents: sql`excluded.regular_cents`,
          discountPercent: sql`excluded.discount_percent`,
          bestDeal: sql`excluded.best_deal`,
          months: sql`excluded.months`,
          days: sql`excluded.days`,
        },
      });
    const existing = await tx.select({ id: managers.id }).from(managers).where(eq(managers.isDefault, true)).limit(1);
    if (existing.length === 0) await tx.insert(managers).values(DEFAULT_MANAGER);
  });
  await seedSite(db);
  await contentChanged(db);
}
