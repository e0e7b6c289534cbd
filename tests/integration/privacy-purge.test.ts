import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { authAccounts, emails, rateLimits, users } from "../../server/db/schema.server.ts";
import { QUEUES } from "../../server/jobs/names.server.ts";
import { EMAIL_RETENTION_MS, purgeExpiredData } from "../../server/privacy/purge.server.ts";
import { RESTORE_TOKEN_TTL_MS } from "../../server/accounts/restore-token.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

const DAY = 24 * 3600 * 1000;

describe("issue 9: the privacy policy's retention periods are kept by a scheduled purge", () => {
  let services: Services;
  beforeAll(async () => {
    services = await startTestServices("pglite");
  }, 180_000);
  afterAll(async () => services?.close());

  it("erases accounts deleted before the restore window ended, expired rate-limit rows and old e-mails; keeps the rest", async () => {
    const now = new Date();
    const [old, recent, active] = await services.db
      .insert(users)
      .values([
        { email: "gone@example.com", deletedAt: new Date(now.getTime() - RESTORE_TOKEN_TTL_MS - DAY) },
        { email: "restorable@example.com", deletedAt: new Date(now.getTime() - 10 * DAY) },
        { email: "active@example.com" },
      ])
      .returning({ id: users.id });
    await services.db.insert(authAccounts).values({ userId: old!.id, accountId: String(old!.id), providerId: "credential", password: "x" });
    await services.db.insert(rateLimits).values([
      { key: "sign-in:ip:198.51.100.1", points: 3, expire: new Date(now.getTime() - 1000) },
      { key: "sign-in:ip:198.51.100.2", points: 3, expire: new Date(now.getTime() + 60_000) },
    ]);
    const mail = { subject: "s", html: "h", text: "t", template: "verify-email", category: "account" };
    await services.db.insert(emails).values([
      { ...mail, toAddress: "gone@example.com", createdAt: new Date(now.getTime() - EMAIL_RETENTION_MS - DAY) },
      { ...mail, toAddress: "active@example.com" },
    ]);

    const result = await purgeExpiredData({ services, now });
    expect(result).toEqual({ users: 1, rateLimits: 1, emails: 1 });
    const left = await services.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [old!.id, recent!.id, active!.id]));
    expect(left.map((u) => u.id).sort()).toEqual([recent!.id, active!.id].sort());
    expect(await services.db.select().from(authAccounts).where(eq(authAccounts.userId, old!.id))).toEqual([]);
    expect((await services.db.select().from(rateLimits)).map((r) => r.key)).toContain("sign-in:ip:198.51.100.2");
    expect((await services.db.select().from(emails)).map((e) => e.toAddress)).toEqual(["active@example.com"]);
    expect(await purgeExpiredData({ services, now })).toEqual({ users: 0, rateLimits: 0, emails: 0 });
  });

  it("is scheduled daily on the job queue", async () => {
    const schedules = await services.jobs.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(QUEUES.privacyPurge);
  });
});
