import { asc } from "drizzle-orm";
import { SUBJECT_TEXT } from "../../common/requests/subject-text.ts";
import { isSubjectType } from "../../common/requests/validate.ts";
import type { Database } from "../db/client.server.ts";
import { requestSubjectTypes } from "../db/schema.server.ts";
import { loadTexts } from "../i18n/texts.server.ts";

/** A spec 3 request subject type and its label in one language. */
export interface SubjectLabel {
  value: number;
  label: string;
}

/**
 * The request subject types with their labels in `lang` (issue 15.1, decision 0019): the
 * request_subject_types table says which values exist; each label is the text keyed by the value
 * (common/requests/subject-text.ts) in `lang`, English where `lang` has none, and the table's own
 * (English) label for a value that has no text. Ordered by value.
 */
export async function subjectLabels(db: Database, lang: string): Promise<SubjectLabel[]> {
  const rows = await db.select().from(requestSubjectTypes).orderBy(asc(requestSubjectTypes.id));
  const texts = await loadTexts(db, lang, { ids: Object.values(SUBJECT_TEXT) });
  return rows.map((r) => ({ value: r.id, label: (isSubjectType(r.id) ? texts[SUBJECT_TEXT[r.id]] : undefined) ?? r.label }));
}

/** The label of one subject value in `lang` (see {@link subjectLabels}); the value itself when the table has no such row. */
export async function subjectLabel(db: Database, lang: string, value: number): Promise<string> {
  return (await subjectLabels(db, lang)).find((s) => s.value === value)?.label ?? String(value);
}
