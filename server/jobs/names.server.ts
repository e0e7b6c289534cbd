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
  /** One page speed test, N Lighthouse runs on mobile and desktop (issue 12.1): data `{ testId: number }`. */
  speedTest: "speed-test",
} as const;
