/**
 * `npm run i18n:report`: for every supported language, how many interface texts are translated
 * (have their own text in content/texts/<lang>/) out of the English total; the rest fall back to
 * English per text (spec 2 "fallback locale is en"). Prints one line per language.
 */
import { LANGUAGES } from "../common/i18n/languages.ts";
import { readTextFiles } from "../server/db/seed.server.ts";

const rows = readTextFiles();
const english = new Set(rows.filter((r) => r.lang === "en").map((r) => r.id));
const total = english.size;
console.log(`language  translated / total  (English fallback for the rest)`);
for (const l of LANGUAGES) {
  const own = new Set(rows.filter((r) => r.lang === l.code && english.has(r.id)).map((r) => r.id));
  const pct = total ? Math.floor((own.size / total) * 1000) / 10 : 100;
  console.log(`${l.code.padEnd(8)}  ${String(own.size).padStart(5)} / ${total}  ${pct.toFixed(1)}%  ${l.name}`);
}
