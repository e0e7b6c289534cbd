import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors.server.ts";
import {
  approvedReviews,
  listReviews,
  moderateReview,
  parseReview,
  ratingSummary,
  REVIEW_LIMIT,
  submitReview,
} from "../../server/reviews/reviews.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

const good = {
  name: "Olena Kovalenko",
  email: "olena@example.com",
  product: "autoseo",
  rating: "5",
  text: "Our category pages finally got indexed after the AutoSEO fixes to canonicals.",
  consent: "on",
  website: "",
};

describe("issue 4 /write-a-review — validation", () => {
  it("accepts a complete review", () => {
    const r = parseReview(good);
    expect(r.ok && r.review).toMatchObject({ name: "Olena Kovalenko", rating: 5, product: "autoseo", consent: true });
  });

  it("names every invalid field", () => {
    const r = parseReview({ name: "O", email: "not-an-email", product: "nothing", rating: "7", text: "too short", website: "" });
    expect(r).toEqual({ ok: false, fields: ["name", "email", "product", "rating", "text", "consent"], bot: false });
  });

  it("treats a filled honeypot as a bot", () => {
    expect(parseReview({ ...good, website: "http://spam.test" })).toMatchObject({ ok: false, bot: true });
  });
});

describe.each(databaseKinds)("issue 4 reviews on %s — stored pending, shown only when approved, rate-limited per IP", (kind) => {
  let s: Services;
  beforeAll(async () => {
    s = await startTestServices(kind);
  });
  afterAll(() => s?.close());

  it("stores a good review as pending and shows it only after approval", async () => {
    const r = parseReview(good);
    if (!r.ok) throw new Error("fixture invalid");
    const id = await submitReview(s.db, r.review, { ip: "203.0.113.7", lang: "en" });
    const [row] = (await listReviews(s.db, "pending")).filter((x) => x.id === id);
    expect(row).toMatchObject({ status: "pending", email: "olena@example.com", rating: 5, ip: "203.0.113.7" });
    expect(await approvedReviews(s.db)).toEqual([]);
    expect(await ratingSummary(s.db, "autoseo")).toEqual({ count: 0, average: null });

    await moderateReview(s.db, id, "approved");
    expect((await approvedReviews(s.db, "autoseo")).map((x) => x.id)).toEqual([id]);
    expect(await approvedReviews(s.db, "fullseo")).toEqual([]);
    expect(await ratingSummary(s.db, "autoseo")).toEqual({ count: 1, average: 5 });
    expect(Object.keys((await approvedReviews(s.db))[0]!)).not.toContain("email");

    await moderateReview(s.db, id, "rejected");
    expect(await approvedReviews(s.db)).toEqual([]);
    await expect(moderateReview(s.db, 999_999, "approved")).rejects.toThrow(AppError);
  });

  it(`refuses more than ${REVIEW_LIMIT.points} reviews from one IP in the window`, async () => {
    const r = parseReview(good);
    if (!r.ok) throw new Error("fixture invalid");
    for (let i = 0; i < REVIEW_LIMIT.points; i++) await submitReview(s.db, r.review, { ip: "198.51.100.9", lang: "de" });
    await expect(submitReview(s.db, r.review, { ip: "198.51.100.9", lang: "de" })).rejects.toMatchObject({ code: "rate_limited" });
    await expect(submitReview(s.db, r.review, { ip: "198.51.100.10", lang: "de" })).resolves.toBeGreaterThan(0);
  });
});
