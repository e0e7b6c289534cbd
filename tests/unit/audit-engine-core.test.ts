import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareAudits } from "../../server/audit/compare.ts";
import { limitOf } from "../../server/audit/limit.ts";
import { compareKeys } from "../../server/crawler/store.server.ts";

describe("spec 16.2 breadth-first keys", () => {
  it("orders shallower keys first, then element by element, sitemap-only (null) last", () => {
    const keys = [null, [1, 0], [], [0, 5], [2], [0], [0, 4, 1], [1]];
    expect([...keys].sort(compareKeys)).toEqual([[], [0], [1], [2], [0, 5], [1, 0], [0, 4, 1], null]);
  });

  it("property: a total order (antisymmetric, transitive) on any keys", () => {
    const key = fc.option(fc.array(fc.nat({ max: 5 }), { maxLength: 4 }), { nil: null });
    fc.assert(
      fc.property(key, key, key, (a, b, c) => {
        expect(Math.sign(compareKeys(a, b))).toBe(-Math.sign(compareKeys(b, a)) || 0);
        if (compareKeys(a, b) <= 0 && compareKeys(b, c) <= 0) expect(compareKeys(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe("spec 16.2 comparison only over the URLs both audits reached", () => {
  const issues = (urls: string[]) => ({
    healthScore: 50,
    issues: [{ check: "status-4xx", severity: "error" as const, title: "4xx", occurrences: urls.map((url) => ({ url, message: "" })) }],
  });
  it("a URL only one audit reached is neither new nor fixed, and the scope says how many were left out", () => {
    const before = issues(["/a", "/b", "/robots.txt"]);
    const after = issues(["/a", "/c", "/robots.txt"]);
    const reached = { previous: new Set(["/", "/a", "/b"]), current: new Set(["/", "/a", "/c", "/d"]) };
    const cmp = compareAudits(before, after, reached);
    expect(cmp.totals).toEqual({ new: 0, fixed: 0, persisting: 2 });
    expect(cmp.scope).toEqual({ common: 2, onlyPrevious: 1, onlyCurrent: 2 });
    // Without the reached sets every occurrence counts (the old behaviour, kept for direct callers).
    expect(compareAudits(before, after).totals).toEqual({ new: 1, fixed: 1, persisting: 2 });
    expect(compareAudits(before, after).scope).toBeNull();
  });
});

describe("spec 16.4 page limit of a finished audit", () => {
  it("reads the stored limit (how many page URLs were left) from the summary", () => {
    expect(limitOf({ pagesCrawled: 3, limit: { pageLimit: 500, pagesLeft: 12 } })).toEqual({ pageLimit: 500, pagesLeft: 12 });
    expect(limitOf({ pagesCrawled: 3 })).toBeNull();
    expect(limitOf(null)).toBeNull();
  });
});
