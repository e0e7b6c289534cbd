import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteFacts } from "../../server/site/facts.server.ts";
import { auditCatalogue } from "../../server/audit/run.ts";
import { moderateReview, parseReview, submitReview } from "../../server/reviews/reviews.server.ts";
import { companyNav } from "../../app/components/nav.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

describe("issue 16 points 5 and 17: the site's repeated facts from their one source", () => {
  let s: Services;
  beforeAll(async () => {
    s = await startTestServices("pglite");
  });
  afterAll(() => s?.close());

  it("point 5: the check count is the catalogue's; each package quotes its cheapest plan per month from the price tables", async () => {
    const f = await siteFacts(s.db);
    expect(f.checks).toBe(auditCatalogue().length);
    expect(f.from.autoseo).toMatchObject({ months: 12, priceCents: 89_100 });
    expect(f.from.fullseo?.months).toBe(12);
    expect(f.from.analytics).toMatchObject({ tier: "standard", months: 12 });
    expect(f.from.ssl).toMatchObject({ tier: "basic" });
  });

  it("point 17: /client-testimonials leaves the menus until a review is approved", async () => {
    expect((await siteFacts(s.db)).reviews).toBe(0);
    expect(companyNav(0).map((l) => l.to)).not.toContain("/client-testimonials");
    const parsed = parseReview({
      name: "Ada",
      email: "a@example.com",
      product: "autoseo",
      rating: "5",
      text: "Weekly fixes were clear and our category pages got indexed.",
      consent: "on",
    });
    if (!parsed.ok) throw new Error("fixture invalid");
    const id = await submitReview(s.db, parsed.review, { ip: "192.0.2.9", lang: "en" });
    expect((await siteFacts(s.db)).reviews).toBe(0);
    await moderateReview(s.db, id, "approved");
    const { reviews } = await siteFacts(s.db);
    expect(reviews).toBe(1);
    expect(companyNav(reviews).map((l) => l.to)).toContain("/client-testimonials");
  });
});
