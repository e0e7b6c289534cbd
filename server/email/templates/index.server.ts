import { AT } from "../../../common/accounts/text-ids.ts";
import type { MessageValues, TextRef } from "../../../common/i18n/message.ts";
import type { EmailContent } from "./layout.server.ts";

/** An interface text by id in the recipient's language (English fallback), its placeholders filled. */
export type Translate = (id: number, values?: MessageValues) => string;

/**
 * One piece of a "message" e-mail: a text (group "email" of its feature's file) rendered in the
 * recipient's language, or data shown as it is (a visitor's message, a file name, a link).
 */
export type EmailPart = TextRef | { data: string };

/** The data of a "message" e-mail; the heading defaults to the subject. */
export interface MessageData {
  subject: EmailPart;
  heading?: EmailPart;
  lines: EmailPart[];
  action?: { label: EmailPart; url: string };
}

const part = (t: Translate, p: EmailPart) => ("data" in p ? p.data : t(p.id, p.values));

interface LinkData {
  url: string;
  name?: string | undefined;
}

const greet = (t: Translate, name: string | undefined) => (name ? `${t(AT.greeting)} ${name},` : `${t(AT.greeting)},`);

/**
 * An account e-mail that carries one link: subject (also the heading), greeting, text, optionally
 * the "ignore this if it wasn't you" note, and the button. Arguments are text ids.
 */
const linkEmail =
  (subject: number, text: number, button: number, ignorable = false) =>
  (t: Translate, d: LinkData): EmailContent => ({
    subject: t(subject),
    heading: t(subject),
    paragraphs: [greet(t, d.name), t(text), ...(ignorable ? [t(AT.ignoreNote)] : [])],
    action: { label: t(button), url: d.url },
  });

/**
 * Every e-mail template (issue 5) and the data it needs. Account templates take a link; "message"
 * is made of texts with their values and data (issue 15: every e-mail in the recipient's language).
 */
export const TEMPLATES = {
  "verify-email": linkEmail(AT.verifySubject, AT.verifyText, AT.verifyButton, true),
  "confirm-new-email": linkEmail(AT.newEmailSubject, AT.newEmailText, AT.newEmailButton, true),
  "reset-password": linkEmail(AT.resetSubject, AT.resetText, AT.resetButton, true),
  "set-password": linkEmail(AT.setPasswordSubject, AT.setPasswordText, AT.setPasswordButton),
  "account-exists": linkEmail(AT.existsSubject, AT.existsText, AT.existsButton, true),
  "account-deleted": linkEmail(AT.deletedSubject, AT.deletedText, AT.deletedButton),
  message: (t: Translate, d: MessageData): EmailContent => ({
    subject: part(t, d.subject),
    heading: part(t, d.heading ?? d.subject),
    paragraphs: d.lines.map((l) => part(t, l)),
    action: d.action && { label: part(t, d.action.label), url: d.action.url },
  }),
} as const;

/** A template name. */
export type TemplateName = keyof typeof TEMPLATES;

/** The data a template takes. */
export type TemplateData<N extends TemplateName> = Parameters<(typeof TEMPLATES)[N]>[1];
