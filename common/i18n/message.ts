import { IntlMessageFormat } from "intl-messageformat";
import { toBcp47 } from "./languages.ts";

/** Values of a text's placeholders: `{name}` arguments and the counts of ICU `plural` / `select` arguments. */
export type MessageValues = Record<string, string | number>;

const ICU = /\{\s*\w+\s*,\s*(plural|selectordinal|select)\s*,/;
const compiled = new Map<string, IntlMessageFormat>();
const MAX_COMPILED = 2000;

function compile(lang: string, text: string): IntlMessageFormat {
  const key = `${lang}\u0000${text}`;
  let format = compiled.get(key);
  if (!format) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    format = new IntlMessageFormat(text, toBcp47(lang), undefined, { ignoreTag: true });
    compiled.set(key, format);
  }
  return format;
}

function replaceSimple(text: string, values: MessageValues): string {
  return text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}

/**
 * Fills a text's placeholders in the language `lang` (a spec language code, e.g. "ro", "ua"):
 * `{name}` is replaced by its value (unknown names stay as written), and ICU MessageFormat
 * arguments such as `{n, plural, one {# page} few {# pages} other {# pages}}` pick the form of
 * that language's CLDR plural rules (spec 9: ru/uk plural rules; issue 15: every language).
 * Numbers are inserted as given (callers format them first when they need grouping).
 * e.g. fill("Save {n}%", { n: 25 }, "en") → "Save 25%". Never throws: a text that does not parse
 * as ICU falls back to plain `{name}` replacement.
 */
export function fill(text: string, values: MessageValues, lang: string): string {
  if (!ICU.test(text)) return replaceSimple(text, values);
  try {
    const strings: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(values)) strings[k] = v;
    return String(compile(lang, text).format(strings));
  } catch {
    return replaceSimple(text, values);
  }
}

/**
 * A text by id with the values of its placeholders, stored now and rendered later in the reader's
 * language (issue 15: audit check titles, explanations, fixes and messages, content/texts/<lang>/checks.json).
 */
export interface TextRef {
  id: number;
  values?: MessageValues;
}

/**
 * Renders `ref` with `texts` (id → text in `lang`, English already merged in as the fallback);
 * an id missing from `texts` renders as `#<id>` so a gap is visible rather than blank.
 */
export function renderText(ref: TextRef, texts: Readonly<Record<number, string>>, lang: string): string {
  const text = texts[ref.id];
  return text === undefined ? `#${ref.id}` : fill(text, ref.values ?? {}, lang);
}
