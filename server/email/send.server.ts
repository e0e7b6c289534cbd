import { createElement } from "react";
import { eq } from "drizzle-orm";
import { localizePath, toBcp47 } from "../../common/i18n/languages.ts";
import { fill } from "../../common/i18n/message.ts";
import { AT } from "../../common/accounts/text-ids.ts";
import { emailAttachments, emails, users } from "../db/schema.server.ts";
import { loadTexts } from "../i18n/texts.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import type { Services } from "../services.server.ts";
import { isOptionalCategory, type EmailCategory, type OptionalCategory } from "./categories.server.ts";
import type { TemplateData, TemplateName, Translate } from "./templates/index.server.ts";
import { signUnsubscribeToken } from "./unsubscribe-token.server.ts";

/** One e-mail to send: recipient, template with its data, recipient's language, category. */
export interface SendEmailInput<N extends TemplateName> {
  to: string;
  template: N;
  /** Interface language code (e.g. "de"); texts fall back to English. */
  lang: string;
  data: TemplateData<N>;
  category: EmailCategory;
  /** Files to attach (report deliveries, issue 11). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * The absolute address of one of our pages in the reader's language (issue 15.1), for an e-mail's
 * button: `path` may carry a query, e.g. pageUrl(services, "de", "/page-speed?idp=3") →
 * "https://…/de/page-speed?idp=3"; English has no prefix.
 */
export function pageUrl(services: Services, lang: string, path: string): string {
  return new URL(localizePath(lang, path), services.env.PUBLIC_ORIGIN).toString();
}

/** The public /unsubscribe link for a recipient and an optional category. */
export function unsubscribeUrl(services: Services, email: string, category: OptionalCategory): string {
  const url = new URL("/unsubscribe", services.env.PUBLIC_ORIGIN);
  url.searchParams.set("token", signUnsubscribeToken(services.cookieSecret, email, category));
  return url.toString();
}

/**
 * Renders an e-mail with React Email in the recipient's language, stores it and queues the
 * `email-send` job (issue 5). Marketing and other optional categories carry the RFC 8058
 * List-Unsubscribe and List-Unsubscribe-Post headers and a footer link; a recipient who
 * unsubscribed from the category, or whose account is deleted, gets nothing of them.
 * @returns the stored e-mail's id, or null when the recipient opted out.
 */
export async function sendEmail<N extends TemplateName>(services: Services, input: SendEmailInput<N>): Promise<{ emailId: number } | null> {
  const to = input.to.trim().toLowerCase();
  const { category } = input;
  if (isOptionalCategory(category)) {
    const [user] = await services.db
      .select({ optOut: users.emailOptOut, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.email, to))
      .limit(1);
    if (user?.optOut.includes(category) || user?.deletedAt) return null;
  }
  // React Email is loaded on the first mail (~45 MB a web process that sends none should not hold, issue 14).
  const [texts, { render }, { TEMPLATES }, { EmailLayout }] = await Promise.all([
    loadTexts(services.db, input.lang, { groups: ["email"] }),
    import("@react-email/render"),
    import("./templates/index.server.ts"),
    import("./templates/layout.server.ts"),
  ]);
  const t: Translate = (id, values) => fill(texts[id] ?? "", values ?? {}, input.lang);
  const template = TEMPLATES[input.template] as (t: Translate, d: TemplateData<N>) => ReturnType<(typeof TEMPLATES)[N]>;
  const content = template(t, input.data);
  const headers: Record<string, string> = {};
  let unsubscribe: { label: string; url: string } | undefined;
  if (isOptionalCategory(category)) {
    const url = unsubscribeUrl(services, to, category);
    unsubscribe = { label: t(AT.emailUnsubscribe), url };
    headers["List-Unsubscribe"] = `<${url}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  const element = createElement(EmailLayout, { content, lang: toBcp47(input.lang), footer: t(AT.emailFooter), unsubscribe });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const [row] = await services.db
    .insert(emails)
    .values({ toAddress: to, subject: content.subject, html, text, template: input.template, category, headers })
    .returning({ id: emails.id });
  const emailId = row!.id;
  if (input.attachments?.length) await services.db.insert(emailAttachments).values(input.attachments.map((a) => ({ ...a, emailId })));
  await services.jobs.send(
    QUEUES.sendEmail,
    { emailId },
    { singletonKey: `email-${emailId}`, retryLimit: 5, retryDelay: 30, retryBackoff: true },
  );
  return { emailId };
}
