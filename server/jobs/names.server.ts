/** Every pg-boss queue of the product. */
export const QUEUES = {
  /** One on-page analysis of a project's page: data `{ analysisId: number }`. */
  analyzePage: "analyze-page",
  /** Delivers one stored e-mail (server/email/deliver.server.ts): data `{ emailId: number }`. */
  sendEmail: "email-send",
} as const;
