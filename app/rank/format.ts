/**
 * Fills a text's placeholders: `{name}` and ICU plurals `{n, plural, one {# x} other {# xs}}`
 * (the plural category from Intl.PluralRules of the interface language).
 */
export function fill(text: string, values: Record<string, string | number>, lang = "en"): string {
  const plural = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
  const out = text.replace(plural, (_m, name: string, body: string) => {
    const n = Number(values[name] ?? 0);
    const forms = Object.fromEntries([...body.matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g)].map((f) => [f[1], f[2]]));
    const form = forms[`=${n}`] ?? forms[new Intl.PluralRules(lang).select(n)] ?? forms.other ?? "";
    return form.replace(/#/g, String(n));
  });
  return out.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}
