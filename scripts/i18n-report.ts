/**
 * `npm run i18n:report` (issue 15 item 2): per supported language, interface texts, blog posts,
 * legal pages and cases translated / total, as a Markdown table. Untranslated items fall back to
 * English (spec 2) and are not indexable in that language (docs/decisions/0008).
 */
import { reportTable, translationReport } from "../server/i18n/report.server.ts";

console.log(reportTable(translationReport()));
