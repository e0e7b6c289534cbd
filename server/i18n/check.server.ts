import { DEFAULT_LANG, LANGUAGES, toBcp47 } from "../../common/i18n/languages.ts";
import { messageShape, type MessageShape } from "../../common/i18n/message-arguments.ts";

/** One interface text row (content/texts/<lang>/*.json). */
export interface TextRow {
  lang: string;
  id: number;
  value: string;
}

/** A problem the build check reports (issue 15 item 2). */
export interface TextProblem {
  lang: string;
  id: number;
  kind: "missing" | "placeholders" | "plural" | "syntax";
  message: string;
}

/** CLDR cardinal plural categories a language needs, through Intl.PluralRules with its BCP 47 tag (spec code → tag table). */
export function requiredPluralCategories(lang: string): string[] {
  return new Intl.PluralRules(toBcp47(lang)).resolvedOptions().pluralCategories;
}

/**
 * The build check of issue 15 item 2 over all text rows: for every supported language, each
 * English id must exist; a translation must use exactly the English placeholders; every plural
 * argument must carry each CLDR category its language needs ("other" included); and every text
 * must be valid ICU. Returns the problems, in language then id order (empty when all is well).
 */
export function checkTexts(rows: readonly TextRow[], langs: readonly string[] = LANGUAGES.map((l) => l.code)): TextProblem[] {
  const problems: TextProblem[] = [];
  const byLang = new Map<string, Map<number, string>>();
  for (const r of rows) {
    const m = byLang.get(r.lang) ?? new Map<number, string>();
    m.set(r.id, r.value);
    byLang.set(r.lang, m);
  }
  const english = byLang.get(DEFAULT_LANG) ?? new Map<number, string>();
  const englishShapes = new Map<number, MessageShape | null>();
  for (const [id, value] of english) {
    try {
      englishShapes.set(id, messageShape(value));
    } catch (e) {
      englishShapes.set(id, null);
      problems.push({ lang: DEFAULT_LANG, id, kind: "syntax", message: (e as Error).message });
    }
  }
  for (const lang of langs) {
    const own = byLang.get(lang) ?? new Map<number, string>();
    for (const id of [...english.keys()].sort((a, b) => a - b)) {
      const value = own.get(id);
      if (value === undefined) {
        problems.push({ lang, id, kind: "missing", message: `text ${id} exists in English but not in ${lang}` });
        continue;
      }
      const en = englishShapes.get(id);
      if (!en) continue;
      let shape: MessageShape;
      try {
        shape = lang === DEFAULT_LANG ? en : messageShape(value);
      } catch (e) {
        problems.push({ lang, id, kind: "syntax", message: (e as Error).message });
        continue;
      }
      if (shape.arguments.join(",") !== en.arguments.join(",")) {
        const list = (a: string[]) => a.join(", ") || "none";
        problems.push({
          lang,
          id,
          kind: "placeholders",
          message: `placeholders {${list(shape.arguments)}} differ from English {${list(en.arguments)}}`,
        });
      }
      for (const [arg, categories] of Object.entries(shape.plurals)) {
        const lacking = requiredPluralCategories(lang).filter((c) => !categories.includes(c));
        if (lacking.length) problems.push({ lang, id, kind: "plural", message: `plural {${arg}} lacks ${lacking.join(", ")}` });
      }
    }
  }
  return problems;
}
