import { contentChanged } from "../../server/content/version.server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createUserForRequest } from "../../server/accounts/create-user-for-request.server.ts";
import { emails, texts, users } from "../../server/db/schema.server.ts";
import { RECEIPT } from "../../common/commerce/text-ids.ts";
import { DELIVERY_EMAIL } from "../../common/reports/types.ts";
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

  it("issue 15: a message e-mail renders its texts in the recipient's language, placeholders and plurals filled, data as it is", async () => {
    // Only the fixture's German texts: every other text of these groups falls back to English.
    await services.db.delete(texts).where(and(eq(texts.lang, "de"), inArray(texts.group, ["email"])));
    await services.db
      .insert(texts)
      .values([
        { lang: "de", id: RECEIPT.subject, group: "email", value: "Beleg für Bestellung #{id}" },
        {
          lang: "de",
          id: DELIVERY_EMAIL.failedText,
          group: "email",
          value: "Nach {count, plural, one {# Versuch} other {# Versuchen}} gescheitert.",
        },
      ])
      .onConflictDoUpdate({ target: [texts.lang, texts.id], set: { value: sql`excluded.value` } });
    // Texts changed behind the seed: the cached selections must go (server/content/version.server.ts).
    await contentChanged(services.db);
    const message = (lang: string) => ({
      to: "buyer@example.com",
      template: "message" as const,
      lang,
      category: "account" as const,
      data: {
        subject: { id: RECEIPT.subject, values: { id: 42 } },
        lines: [{ id: DELIVERY_EMAIL.failedText, values: { count: 3 } }, { data: "Kunde: {id}" }],
        action: { label: { id: RECEIPT.button }, url: "https://rankforge.test/payments" },
      },
    });
    const de = await stored((await sendEmail(services, message("de")))!.emailId);
    expect(de.subject).toBe("Beleg für Bestellung #42");
    expect(de.text).toContain("Nach 3 Versuchen gescheitert.");
    expect(de.text).toContain("Kunde: {id}");
    expect(de.text).toContain("Your payments and invoices");
    const en = await stored((await sendEmail(services, message("en")))!.emailId);
    expect(en.subject).toBe("Receipt for order #42");
    expect(en.text).toContain("The scheduled delivery could not be sent after 3 attempts.");
  });

  it("adds RFC 8058 List-Unsubscribe headers to marketing mail and skips recipients who opted out or deleted their account", async () => {
    const sent = await sendEmail(services, {
      to: "fan@example.com",
      template: "message",
      lang: "en",
      data: { subject: { data: "News" }, lines: [{ data: "New tools are out." }] },
      category: "marketing",
    });
    const row = await stored(sent!.emailId);
    expect(row.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(row.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\?token=[^>]+>$/);
    expect(row.html).toContain("/unsubscribe?token=");
    await services.db.insert(users).values({ email: "quiet@example.com", emailOptOut: ["marketing"] });
    const skipped = await sendEmail(services, {
      to: "quiet@example.com",
      template: "message",
      lang: "en",
      data: { subject: { data: "News" }, lines: [{ data: "x" }] },
      category: "marketing",
    });
    expect(skipped).toBeNull();
    await services.db.insert(users).values({ email: "gone@example.com", deletedAt: new Date() });
    const notice = { template: "message" as const, lang: "en", data: { subject: { data: "News" }, lines: [{ data: "x" }] } };
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
