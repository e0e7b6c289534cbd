import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import { bestPagesCsv } from "../../server/best-pages/csv.ts";
import { listBestPages } from "../../server/best-pages/list.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { fixtureAudit, fixtureProject, fixtureSearchConsole, fixtureSpeedTest } from "../helpers/speed-fixtures.ts";

const u = (p: string) => `https://shop.example${p}`;

describe.each(databaseKinds)("spec 2 /best-pages, issue 12.3: audit + Search Console + speed in, ordered lists out (%s)", (kind) => {
  let services: Services;
  let projectId: number;
  const owner: Owner = { visitorId: null, userId: 21 };
  beforeAll(async () => {
    services = await startTestServices(kind, { IN_PROCESS_WORKER: "0" });
    const db = services.db;
    projectId = await fixtureProject(db, 21);
    await fixtureAudit(db, projectId, [
      { url: u("/"), wordCount: 300, inlinks: 10, linkScore: 100 },
      {
        url: u("/shoes"),
        wordCount: 800,
        inlinks: 4,
        linkScore: 60,
        issues: [
          ["missing-h1", "error"],
          ["thin-content", "warning"],
        ],
      },
      { url: u("/hats"), wordCount: 150, inlinks: 2, linkScore: 30 },
      { url: u("/blog/post"), wordCount: 1200, inlinks: 1, linkScore: 10, issues: [["long-title", "notice"]] },
      { url: u("/deep"), wordCount: 50, inlinks: 1, linkScore: 5 },
    ]);
    // Latest day 2026-11-28: period 2026-11-01..28, previous 2026-10-04..31.
    await fixtureSearchConsole(db, projectId, [
      ["2026-11-10", "shop", u("/"), 50, 500, 2],
      ["2026-10-10", "shop", u("/"), 40, 400, 3],
      ["2026-11-28", "shoes", u("/shoes"), 5, 1000, 6],
      ["2026-10-20", "shoes", u("/shoes"), 30, 900, 5],
      ["2026-11-05", "hats", u("/hats"), 8, 80, 4],
      ["2026-10-05", "hats", u("/hats"), 10, 90, 4],
      ["2026-10-15", "old", u("/gone"), 12, 100, 3],
      ["2026-11-15", "deep", u("/deep"), 1, 300, 35],
      ["2026-09-01", "ancient", u("/hats"), 999, 9999, 1],
    ]);
    await fixtureSpeedTest(db, projectId, u("/"), 95, 1500);
    await fixtureSpeedTest(db, projectId, u("/shoes"), 70, 3000, new Date("2026-11-01T00:00:00Z"));
    await fixtureSpeedTest(db, projectId, u("/shoes"), 40, 5200);
  });
  afterAll(() => services?.close());

  it("ranks by clicks (most first), ties by URL; every source joined per row", async () => {
    const r = await listBestPages({ db: services.db, owner, projectId });
    expect(r.period).toEqual({ from: "2026-11-01", to: "2026-11-28" });
    expect(r.previous).toEqual({ from: "2026-10-04", to: "2026-10-31" });
    expect(r.rows.map((x) => x.url)).toEqual([u("/"), u("/hats"), u("/shoes"), u("/deep"), u("/blog/post"), u("/gone")]);
    expect(r.rows[0]).toEqual({
      url: u("/"),
      clicks: 50,
      impressions: 500,
      ctr: 0.1,
      position: 2,
      previousClicks: 40,
      clicksChange: 10,
      linkScore: 100,
      inlinks: 10,
      wordCount: 300,
      issues: 0,
      speed: 95,
      lcpMs: 1500,
    });
    expect(r.rows[2]).toEqual({
      url: u("/shoes"),
      clicks: 5,
      impressions: 1000,
      ctr: 0.005,
      position: 6,
      previousClicks: 30,
      clicksChange: -25,
      linkScore: 60,
      inlinks: 4,
      wordCount: 800,
      issues: 2,
      speed: 40,
      lcpMs: 5200,
    });
    expect(r.rows[5]).toMatchObject({
      url: u("/gone"),
      clicks: 0,
      impressions: 0,
      position: null,
      previousClicks: 12,
      clicksChange: -12,
      linkScore: null,
    });
  });

  it("'pages that lost the most clicks': only losses, biggest first", async () => {
    const r = await listBestPages({ db: services.db, owner, projectId, view: "lost" });
    expect(r.rows.map((x) => [x.url, x.clicksChange])).toEqual([
      [u("/shoes"), -25],
      [u("/gone"), -12],
      [u("/hats"), -2],
    ]);
  });

  it("'high impressions and low CTR': ≥ 100 impressions, position ≤ 20, CTR < 2 %", async () => {
    const r = await listBestPages({ db: services.db, owner, projectId, view: "low-ctr" });
    expect(r.rows.map((x) => x.url)).toEqual([u("/shoes")]);
  });

  it("sorts by speed (nulls last) and filters by URL", async () => {
    const bySpeed = await listBestPages({ db: services.db, owner, projectId, sort: "speed", order: "desc" });
    expect(bySpeed.rows.map((x) => [x.url, x.speed])).toEqual([
      [u("/"), 95],
      [u("/shoes"), 40],
      [u("/blog/post"), null],
      [u("/deep"), null],
      [u("/gone"), null],
      [u("/hats"), null],
    ]);
    const filtered = await listBestPages({ db: services.db, owner, projectId, q: "HAT" });
    expect(filtered.rows.map((x) => x.url)).toEqual([u("/hats")]);
  });

  it("exports the view as CSV, one line per row in the same order", async () => {
    const r = await listBestPages({ db: services.db, owner, projectId, view: "lost" });
    expect(bestPagesCsv(r.rows).split("\r\n")).toEqual([
      "url,clicks,impressions,ctr,position,previousClicks,clicksChange,linkScore,inlinks,wordCount,issues,speed,lcpMs",
      `${u("/shoes")},5,1000,0.005,6,30,-25,60,4,800,2,40,5200`,
      `${u("/gone")},0,0,0,,12,-12,,,,,,`,
      `${u("/hats")},8,80,0.1,4,10,-2,30,2,150,0,,`,
      "",
    ]);
  });

  it("another user's project is not found (the one access rule)", async () => {
    await expect(listBestPages({ db: services.db, owner: { visitorId: null, userId: 22 }, projectId })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
