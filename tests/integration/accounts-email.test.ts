import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createUserForRequest } from "../../server/accounts/create-user-for-request.server.ts";
import { emails, users } from "../../server/db/schema.server.ts";
import { sendEmail } from "../../server/email/send.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { waitFor } from "../helpers/wait.ts";

describe.each(databaseKinds)("issue 5 e-mail outbox and request users on %s", (kind) => {
  let services: Services;
  beforeAll(async () => {
    services = await startTestServices(kind);
  });
  afterAll(async () => {
    await services?.close();
  });

  const stored = (id: number) =>
    waitFor(async () => {
      const [row] = await services.db.select().from(emails).where(eq(emails.id, id));
      return row?.status === "stored" ? row : null;
    });

  it("renders a template in the recipient's language (German texts from the database), stores it and the job marks it stored without SMTP", async () => {
    const sent = await sendEmail(services, {
      to: "Reader@Example.com",
      template: "verify-email",
      lang: "de",
      data: { url: "https://rankforge.test/verify?x=1", name: "Ada" },
      category: "account",
    });
    const row = await stored(sent!.emailId);
    expect(row.toAddress).toBe("reader@example.com");
    expect(row.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
    expect(row.html).toContain('lang="de"');
    expect(row.html).toContain("https://rankforge.test/verify?x=1");
    expect(row.text).toContain("Hallo Ada,");
    expect(row.headers).toEqual({});
  });

  it("adds RFC 8058 List-Unsubscribe headers to marketing mail and skips recipients who opted out or deleted their account", async () => {
    const sent = await sendEmail(services, {
      to: "fan@example.com",
      template: "notice",
      lang: "en",
      data: { subject: "News", lines: ["New tools are out."] },
      category: "marketing",
    });
    const row = await stored(sent!.emailId);
    expect(row.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(row.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\?token=[^>]+>$/);
    expect(row.html).toContain("/unsubscribe?token=");
    await services.db.insert(users).values({ email: "quiet@example.com", emailOptOut: ["marketing"] });
    const skipped = await sendEmail(services, {
      to: "quiet@example.com",
      template: "notice",
      lang: "en",
      data: { subject: "News", lines: ["x"] },
      category: "marketing",
    });
    expect(skipped).toBeNull();
    await services.db.insert(users).values({ email: "gone@example.com", deletedAt: new Date() });
    const notice = { template: "notice" as const, lang: "en", data: { subject: "News", lines: ["x"] } };
    expect(await sendEmail(services, { to: "gone@example.com", category: "notifications", ...notice })).toBeNull();
    expect(await sendEmail(services, { to: "gone@example.com", category: "account", ...notice })).not.toBeNull();
  });

  it("createUserForRequest creates a user once, without a password, and e-mails a set-password link", async () => {
    const first = await createUserForRequest(services, { email: " New@Example.com ", name: "Ann", phone: "+1 202 555 0100", lang: "fr" });
    expect(first.isNew).toBe(true);
    const again = await createUserForRequest(services, { email: "new@example.com", name: "Other" });
    expect(again).toEqual({ userId: first.userId, isNew: false });
    const [user] = await services.db.select().from(users).where(eq(users.id, first.userId));
    expect(user).toMatchObject({ email: "new@example.com", name: "Ann", phone: "+1 202 555 0100", lang: "fr" });
    const mail = await waitFor(async () => {
      const [row] = await services.db.select().from(emails).where(eq(emails.toAddress, "new@example.com"));
      return row?.status === "stored" ? row : null;
    });
    expect(mail.template).toBe("set-password");
    expect(mail.html).toMatch(/\/api\/auth\/reset-password\/[\w-]+\?callbackURL=http%3A%2F%2Flocalhost%3A3000%2Ffr%2Fsettings/);
  });
});
