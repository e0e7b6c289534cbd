import { contentChanged } from "../../server/content/version.server.ts";
import sharp from "sharp";
import { and, eq, inArray, sql } from "drizzle-orm";
import { projects, texts, users } from "../../server/db/schema.server.ts";
import { buildDocument, renderFile } from "../../server/reports/build.server.ts";
import { renderReportHtml } from "../../server/reports/render-html.server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors.server.ts";
import {
  dashboardView,
  dateRange,
  frameAncestors,
  projectOfToken,
  shareSchema,
  updateShare,
} from "../../server/reports/dashboard.server.ts";
import { deliveryCron, deliverySchema } from "../../server/reports/delivery.server.ts";
import { LOGO_BOX, processLogo } from "../../server/reports/white-label.server.ts";
import type { Services } from "../../server/services.server.ts";
import { guestWithProject, seedAudit, seedSearchConsole } from "../helpers/report-data.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

describe.each(databaseKinds)("issue 11 point 7 Dedicated SEO Dashboard on %s", (kind) => {
  let services: Services;
  let me: Awaited<ReturnType<typeof guestWithProject>>;
  let other: Awaited<ReturnType<typeof guestWithProject>>;
  const today = new Date();

  beforeAll(async () => {
    services = await startTestServices(kind);
    me = await guestWithProject(services);
    other = await guestWithProject(services, "other.example");
    await seedAudit(services.db, {
      projectId: me.projectId,
      pages: 100,
      healthScore: 64,
      finishedAt: new Date(today.getTime() - 86_400_000 * 14),
    });
    await seedAudit(services.db, { projectId: me.projectId, pages: 100, healthScore: 80, finishedAt: today });
    await seedSearchConsole(services.db, me.projectId, today, 40);
  }, 120_000);
  afterAll(async () => services?.close(), 60_000);

  it("shows health gauge and trend, status and depth of the last audit, and Search Console totals of the range", async () => {
    const range = dateRange(null, null, today);
    const v = await dashboardView({ db: services.db, projectId: me.projectId, ...range });
    expect(v.audit!.healthScore).toBe(80);
    expect(v.audit!.health.alt).toContain("80 of 100");
    expect(v.audit!.trend!.table.rows.map((r) => r[1])).toEqual(["64", "80"]);
    // every 20th page answers 404, every 50th (not 20th) 301: 100 pages → 5 × 404, 1 × 301 (p49), 94 × 200
    expect(Object.fromEntries(v.audit!.status.table.rows)).toEqual({ "2xx": "94", "3xx": "1", "4xx": "5" });
    expect(v.audit!.depth.table.rows.map((r) => r[1])).toEqual(["20", "20", "20", "20", "20"]);
    // 28 days of the two seeded pages: (10+d) + 2 clicks per day, d = 0…27
    const clicks = Array.from({ length: 28 }, (_, d) => 12 + d).reduce((a, b) => a + b, 0);
    expect(v.searchConsole).toMatchObject({ connected: true, clicks });
    // No rank tracking set up (not connected), no speed test yet (a plain note).
    expect(v.panels.map((p) => [p.id, p.connected])).toEqual([
      ["rankings", false],
      ["rank-moves", false],
      ["page-speed", true],
      ["speed-moves", true],
    ]);
    expect(v.panels[2]!.blocks).toEqual([{ kind: "note", text: expect.stringMatching(/^No page speed test of this project/) }]);
  });

  it("issue 15: a German viewer's dashboard and a German owner's report are written in German (English per missing text)", async () => {
    // Only the fixture's German texts: every other text of these groups falls back to English.
    await services.db.delete(texts).where(and(eq(texts.lang, "de"), inArray(texts.group, ["charts", "report"])));
    await services.db
      .insert(texts)
      .values([
        { lang: "de", id: 53200, group: "charts", value: "Website-Zustand" },
        { lang: "de", id: 53218, group: "charts", value: "Klicks" },
        { lang: "de", id: 53264, group: "report", value: "Kennzahl" },
        { lang: "de", id: 53267, group: "report", value: "Erstellt mit Rankforge" },
      ])
      .onConflictDoUpdate({ target: [texts.lang, texts.id], set: { value: sql`excluded.value` } });
    // Texts changed behind the seed: the cached selections must go (server/content/version.server.ts).
    await contentChanged(services.db);
    const v = await dashboardView({ db: services.db, projectId: me.projectId, ...dateRange(null, null, today), lang: "de" });
    expect(JSON.stringify(v.audit!.health)).toContain("Website-Zustand");
    expect(v.searchConsole.chart!.table.head).toContain("Klicks");
    const [user] = await services.db.insert(users).values({ email: "besitzer@example.com", lang: "de" }).returning({ id: users.id });
    await services.db.update(projects).set({ userId: user!.id }).where(eq(projects.id, me.projectId));
    const doc = await buildDocument({ db: services.db, projectId: me.projectId, type: "wa", periodDays: 30 });
    expect(doc.lang).toBe("de");
    expect(doc.sections[0]!.title).toBe("Website-Zustand");
    const html = renderReportHtml(doc);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("Erstellt mit Rankforge");
    expect(html).toContain("Indexable pages");
    const csv = (await renderFile(doc, "csv")).toString("utf8");
    expect(csv).toContain("Kennzahl");
    await services.db.update(projects).set({ userId: null }).where(eq(projects.id, me.projectId));
  });

  it("date range: ordered, at most 366 days, 28 by default", () => {
    expect(dateRange("2026-01-10", "2026-01-01")).toEqual({ from: "2026-01-01", to: "2026-01-01" });
    expect(dateRange("2020-01-01", "2026-01-01").from).toBe("2025-01-01");
    expect(dateRange("x", "2026-03-01").from).toBe("2026-02-02");
  });

  it("a share link opens the dashboard until revoked; only listed origins may frame it; another owner cannot share it", async () => {
    const input = shareSchema.parse({ intent: "share", frameOrigins: "https://client.example\nhttp://localhost:3000" });
    const shared = await updateShare({ db: services.db, owner: me.owner, projectId: me.projectId, input });
    expect(await projectOfToken(services.db, shared.token!)).toBe(me.projectId);
    expect(frameAncestors(shared.frameOrigins)).toBe("frame-ancestors 'self' https://client.example http://localhost:3000");
    await expect(updateShare({ db: services.db, owner: other.owner, projectId: me.projectId, input })).rejects.toBeInstanceOf(AppError);
    await updateShare({ db: services.db, owner: me.owner, projectId: me.projectId, input: shareSchema.parse({ intent: "revoke" }) });
    expect(await projectOfToken(services.db, shared.token!)).toBeNull();
    expect(shareSchema.safeParse({ intent: "settings", frameOrigins: "javascript:alert(1)" }).success).toBe(false);
    expect(shareSchema.safeParse({ intent: "settings", frameOrigins: "http://client.example" }).success).toBe(false);
  });
});

describe("issue 11 point 5 white-label logo: checked by content, resized", () => {
  it("resizes a large PNG to fit the logo box and refuses a file that is not an image", async () => {
    const big = await sharp({ create: { width: 1600, height: 400, channels: 3, background: "#1d4ed8" } })
      .jpeg()
      .toBuffer();
    const logo = await processLogo(big);
    expect(logo.startsWith("data:image/png;base64,")).toBe(true);
    const meta = await sharp(Buffer.from(logo.split(",")[1]!, "base64")).metadata();
    expect(meta.width).toBe(LOGO_BOX.width);
    expect(meta.height).toBe(100);
    await expect(processLogo(Buffer.from("<svg onload=alert(1)></svg>"))).rejects.toMatchObject({ field: "logo" });
  });
});

describe("issue 11 point 6 delivery schedule", () => {
  it("daily, weekly on a day, monthly on a date at a time, as cron in the delivery's time zone", () => {
    expect(deliveryCron({ frequency: "daily", weekday: 1, monthDay: 1, time: "08:05" })).toBe("5 8 * * *");
    expect(deliveryCron({ frequency: "weekly", weekday: 5, monthDay: 1, time: "17:30" })).toBe("30 17 * * 5");
    expect(deliveryCron({ frequency: "monthly", weekday: 1, monthDay: 28, time: "00:00" })).toBe("0 0 28 * *");
    const bad = deliverySchema.safeParse({
      idp: 1,
      frequency: "weekly",
      time: "25:00",
      timeZone: "Mars/Base",
      recipients: "x",
      types: "zz",
      format: "pdf",
    });
    expect(bad.success).toBe(false);
    expect(new Set(bad.error!.issues.map((i) => i.path[0]))).toEqual(new Set(["time", "timeZone", "recipients", "types"]));
  });
});
