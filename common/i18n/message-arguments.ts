import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/** What a text asks of its caller: argument names, and for each plural argument the categories it writes. */
export interface MessageShape {
  /** Argument names, sorted and unique, e.g. ["n", "q"] for "{n, plural, one {# for {q}} other {…}}". */
  arguments: string[];
  /** Plural argument → plural categories given (exact `=0` forms excluded), e.g. { n: ["few", "one", "other"] }. */
  plurals: Record<string, string[]>;
}

/**
 * The shape of an ICU MessageFormat text (issue 15: translations keep every placeholder and give
 * every plural category their language needs). Throws the parser's error on a malformed text.
 */
export function messageShape(text: string): MessageShape {
  const names = new Set<string>();
  const plurals: Record<string, Set<string>> = {};
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        names.add(el.value);
        if (el.type === TYPE.plural) {
          const set = (plurals[el.value] ??= new Set());
          for (const key of Object.keys(el.options)) if (!key.startsWith("=")) set.add(key);
        }
        for (const option of Object.values(el.options)) walk(option.value);
      }
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parse(text, { ignoreTag: true }));
  return {
    arguments: [...names].sort(),
    plurals: Object.fromEntries(Object.entries(plurals).map(([k, v]) => [k, [...v].sort()])),
  };
}
