import type { Database } from "../db/client.server.ts";
import { loadTexts, PAGE_GROUP_PREFIX, type TextMap } from "../i18n/texts.server.ts";

/**
 * Texts of one marketing screen in `lang` (English fallback per text): its own group
 * "page:<key>" and the shared marketing labels "page:site" (issue 4, ids 30000–34999).
 */
export function loadPageTexts(db: Database, lang: string, key: string): Promise<TextMap> {
  return loadTexts(db, lang, { groups: [`${PAGE_GROUP_PREFIX}site`, `${PAGE_GROUP_PREFIX}${key}`] });
}
