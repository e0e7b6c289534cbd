import type { SubjectType } from "./validate.ts";

/**
 * Text id of each spec 3 request subject label, keyed by the subject value (issue 15.1; decision
 * 0019): content/texts/<lang>/manager.json, group "request". The request popup, the managers'
 * e-mails and any list of requests show the label in the reader's language through these ids.
 */
export const SUBJECT_TEXT: Readonly<Record<SubjectType, number>> = {
  1: 42524,
  8: 42525,
  3: 42526,
  17: 42527,
  15: 42528,
  14: 42529,
  18: 42530,
  16: 42531,
  6: 42532,
};
