/** Every pg-boss queue of the product. */
export const QUEUES = {
  /** One on-page analysis of a project's page: data `{ analysisId: number }`. */
  analyzePage: "analyze-page",
  /** Delivers one stored e-mail (server/email/deliver.server.ts): data `{ emailId: number }`. */
  sendEmail: "email-send",
  /** One worker on an audit (issue 3): data `{ auditId: number }`; several may share an audit. */
  audit: "audit",
  /** Sent by a project's repeat audit schedule: data `{ projectId: number }`. */
  auditSchedule: "audit-schedule",
  /** The daily privacy purge (server/privacy/purge.server.ts): no data. */
  privacyPurge: "privacy-purge",
  /** Builds one report file (issue 11): data `{ fileId: number }`. */
  reportGenerate: "report-generate",
  /** One run of a scheduled report delivery (issue 11), sent by its cron schedule: data `{ deliveryId: number }`. */
  reportDelivery: "report-delivery",
  /** A project's rank checks for its current day (issue 10): data `{ projectId: number, keywordIds?: number[] }`; sent daily by the project's schedule and by "check now". */
  rankCheck: "rank-check",
  /** One page speed test, N Lighthouse runs on mobile and desktop (issue 12.1): data `{ testId: number }`. */
  speedTest: "speed-test",
  /** Sent by a project's site speed schedule (issue 12.2): data `{ projectId: number }`. */
  siteSpeedSchedule: "site-speed-schedule",
  /** The daily "plan ends soon" popup code (spec 4 code 11, server/popups/plan-expiry.server.ts): no data. */
  planExpiry: "plan-expiry",
} as const;
