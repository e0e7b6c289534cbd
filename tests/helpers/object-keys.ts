/** Top-level keys of an object literal's source `a, b: f(x, y), c` (commas inside brackets skipped). */
export function objectKeys(src: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let part = "";
  for (const ch of src) {
    if ("([{".includes(ch)) depth++;
    if (")]}".includes(ch)) depth--;
    if (ch === "," && depth === 0) {
      keys.push(part);
      part = "";
    } else part += ch;
  }
  keys.push(part);
  return keys.map((k) => k.trim().split(":")[0]!.trim()).filter(Boolean);
}
