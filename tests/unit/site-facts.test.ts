import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cheapestPlan, fromPriceLine } from "../../common/site/facts.ts";
import { type PlanView, monthlyCents } from "../../common/site/plans.ts";
import { PRICE_PLANS, productKey } from "../../server/db/reference-data.server.ts";
import { makeT } from "../../common/site/text.ts";

const root = path.resolve(import.meta.dirname, "../..");
const plans = (pkg: string): PlanView[] =>
  PRICE_PLANS.filter((p) => p.package === pkg).map((p) => ({ ...p, productKey: productKey(p), link: `/price?plan=${productKey(p)}` }));
const english = (): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const f of readdirSync(path.join(root, "content/texts/en"))) {
    const groups = JSON.parse(readFileSync(path.join(root, "content/texts/en", f), "utf8")) as Record<string, Record<string, string>>;
    for (const g of Object.values(groups)) Object.assign(out, g);
  }
  return out;
};

describe("issue 16 point 5: one set of facts (check count from the catalogue, prices from the price table)", () => {
  it("no interface text hard-codes a number of checks: they read {n} from the check catalogue", () => {
    const offenders = Object.entries(english()).filter(([, v]) =>
      /\b\d{2,3}\+?\s+([\w-]+\s+){0,4}checks\b|\bseventy\b|\bhundred\b/i.test(v),
    );
    expect(offenders).toEqual([]);
  });

  it("no interface text hard-codes a monthly price: price lines come from the price table", () => {
    const offenders = Object.entries(english()).filter(([, v]) => /\d+(\.\d+)?\s*USD\s*(\/|a|per)\s*month/i.test(v));
    expect(offenders).toEqual([]);
  });

  it("the cheapest AutoSEO plan is the 12-month one, and its line says what the monthly figure means", () => {
    const best = cheapestPlan(plans("autoseo").filter((p) => p.tier !== "trial"))!;
    expect(best.months).toBe(12);
    expect(monthlyCents(best)).toBe(7425);
    const t = makeT(english() as unknown as Record<number, string>);
    expect(fromPriceLine(t, "en", best)).toEqual({ headline: "From $74.25 a month", note: "billed $891 every 12 months" });
    const monthly = plans("autoseo").find((p) => p.months === 1)!;
    expect(fromPriceLine(t, "en", monthly)).toEqual({ headline: "From $99 a month", note: "billed monthly" });
    const trial = plans("autoseo").find((p) => p.tier === "trial")!;
    expect(fromPriceLine(t, "en", trial)).toEqual({ headline: "From $0.99", note: "for the first 14 days" });
  });

  it("for every package the quoted monthly figure × months is the plan's total (within a cent per month)", () => {
    for (const pkg of ["autoseo", "fullseo", "analytics", "ssl"]) {
      const best = cheapestPlan(plans(pkg))!;
      for (const p of plans(pkg)) expect(monthlyCents(best)).toBeLessThanOrEqual(monthlyCents(p));
      if (best.months > 0) expect(Math.abs(monthlyCents(best) * best.months - best.priceCents)).toBeLessThanOrEqual(best.months);
    }
  });
});
