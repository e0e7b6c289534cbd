import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { emailAttachments, emails } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";

const transports = new WeakMap<Services, Transporter>();

/** The SMTP transport of `services`; nodemailer is loaded on the first e-mail sent (≈ 8 MB not held by a web process that sends none, decision 0017). */
async function transport(services: Services, url: string): Promise<Transporter> {
  let t = transports.get(services);
  if (!t) {
    const { default: nodemailer } = await import("nodemailer");
    t = nodemailer.createTransport(url);
    transports.set(services, t);
  }
  return t;
}

/**
 * The `email-send` job (issue 5): delivers a stored e-mail over SMTP (SMTP_URL) or, without SMTP,
 * marks it "stored" so it shows in the development outbox. Idempotent: an e-mail already sent or
 * stored is left alone, and the Message-ID is fixed per e-mail so a redelivery can be deduplicated.
 * @throws the SMTP error, so pg-boss retries the job.
 */
export async function deliverEmail(services: Services, emailId: number): Promise<void> {
  const [mail] = await services.db.select().from(emails).where(eq(emails.id, emailId)).limit(1);
  if (!mail || mail.status === "sent" || mail.status === "stored") return;
  const smtp = services.env.SMTP_URL;
  if (!smtp) {
    await services.db.update(emails).set({ status: "stored" }).where(eq(emails.id, emailId));
    return;
  }
  const host = new URL(services.env.PUBLIC_ORIGIN).hostname;
  const attachments = await services.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, emailId));
  try {
    await (
      await transport(services, smtp)
    ).sendMail({
      from: services.env.EMAIL_FROM,
      to: mail.toAddress,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
      attachments: attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      messageId: `<email-${mail.id}@${host}>`,
    });
  } catch (err) {
    await services.db
      .update(emails)
      .set({ status: "failed", error: err instanceof Error ? err.message : String(err) })
      .where(eq(emails.id, emailId));
    throw err;
  }
  await services.db.update(emails).set({ status: "sent", sentAt: new Date(), error: null }).where(eq(emails.id, emailId));
}
