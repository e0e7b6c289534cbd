import { AT } from "../../../common/accounts/text-ids.ts";
import type { EmailContent } from "./layout.server.ts";

/** Looks up an interface text by id in the recipient's language (English fallback). */
export type Translate = (id: number) => string;

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
 * Every e-mail template (issue 5) and the data it needs. Account templates take a link; "notice"
 * carries literal text for internal mail (e.g. a manager's new-request notification).
 */
export const TEMPLATES = {
  "verify-email": linkEmail(AT.verifySubject, AT.verifyText, AT.verifyButton, true),
  "confirm-new-email": linkEmail(AT.newEmailSubject, AT.newEmailText, AT.newEmailButton, true),
  "reset-password": linkEmail(AT.resetSubject, AT.resetText, AT.resetButton, true),
  "set-password": linkEmail(AT.setPasswordSubject, AT.setPasswordText, AT.setPasswordButton),
  "account-exists": linkEmail(AT.existsSubject, AT.existsText, AT.existsButton, true),
  "account-deleted": linkEmail(AT.deletedSubject, AT.deletedText, AT.deletedButton),
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
