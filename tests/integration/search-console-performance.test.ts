import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import { projects, searchConsoleRows } from "../../server/db/schema.server.ts";
import { dailyPerformance, pagePerformance, queryPerformance } from "../../server/search-console/performance.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

describe.each(databaseKinds)("issue 10.4 Search Console performance read by other tools (%s)", (kind) => {
  let services: Services;
  let projectId: number;
  const owner: Owner = { visitorId: null, userId: 7 };
  beforeAll(async () => {
    services = await startTestServices(kind);
    const [p] = await services.db.insert(projects).values({ userId: 7, domain: "example.com", url: "https://example.com/" }).returning();
    projectId = p!.id;
    const row = (date: string, query: string, page: string, clicks: number, impressions: number, position: number) => ({
      projectId,
      date,
      query,
      page,
      device: "DESKTOP",
      country: "usa",
      clicks,
      impressions,
      position,
    });
    await services.db
      .insert(searchConsoleRows)
      .values([
        row("2026-11-01", "seo audit", "https://example.com/a", 10, 100, 2),
        row("2026-11-01", "site audit", "https://example.com/a", 5, 300, 6),
        row("2026-11-02", "seo audit", "https://example.com/b", 1, 50, 12),
        row("2026-12-01", "seo audit", "https://example.com/b", 99, 99, 1),
      ]);
  });
  afterAll(() => services?.close());

  it("sums clicks and impressions per page, CTR = clicks / impressions, position weighted by impressions", async () => {
    const pages = await pagePerformance({ db: services.db, owner, projectId, from: "2026-11-01", to: "2026-11-30" });
    expect(pages).toEqual([
      { key: "https://example.com/a", clicks: 15, impressions: 400, ctr: 15 / 400, position: (2 * 100 + 6 * 300) / 400 },
      { key: "https://example.com/b", clicks: 1, impressions: 50, ctr: 0.02, position: 12 },
    ]);
  });

  it("per query and per day over the same period agree on the totals", async () => {
    const opts = { db: services.db, owner, projectId, from: "2026-11-01", to: "2026-11-30" };
    const sum = (rows: { clicks: number; impressions: number }[]) =>
      rows.reduce((a, b) => [a[0]! + b.clicks, a[1]! + b.impressions], [0, 0]);
    const days = await dailyPerformance(opts);
    expect(days.map((d) => d.key)).toEqual(["2026-11-01", "2026-11-02"]);
    expect(sum(await queryPerformance(opts))).toEqual([16, 450]);
    expect(sum(days)).toEqual([16, 450]);
  });

  it("another user gets not_found (the one access rule)", async () => {
    await expect(
      pagePerformance({ db: services.db, owner: { visitorId: null, userId: 8 }, projectId, from: "2026-11-01", to: "2026-11-30" }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
