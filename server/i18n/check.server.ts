import { IntlMessageFormat } from "intl-messageformat";
import { DEFAULT_LANG, LANGUAGES, toBcp47 } from "../../common/i18n/languages.ts";

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

/** ICU message AST node types (intl-messageformat / @formatjs parser TYPE enum). */
const ARGUMENT_TYPES = new Set([1, 2, 3, 4, 5, 6]);
const SELECT = 5;
const PLURAL = 6;

interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
  pluralType?: "cardinal" | "ordinal";
  children?: AstNode[];
}

/** What the check needs from one message: its argument names and, per plural argument, its categories. */
export interface MessageShape {
  args: Set<string>;
  plurals: { arg: string; ordinal: boolean; categories: string[] }[];
}

/**
 * Parses an ICU message (tags left as text) into its {@link MessageShape}.
 * @throws Error with the parser's message on invalid ICU syntax.
 */
export function messageShape(message: string, bcp47: string): MessageShape {
  const ast = new IntlMessageFormat(message, bcp47, undefined, { ignoreTag: true }).getAst() as unknown as AstNode[];
  const shape: MessageShape = { args: new Set(), plurals: [] };
  const walk = (nodes: AstNode[]) => {
    for (const n of nodes) {
      if (ARGUMENT_TYPES.has(n.type) && typeof n.value === "string") shape.args.add(n.value);
      if (n.type === PLURAL && typeof n.value === "string") {
        const categories = Object.keys(n.options ?? {}).filter((k) => !k.startsWith("="));
        shape.plurals.push({ arg: n.value, ordinal: n.pluralType === "ordinal", categories });
      }
      if (n.type === PLURAL || n.type === SELECT) for (const o of Object.values(n.options ?? {})) walk(o.value);
      if (n.children) walk(n.children);
    }
  };
  walk(ast);
  return shape;
}

/** CLDR plural categories a language needs (cardinal or ordinal), through Intl.PluralRules with its BCP 47 tag. */
export function requiredPluralCategories(lang: string, ordinal = false): string[] {
  return new Intl.PluralRules(toBcp47(lang), { type: ordinal ? "ordinal" : "cardinal" }).resolvedOptions().pluralCategories;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

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
      englishShapes.set(id, messageShape(value, "en"));
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
        shape = lang === DEFAULT_LANG ? en : messageShape(value, toBcp47(lang));
      } catch (e) {
        problems.push({ lang, id, kind: "syntax", message: (e as Error).message });
        continue;
      }
      if (!sameSet(shape.args, en.args)) {
        const list = (s: Set<string>) => [...s].sort().join(", ") || "none";
        problems.push({ lang, id, kind: "placeholders", message: `placeholders {${list(shape.args)}} differ from English {${list(en.args)}}` });
      }
      for (const p of shape.plurals) {
        const lacking = requiredPluralCategories(lang, p.ordinal).filter((c) => !p.categories.includes(c));
        if (lacking.length) problems.push({ lang, id, kind: "plural", message: `plural {${p.arg}} lacks ${lacking.join(", ")}` });
      }
    }
  }
  return problems;
}
