/**
 * The texts of the checks (issue 15): every title, explanation, fix and message of a page-level or
 * site-wide check is a text in content/texts/<lang>/checks.json (ids 60000–62999). Checks hold
 * {@link TextRef}s; reports render them in the reader's language, and in English here for the
 * CLI, docs/checks.md and the API's default.
 */
import english from "../../../content/texts/en/checks.json" with { type: "json" };
import { type MessageValues, type TextRef, renderText } from "../../../common/i18n/message.ts";
import { DEFAULT_LANG } from "../../../common/i18n/languages.ts";

/** Text group of the check texts in content/texts/<lang>/checks.json. */
export const CHECK_TEXT_GROUP = "checks";

/** The English check texts by id. */
export const ENGLISH_CHECK_TEXTS: Readonly<Record<number, string>> = english.checks;

/** A reference to check text `id` with its placeholder values. */
export function text(id: number, values?: MessageValues): TextRef {
  return values ? { id, values } : { id };
}

/** Renders a check text in English. */
export function englishText(ref: TextRef): string {
  return renderText(ref, ENGLISH_CHECK_TEXTS, DEFAULT_LANG);
}
