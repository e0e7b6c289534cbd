/**
 * A small ICU MessageFormat subset for the commerce texts: `{name}` placeholders and
 * `{n, plural, one {…} other {…}}` (with `#` for the number), using the language's plural rules.
 */
import { pluralCategory } from "../i18n/format.ts";

function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return text.length;
}

/** Formats `text` with `vars` in `lang`. Unknown placeholders stay as written. */
export function icu(lang: string, text: string, vars: Record<string, string | number>): string {
  let out = "";
  for (let i = 0; i < text.length;) {
    if (text[i] !== "{") {
      out += text[i++];
      continue;
    }
    const end = closing(text, i);
    const body = text.slice(i + 1, end);
    const m = /^(\w+),\s*plural,\s*([\s\S]*)$/.exec(body);
    if (m) {
      const n = Number(vars[m[1]!]);
      const forms: Record<string, string> = {};
      const rest = m[2]!;
      for (let j = 0; j < rest.length;) {
        const key = /^\s*(=?\w+)\s*\{/.exec(rest.slice(j));
        if (!key) break;
        const open = j + key[0].length - 1;
        const close = closing(rest, open);
        forms[key[1]!] = rest.slice(open + 1, close);
        j = close + 1;
      }
      const form = forms[`=${n}`] ?? forms[pluralCategory(lang, n)] ?? forms.other ?? "";
      out += icu(lang, form.replace(/#/g, String(n)), vars);
    } else out += body in vars ? String(vars[body]) : `{${body}}`;
    i = end + 1;
  }
  return out;
}
