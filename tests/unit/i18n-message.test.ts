import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fill } from "../../common/i18n/message.ts";
import { messageShape } from "../../common/i18n/message-arguments.ts";

const texts = (lang: string) =>
  Object.assign(
    {},
    ...Object.values(
      JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../content/texts/${lang}/content.json`), "utf8")) as object[],
    ),
  ) as Record<string, string>;

describe("spec 9 plural rules and issue 15 ICU messages: fill(text, values, lang)", () => {
  it("plain {name} placeholders are replaced and unknown names stay as written", () => {
    expect(fill("Save {n}% on {plan}", { n: 25 }, "en")).toBe("Save 25% on {plan}");
    expect(fill("no placeholders", {}, "de")).toBe("no placeholders");
  });

  const ru = "{n, plural, one {# страница} few {# страницы} many {# страниц} other {# страницы}}";
  it.each([
    ["ru", 1, "1 страница"],
    ["ru", 3, "3 страницы"],
    ["ru", 11, "11 страниц"],
    ["ru", 21, "21 страница"],
    ["ua", 5, "5 страниц"],
  ])("one/few/many family (%s, n=%i) → %s", (lang, n, out) => {
    expect(fill(ru, { n }, lang)).toBe(out);
  });

  it("each language's own plural rules pick the form of a stored translation (ro one/few/other, sl dual, ja none)", () => {
    const ro = texts("ro")["35007"]!;
    expect(fill(ro, { n: 1 }, "ro")).toBe("1 minut de citit");
    expect(fill(ro, { n: 3 }, "ro")).toBe("3 minute de citit");
    expect(fill(ro, { n: 20 }, "ro")).toBe("20 de minute de citit");
    const sl = texts("si")["35007"]!;
    expect(fill(sl, { n: 2 }, "si")).toBe("2 minuti branja");
    expect(fill(sl, { n: 102 }, "si")).toBe("102 minuti branja");
    expect(fill(sl, { n: 3 }, "si")).toBe("3 minute branja");
    expect(fill("{n, plural, other {#件}}", { n: 1 }, "jp")).toBe("1件");
  });

  it("other arguments inside plural forms are filled too", () => {
    expect(fill(texts("ro")["35018"]!, { n: 2, q: "seo" }, "ro")).toBe("2 articole găsite pentru „seo”");
  });

  it("a text that is not valid ICU falls back to plain replacement instead of throwing", () => {
    expect(fill("{n, plural, one {# x}", { n: 1 }, "en")).toBe("{n, plural, one {# x}");
  });

  it("messageShape lists arguments once and the plural categories a text gives", () => {
    expect(messageShape("{n, plural, =0 {none} one {# for {q}} other {# for {q}}}")).toEqual({
      arguments: ["n", "q"],
      plurals: { n: ["one", "other"] },
    });
    expect(messageShape("{q}: {n}")).toEqual({ arguments: ["n", "q"], plurals: {} });
  });
});
