import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.server.ts";
import { orders, projects, users } from "../../server/db/schema.server.ts";
import { listResellers, resellerOverview, setReseller } from "../../server/commerce/reseller.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

const REPO = path.resolve(import.meta.dirname, "../..");
const NODE = path.join(REPO, "node_modules/.bin/node");

function cli(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      NODE,
      ["server/cli/resellers.ts", ...args],
      { cwd: REPO, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe("issue 13.9 reseller programme: the reseller's client projects and commissions from the orders", () => {
  let s: Services;
  let userId = 0;
  let a = 0;
  let b = 0;
  beforeAll(async () => {
    s = await startTestServices("pglite");
    [{ id: userId }] = (await s.db.insert(users).values({ email: "agency@example.com", name: "Agency" }).returning({ id: users.id })) as [
      { id: number },
    ];
    [{ id: a }, { id: b }] = (await s.db
      .insert(projects)
      .values([
        { domain: "client-a.com", url: "https://client-a.com/", userId },
        { domain: "client-b.com", url: "https://client-b.com/", userId },
      ])
      .returning({ id: projects.id })) as [{ id: number }, { id: number }];
  });
  afterAll(() => s?.close());

  it("an account that is not a reseller has no overview", async () => {
    expect(await resellerOverview({ db: s.db, userId, defaultDiscount: 20 })).toBeNull();
  });

  it("per client project: paid orders, what was paid and the commission (list price minus price paid); refunds earn nothing", async () => {
    await setReseller(s.db, "Agency@Example.com", null);
    const paid = new Date("2026-12-01T00:00:00Z");
    // autoseo-1m lists at 9900; at 20 % off the reseller pays 7920 per project.
    await s.db.insert(orders).values([
      {
        userId,
        productKey: "autoseo-1m",
        projectIds: [a, b],
        totalCents: 15_840,
        status: "paid",
        provider: "sandbox",
        resellerDiscount: 20,
        expiresAt: paid,
      },
      { userId, productKey: "autoseo-1m", projectIds: [a], totalCents: 7_920, status: "paid", provider: "sandbox", resellerDiscount: 20 },
      {
        userId,
        productKey: "autoseo-1m",
        projectIds: [b],
        totalCents: 7_920,
        status: "refunded",
        provider: "sandbox",
        resellerDiscount: 20,
      },
      {
        userId,
        productKey: "autoseo-1m",
        projectIds: [b],
        totalCents: 7_920,
        status: "pending",
        provider: "sandbox",
        resellerDiscount: 20,
      },
    ]);
    const o = (await resellerOverview({ db: s.db, userId, defaultDiscount: 20 }))!;
    expect(o.discountPercent).toBe(20);
    expect(o.totals).toEqual({ orders: 2, paidCents: 23_760, earnedCents: 5_940 });
    expect(o.clients).toEqual([
      { projectId: a, domain: "client-a.com", orders: 2, paidCents: 15_840, earnedCents: 3_960, paidUntil: paid.toISOString() },
      { projectId: b, domain: "client-b.com", orders: 1, paidCents: 7_920, earnedCents: 1_980, paidUntil: paid.toISOString() },
    ]);
    // The parts add up to the totals (integer cents).
    expect(o.clients.reduce((n, c) => n + c.paidCents, 0)).toBe(o.totals.paidCents);
    expect(o.clients.reduce((n, c) => n + c.earnedCents, 0)).toBe(o.totals.earnedCents);
    await setReseller(s.db, "agency@example.com", 30);
    expect((await resellerOverview({ db: s.db, userId, defaultDiscount: 20 }))!.discountPercent).toBe(30);
    expect((await listResellers(s.db)).map((r) => [r.email, r.discountPercent])).toEqual([["agency@example.com", 30]]);
  });

  it("npm run resellers: add, list, remove; an unknown account exits 1, bad usage 2", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "rf-resellers-"));
    try {
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await database.db.insert(users).values({ email: "partner@example.com", name: "Partner" });
      await database.close();
      expect((await cli(["add", "partner@example.com", "--discount", "25"], dataDir)).code).toBe(0);
      expect((await cli(["list"], dataDir)).stdout).toContain("partner@example.com · 25 %");
      expect((await cli(["add", "nobody@example.com"], dataDir)).code).toBe(1);
      expect((await cli(["add", "partner@example.com", "--discount", "95"], dataDir)).code).toBe(2);
      expect((await cli(["remove", "partner@example.com"], dataDir)).code).toBe(0);
      expect((await cli(["list"], dataDir)).stdout).toContain("No resellers.");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
