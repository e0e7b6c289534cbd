import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { languages, managers, pricePlans, requestSubjectTypes } from "../../server/db/schema.server.ts";
import { seed } from "../../server/db/seed.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

describe.each(databaseKinds)("spec 3 reference data seeded on %s", (kind) => {
  let services: Services;
  beforeAll(async () => {
    services = await startTestServices(kind);
  });
  afterAll(async () => services?.close());

  const plan = async (pkg: string, tier: string, months: number) =>
    (
      await services.db
        .select()
        .from(pricePlans)
        .where(and(eq(pricePlans.package, pkg), eq(pricePlans.tier, tier), eq(pricePlans.months, months)))
    )[0];

  it("has the exact spec 3 price tables in cents, discounts 25/15/10 % and best deals", async () => {
    expect(await plan("autoseo", "", 12)).toMatchObject({ priceCents: 89100, regularCents: 118800, discountPercent: 25, bestDeal: true });
    expect(await plan("autoseo", "", 6)).toMatchObject({ priceCents: 50400, regularCents: 59400, discountPercent: 15, bestDeal: false });
    expect(await plan("autoseo", "", 3)).toMatchObject({ priceCents: 26700, regularCents: 29700, discountPercent: 10 });
    expect(await plan("autoseo", "", 1)).toMatchObject({ priceCents: 9900, regularCents: null, discountPercent: 0 });
    expect(await plan("autoseo", "trial", 0)).toMatchObject({ priceCents: 99, days: 14 });
    expect(await plan("fullseo", "", 12)).toMatchObject({ priceCents: 719900, regularCents: 960000, discountPercent: 25 });
    expect(await plan("fullseo", "", 6)).toMatchObject({ priceCents: 407900, regularCents: 480000 });
    expect(await plan("fullseo", "", 3)).toMatchObject({ priceCents: 215900, regularCents: 240000 });
    expect(await plan("fullseo", "", 1)).toMatchObject({ priceCents: 79900 });
    const tiers = ["standard", "professional", "advanced"];
    const table: Record<number, [number[], (number | null)[]]> = {
      12: [
        [624, 888, 2244],
        [828, 1188, 2988],
      ],
      6: [
        [354, 504, 1272],
        [414, 594, 1494],
      ],
      3: [
        [186, 267, 672],
        [207, 297, 747],
      ],
      1: [
        [69, 99, 249],
        [null, null, null],
      ],
    };
    for (const [months, [prices, regulars]] of Object.entries(table)) {
      for (let i = 0; i < 3; i++) {
        const p = await plan("analytics", tiers[i]!, Number(months));
        expect(p?.priceCents).toBe(prices[i]! * 100);
        expect(p?.regularCents).toBe(regulars[i] === null ? null : regulars[i]! * 100);
      }
    }
    expect(await plan("ssl", "basic", 1)).toMatchObject({ priceCents: 9900, bestDeal: false });
    expect(await plan("ssl", "standard", 1)).toMatchObject({ priceCents: 14900, bestDeal: true });
    expect(await plan("ssl", "premium", 1)).toMatchObject({ priceCents: 24900 });
  });

  it("has the nine request subject types with their labels", async () => {
    const rows = await services.db.select().from(requestSubjectTypes);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.label]))).toEqual({
      1: "Free SEO Consultation",
      8: "SEO promotion",
      3: "Website analytics",
      17: "SEO content",
      15: "Dedicated SEO Dashboard",
      14: "Reseller program",
      18: "Affiliate program",
      16: "SSL certificate",
      6: "API",
    });
  });

  it("has 42 languages and one default manager, and seeding again changes nothing", async () => {
    await seed(services.db);
    await seed(services.db);
    expect(await services.db.select().from(languages)).toHaveLength(42);
    expect(await services.db.select().from(managers).where(eq(managers.isDefault, true))).toHaveLength(1);
    expect((await services.db.select().from(pricePlans)).length).toBe(4 + 1 + 4 + 12 + 3);
  });
});
