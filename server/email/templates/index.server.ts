import { AT } from "../../../app/accounts/text-ids.ts";
import type { EmailContent } from "./layout.server.ts";

/** Looks up an interface text by id in the recipient's language (English fallback). */
export type Translate = (id: number) => string;

interface LinkData {
  url: string;
  name?: string | undefined;
}

const greet = (t: Translate, name: string | undefined) => (name ? `${t(AT.greeting)} ${name},` : `${t(AT.greeting)},`);

/**
 * Every e-mail template (issue 5) and the data it needs. Account templates take a link; "notice"
 * carries literal text for internal mail (e.g. a manager's new-request notification).
 */
export const TEMPLATES = {
  "verify-email": (t: Translate, d: LinkData): EmailContent => ({
    subject: t(AT.verifySubject),
    heading: t(AT.verifySubject),
    paragraphs: [greet(t, d.name), t(AT.verifyText), t(AT.ignoreNote)],
    action: { label: t(AT.verifyButton), url: d.url },
  }),
  "confirm-new-email": (t: Translate, d: LinkData): EmailContent => ({
    subject: t(AT.newEmailSubject),
    heading: t(AT.newEmailSubject),
    paragraphs: [greet(t, d.name), t(AT.newEmailText), t(AT.ignoreNote)],
    action: { label: t(AT.newEmailButton), url: d.url },
  }),
  "reset-password": (t: Translate, d: LinkData): EmailContent => ({
    subject: t(AT.resetSubject),
    heading: t(AT.resetSubject),
    paragraphs: [greet(t, d.name), t(AT.resetText), t(AT.ignoreNote)],
    action: { label: t(AT.resetButton), url: d.url },
  }),
  "set-password": (t: Translate, d: LinkData): EmailContent => ({
    subject: t(AT.setPasswordSubject),
    heading: t(AT.setPasswordSubject),
    paragraphs: [greet(t, d.name), t(AT.setPasswordText)],
    action: { label: t(AT.setPasswordButton), url: d.url },
  }),
  "account-exists": (t: Translate, d: LinkData): EmailContent => ({
    subject: t(AT.existsSubject),
    heading: t(AT.existsSubject),
    paragraphs: [greet(t, d.name), t(AT.existsText), t(AT.ignoreNote)],
    action: { label: t(AT.existsButton), url: d.url },
  }),
  "account-deleted": (t: Translate, d: LinkData): EmailContent => ({
    subject: t(AT.deletedSubject),
    heading: t(AT.deletedSubject),
    paragraphs: [greet(t, d.name), t(AT.deletedText)],
    action: { label: t(AT.deletedButton), url: d.url },
  }),
  notice: (
    _t: Translate,
    d: { subject: string; heading?: string; lines: string[]; action?: { label: string; url: string } },
  ): EmailContent => ({
    subject: d.subject,
    heading: d.heading ?? d.subject,
    paragraphs: d.lines,
    action: d.action,
  }),
} as const;

/** A template name. */
export type TemplateName = keyof typeof TEMPLATES;

/** The data a template takes. */
export type TemplateData<N extends TemplateName> = Parameters<(typeof TEMPLATES)[N]>[1];
