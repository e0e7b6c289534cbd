/** Every pg-boss queue of the product. */
export const QUEUES = {
  /** One on-page analysis of a project's page: data `{ analysisId: number }`. */
  analyzePage: "analyze-page",
  /** Delivers one stored e-mail (server/email/deliver.server.ts): data `{ emailId: number }`. */
  sendEmail: "email-send",
  /** One worker on a crawl (issue 3): data `{ crawlId: number }`; several may share a crawl. */
  crawl: "crawl",
  /** Sent by a project's re-crawl schedule: data `{ projectId: number }`. */
  crawlSchedule: "crawl-schedule",
} as const;
