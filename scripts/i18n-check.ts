/**
 * `npm run i18n:check` (issue 15 item 2): fails (exit code 1) when a text id exists in English but
 * not in another language, when a translation drops or adds a placeholder, when a plural text lacks
 * a CLDR category its language needs, or when a text is not valid ICU. Prints every problem.
 */
import { checkTexts } from "../server/i18n/check.server.ts";
import { readTextFiles } from "../server/db/seed.server.ts";

const problems = checkTexts(readTextFiles());
for (const p of problems) console.log(`${p.lang}\t${p.id}\t${p.kind}\t${p.message}`);
const byKind = new Map<string, number>();
for (const p of problems) byKind.set(p.kind, (byKind.get(p.kind) ?? 0) + 1);
console.log(problems.length ? `i18n check failed: ${[...byKind].map(([k, n]) => `${n} ${k}`).join(", ")}` : "i18n check passed");
process.exitCode = problems.length ? 1 : 0;
