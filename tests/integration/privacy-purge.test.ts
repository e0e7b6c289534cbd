import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import {
  authAccounts,
  emails,
  projects,
  rateLimits,
  reviews,
  seoOverviewHits,
  sessions,
  users,
  visitors,
} from "../../server/db/schema.server.ts";
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
    expect(result).toMatchObject({ users: 1, rateLimits: 1, emails: 1 });
    const left = await services.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [old!.id, recent!.id, active!.id]));
    expect(left.map((u) => u.id).sort()).toEqual([recent!.id, active!.id].sort());
    expect(await services.db.select().from(authAccounts).where(eq(authAccounts.userId, old!.id))).toEqual([]);
    expect((await services.db.select().from(rateLimits)).map((r) => r.key)).toContain("sign-in:ip:198.51.100.2");
    expect((await services.db.select().from(emails)).map((e) => e.toAddress)).toEqual(["active@example.com"]);
    expect(await purgeExpiredData({ services, now })).toMatchObject({ users: 0, rateLimits: 0, emails: 0 });
  });

  it("purges access traces after LOG_RETENTION_DAYS and orphaned rows, keeping what is still in use", async () => {
    const retention = await startTestServices("pglite", { LOG_RETENTION_DAYS: "10" });
    try {
      const db = retention.db;
      const now = new Date();
      const ago = (days: number) => new Date(now.getTime() - days * DAY);
      const [u] = await db.insert(users).values({ email: "traces@example.com" }).returning({ id: users.id });
      await db.insert(sessions).values([
        { token: "expired", userId: u!.id, expiresAt: ago(1), ipAddress: "198.51.100.7", userAgent: "UA" },
        { token: "live", userId: u!.id, expiresAt: new Date(now.getTime() + DAY), ipAddress: "198.51.100.8" },
      ]);
      await db.insert(seoOverviewHits).values([
        { ip: "198.51.100.7", hour: ago(2), count: 3 },
        { ip: "198.51.100.8", hour: now, count: 1 },
      ]);
      const review = { product: "seo-audit", name: "R", email: "r@example.com", rating: 5, body: "b", lang: "en" };
      await db.insert(reviews).values([
        { ...review, status: "rejected" as const, ip: "198.51.100.9", createdAt: ago(11) },
        { ...review, status: "approved" as const, ip: "198.51.100.10", createdAt: ago(11) },
        { ...review, status: "approved" as const, ip: "198.51.100.11", createdAt: ago(9) },
      ]);
      const mail = { subject: "s", html: "h", text: "t", template: "verify-email", category: "account" };
      await db.insert(emails).values([
        { ...mail, toAddress: "eleven@example.com", createdAt: ago(11) },
        { ...mail, toAddress: "nine@example.com", createdAt: ago(9) },
      ]);
      const [lost, seen] = await db
        .insert(visitors)
        .values([{ lastSeenAt: ago(400) }, { lastSeenAt: ago(30) }])
        .returning({ id: visitors.id });
      await db.insert(projects).values([
        { visitorId: lost!.id, domain: "lost.example", url: "https://lost.example/" },
        { visitorId: seen!.id, domain: "seen.example", url: "https://seen.example/" },
        { userId: u!.id, domain: "owned.example", url: "https://owned.example/" },
      ]);

      const result = await purgeExpiredData({ services: retention, now });
      expect(result).toMatchObject({
        emails: 1,
        sessions: 1,
        overviewHits: 1,
        rejectedReviews: 1,
        reviewAddresses: 1,
        visitors: 1,
        orphanProjects: 1,
      });
      expect((await db.select().from(sessions)).map((s) => s.token)).toEqual(["live"]);
      expect((await db.select().from(seoOverviewHits)).map((h) => h.ip)).toEqual(["198.51.100.8"]);
      expect((await db.select().from(reviews)).map((r) => [r.status, r.ip]).sort()).toEqual([
        ["approved", ""],
        ["approved", "198.51.100.11"],
      ]);
      expect((await db.select().from(emails)).map((e) => e.toAddress)).toEqual(["nine@example.com"]);
      expect((await db.select().from(projects)).map((p) => p.domain).sort()).toEqual(["owned.example", "seen.example"]);
      expect(await purgeExpiredData({ services: retention, now })).toMatchObject({ sessions: 0, visitors: 0, orphanProjects: 0 });
    } finally {
      await retention.close();
    }
  }, 120_000);

  it("is scheduled daily on the job queue", async () => {
    const schedules = await services.jobs.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(QUEUES.privacyPurge);
  });
});
