import { describe, expect, it } from "vitest";
import { formatDate, formatUsd, plural, pluralCategory } from "../../common/i18n/format.ts";
import { LANGUAGES, getLanguage } from "../../common/i18n/languages.ts";
import { checkTexts, requiredPluralCategories } from "../../server/i18n/check.server.ts";
import { readTextFiles } from "../../server/db/seed.server.ts";
import { reportTable, translationReport } from "../../server/i18n/report.server.ts";

const PAGES = "{n, plural, one {# page} other {# pages}}";

describe("issue 15 item 2 — the build check of the interface texts", () => {
  it("reports an id missing in a language, a dropped or added placeholder and invalid ICU", () => {
    const problems = checkTexts(
      [
        { lang: "en", id: 1, value: "Hello {name}" },
        { lang: "en", id: 2, value: "Saved" },
        { lang: "de", id: 1, value: "Hallo" },
        { lang: "fr", id: 1, value: "Bonjour {name} {extra}" },
        { lang: "fr", id: 2, value: "Enregistré {" },
      ],
      ["de", "fr"],
    );
    expect(problems.map((p) => [p.lang, p.id, p.kind])).toEqual([
      ["de", 1, "placeholders"],
      ["de", 2, "missing"],
      ["fr", 1, "placeholders"],
      ["fr", 2, "syntax"],
    ]);
  });

  it("requires every CLDR plural category of the language (via the spec code → BCP 47 table)", () => {
    const rows = (lang: string, value: string) => [
      { lang: "en", id: 7, value: PAGES },
      { lang, id: 7, value },
    ];
    expect(checkTexts(rows("ru", "{n, plural, one {# страница} other {# страницы}}"), ["ru"])[0]?.message).toBe(
      "plural {n} lacks few, many",
    );
    expect(checkTexts(rows("ua", "{n, plural, one {# сторінка} few {# сторінки} many {# сторінок} other {# сторінки}}"), ["ua"])).toEqual(
      [],
    );
    expect(checkTexts(rows("si", "{n, plural, one {# stran} few {# strani} other {# strani}}"), ["si"])[0]?.message).toBe(
      "plural {n} lacks two",
    );
    expect(checkTexts(rows("jp", "{n, plural, other {# ページ}}"), ["jp"])).toEqual([]);
    expect(checkTexts(rows("de", "{n, plural, =1 {eine Seite} other {# Seiten}}"), ["de"])[0]?.message).toBe("plural {n} lacks one");
  });

  it("the repository's texts have no placeholder drift, no missing plural category and no syntax error", () => {
    const problems = checkTexts(readTextFiles()).filter((p) => p.kind !== "missing");
    expect(problems).toEqual([]);
  });

  it("i18n:report counts texts, blog posts, legal pages and cases per language", () => {
    const rows = translationReport();
    expect(rows.map((r) => r.lang)).toEqual(LANGUAGES.map((l) => l.code));
    const en = rows[0]!;
    expect(en.texts.done).toBe(en.texts.total);
    expect(en.legal.done).toBe(en.legal.total);
    for (const r of rows) for (const c of [r.texts, r.blog, r.legal, r.cases]) expect(c.done).toBeLessThanOrEqual(c.total);
    expect(reportTable(rows).split("\n")).toHaveLength(LANGUAGES.length + 2);
  });
});

describe("spec 9 / issue 15 — plural rules and formats per plural family, through the language table", () => {
  it("one/other (de, en), one/few/many (ru, ua, pl), one/two/few (si = Slovenian), none (jp, zh, kr)", () => {
    expect([1, 2, 5].map((n) => pluralCategory("de", n))).toEqual(["one", "other", "other"]);
    expect([1, 3, 5, 21, 1.5].map((n) => pluralCategory("ru", n))).toEqual(["one", "few", "many", "one", "other"]);
    expect([1, 3, 11, 22].map((n) => pluralCategory("ua", n))).toEqual(["one", "few", "many", "few"]);
    expect([1, 2, 5, 22].map((n) => pluralCategory("pl", n))).toEqual(["one", "few", "many", "few"]);
    expect([1, 2, 3, 5, 101, 102].map((n) => pluralCategory("si", n))).toEqual(["one", "two", "few", "other", "one", "two"]);
    for (const code of ["jp", "zh", "kr"]) expect(requiredPluralCategories(code)).toEqual(["other"]);
    expect(requiredPluralCategories("cz").sort()).toEqual(["few", "many", "one", "other"]);
    expect(plural("ua", 3, { one: "сторінка", few: "сторінки", many: "сторінок", other: "сторінки" })).toBe("сторінки");
  });

  it("numbers, dates and currency use the mapped BCP 47 tag (gr → el, se → sv, ua → uk, jp → ja)", () => {
    const day = new Date(Date.UTC(2026, 10, 22, 12));
    expect(formatDate("gr", day)).toBe(new Intl.DateTimeFormat("el", { dateStyle: "long" }).format(day));
    expect(formatDate("se", day)).toContain("november");
    expect(formatDate("ua", day)).toContain("листопада");
    expect(formatDate("jp", day)).toBe("2026年11月22日");
    expect(formatUsd("de", 9900)).toBe(
      new Intl.NumberFormat("de", { style: "currency", currency: "USD", minimumFractionDigits: 0 }).format(99),
    );
    expect(formatUsd("de", 9900)).toMatch(/^99\s\$$/);
  });

  it("dir comes from the language table: every current language is left-to-right", () => {
    expect(LANGUAGES.every((l) => l.dir === "ltr")).toBe(true);
    expect(getLanguage("de").dir).toBe("ltr");
  });
});
