import { describe, expect, it } from "vitest";
import { addDays, formatUsd, formatYmd, plural, pluralCategory } from "../../common/i18n/format.ts";

describe("spec 9 — plural rules (ru and uk are special)", () => {
  const ruForms = { one: "страница", few: "страницы", many: "страниц", other: "страницы" };
  it.each([
    [1, "one"],
    [2, "few"],
    [4, "few"],
    [5, "many"],
    [11, "many"],
    [12, "many"],
    [21, "one"],
    [22, "few"],
    [25, "many"],
    [111, "many"],
  ] as const)("ru %i → %s", (n, cat) => {
    expect(pluralCategory("ru", n)).toBe(cat);
  });
  it.each([
    [1, "one"],
    [3, "few"],
    [5, "many"],
    [21, "one"],
    [14, "many"],
  ] as const)("ua (uk) %i → %s", (n, cat) => {
    expect(pluralCategory("ua", n)).toBe(cat);
  });
  it("en has only one and other", () => {
    expect([1, 2, 5, 21].map((n) => pluralCategory("en", n))).toEqual(["one", "other", "other", "other"]);
  });
  it("picks the word form", () => {
    expect(plural("ru", 5, ruForms)).toBe("страниц");
    expect(plural("ru", 3, ruForms)).toBe("страницы");
    expect(plural("de", 1, { one: "Seite", other: "Seiten" })).toBe("Seite");
  });
});

describe("spec 9 — date helpers", () => {
  it("formats yyyy-mm-dd with zero padding", () => {
    expect(formatYmd(new Date(2026, 0, 5))).toBe("2026-01-05");
    expect(formatYmd(new Date(999, 10, 22))).toBe("999-11-22");
  });
  it("adds days across month and year ends, and back", () => {
    expect(formatYmd(addDays(new Date(2026, 11, 30), 3))).toBe("2027-01-02");
    expect(formatYmd(addDays(new Date(2028, 1, 28), 1))).toBe("2028-02-29");
    expect(formatYmd(addDays(new Date(2026, 2, 1), -1))).toBe("2026-02-28");
  });
  it("does not change the date it was given", () => {
    const d = new Date(2026, 5, 1);
    addDays(d, 10);
    expect(formatYmd(d)).toBe("2026-06-01");
  });
});

describe("spec 3 — prices in USD, formatted per language", () => {
  it("formats cents as USD", () => {
    expect(formatUsd("en", 89100)).toBe("$891");
    expect(formatUsd("en", 99)).toBe("$0.99");
    expect(formatUsd("de", 9900)).toMatch(/^99\s\$$/);
  });
});
