import { pluralCategory } from "../i18n/format.ts";

/**
 * Fills an interface text with a number: `{n}` and ICU plurals `{n, plural, one {# page} other {# pages}}`
 * (`=0`-style exact forms too), forms chosen by the language's plural rules. Texts of the reports
 * screens only use these two shapes.
 */
export function formatCount(lang: string, pattern: string, n: number): string {
  const shown = new Intl.NumberFormat(lang).format(n);
  const withPlural = pattern.replace(/\{n, plural,((?:[^{}]|\{[^{}]*\})*)\}/g, (_m, body: string) => {
    const forms = new Map([...body.matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g)].map((f) => [f[1]!, f[2]!]));
    const form = forms.get(`=${n}`) ?? forms.get(pluralCategory(lang, n)) ?? forms.get("other") ?? "";
    return form.replaceAll("#", shown);
  });
  return withPlural.replaceAll("{n}", shown);
}

/** A byte count as "12.3 KB" / "1.2 MB". */
export function formatBytes(lang: string, bytes: number): string {
  const nf = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${nf.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${nf.format(bytes / 1024)} KB`;
  return `${nf.format(bytes / 1024 / 1024)} MB`;
}
