/**
 * Report type codes (spec 3) and the text ids of their labels (content/texts/en/reports.json,
 * range 53000–53999). Any other code shows the generic label.
 */
export const REPORT_TYPE_CODES = ["as", "fs", "bp", "co", "wa", "ps", "ch"] as const;

/** Text id of each report type's label. */
export const REPORT_TYPE_TEXT: Record<string, number> = {
  as: 53001,
  fs: 53002,
  bp: 53003,
  co: 53004,
  wa: 53005,
  ps: 53006,
  ch: 53007,
};
/** Text id of the generic label of an unknown type (spec 3). */
export const GENERIC_REPORT_TEXT = 53000;

/** Text id of a report type's label; unknown codes get the generic one. */
export const reportTypeText = (type: string): number => REPORT_TYPE_TEXT[type] ?? GENERIC_REPORT_TEXT;

/** English labels (server-side file names, e-mails, PDF headings). */
export const REPORT_TYPE_LABEL: Record<string, string> = {
  as: "AutoSEO progress",
  fs: "FullSEO progress",
  bp: "Best pages",
  co: "Competitors",
  wa: "Website audit",
  ps: "Page speed",
  ch: "Changes since the previous report",
};

/** English label of a type, generic for unknown codes. */
export const reportTypeLabel = (type: string): string => REPORT_TYPE_LABEL[type] ?? "SEO report";

/** Periods a report may cover, in days (the create/edit and delivery forms offer these). */
export const PERIODS = [7, 30, 90, 365] as const;

/** Text ids of the delivery e-mails (reports.json, group "email"). */
export const DELIVERY_EMAIL = {
  /** "Your scheduled {frequency} report for {domain} (the last {days} days) is {delivery: link | attached}." */
  scheduled: 53150,
  /** "A report delivery for {domain} failed" */
  failedSubject: 53151,
  /** "… could not be sent after {count} attempts." */
  failedText: 53152,
  /** What the owner can do; the technical reason stays in the run's history and the log (issue 15.1). */
  failedHelp: 53155,
  failedButton: 53154,
} as const;
