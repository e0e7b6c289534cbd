import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { emails } from "../../server/db/schema.server.ts";
import { deliverEmail } from "../../server/email/deliver.server.ts";
import { sendEmail } from "../../server/email/send.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";
import { waitFor } from "../helpers/wait.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe("issue 5 e-mail delivery over SMTP (nodemailer) to a local smtp-server", () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let services: Services;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            // Unfolded, so a long header reads as one line.
            raw: Buffer.concat(chunks)
              .toString("utf8")
              .replace(/\r\n[ \t]+/g, " "),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as { port: number }).port;
    services = await startTestServices("pglite", { SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_FROM: "Rankforge <mail@rankforge.test>" });
  });
  afterAll(async () => {
    await services?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it("delivers a marketing e-mail with RFC 8058 headers once, and marks it sent", async () => {
    const sent = await sendEmail(services, {
      to: "list@example.com",
      template: "message",
      lang: "en",
      data: { subject: { data: "Our new audit tool" }, lines: [{ data: "It is out." }] },
      category: "marketing",
    });
    const row = await waitFor(async () => {
      const [r] = await services.db.select().from(emails).where(eq(emails.id, sent!.emailId));
      return r?.status === "sent" ? r : null;
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    const mail = await waitFor(async () => received.find((m) => m.to.includes("list@example.com")));
    expect(mail.from).toBe("mail@rankforge.test");
    expect(mail.raw).toMatch(/^Subject: Our new audit tool/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?token=[^>]+>/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail.raw).toMatch(new RegExp(`^Message-ID: <email-${sent!.emailId}@localhost>`, "m"));
    await deliverEmail(services, sent!.emailId);
    expect(received.filter((m) => m.to.includes("list@example.com"))).toHaveLength(1);
  });

  it("sends account e-mails without unsubscribe headers", async () => {
    const sent = await sendEmail(services, {
      to: "acct@example.com",
      template: "reset-password",
      lang: "en",
      data: { url: "http://localhost:3000/x" },
      category: "account",
    });
    const mail = await waitFor(async () => received.find((m) => m.to.includes("acct@example.com")));
    expect(mail.raw).not.toMatch(/List-Unsubscribe/);
    expect(sent).not.toBeNull();
  });
});
