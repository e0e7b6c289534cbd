import { describe, expect, it } from "vitest";
import {
  LANGUAGES,
  datepickerFor,
  interfaceLanguage,
  isLanguage,
  localizePath,
  splitLangPrefix,
  toBcp47,
} from "../../common/i18n/languages.ts";

const SPEC_CODES =
  "en, de, es, pt, fr, it, nl, zh, tr, ru, vi, gr, bg, pl, fi, se, si, hu, lt, sk, cz, ro, jp, kr, id, lv, th, no, ee, ct, dk, rs, ua, ba, mk, al, is, ge, am, az, my, hr".split(
    ", ",
  );

describe("spec 2 Language handling — supported languages", () => {
  it("lists exactly the spec's 42 codes in the spec's order", () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(SPEC_CODES);
    expect(LANGUAGES).toHaveLength(42);
  });

  it("maps country-style codes to valid BCP 47 tags", () => {
    const expected: Record<string, string> = {
      ua: "uk",
      gr: "el",
      se: "sv",
      si: "sl",
      cz: "cs",
      jp: "ja",
      kr: "ko",
      ee: "et",
      dk: "da",
      ct: "ca",
      rs: "sr",
      ba: "bs",
      al: "sq",
      ge: "ka",
      am: "hy",
      no: "nb",
      my: "ms",
      en: "en",
      de: "de",
    };
    for (const [code, tag] of Object.entries(expected)) expect(toBcp47(code)).toBe(tag);
  });

  it("gives every language a tag that Intl accepts as canonical", () => {
    for (const l of LANGUAGES) expect(Intl.getCanonicalLocales(l.bcp47)[0]).toBe(l.bcp47);
    expect(new Set(LANGUAGES.map((l) => l.bcp47)).size).toBe(42);
  });

  it("accepts only supported lower-case codes", () => {
    expect(isLanguage("de")).toBe(true);
    expect(isLanguage("DE")).toBe(false);
    expect(isLanguage("xx")).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});

describe("spec 2 Language handling — routing by the first segment after the prefix", () => {
  it("removes an optional two-letter language prefix", () => {
    expect(splitLangPrefix("/de/autoseo")).toEqual({ lang: "de", rest: "/autoseo" });
    expect(splitLangPrefix("/ua")).toEqual({ lang: "ua", rest: "/" });
    expect(splitLangPrefix("/autoseo")).toEqual({ lang: null, rest: "/autoseo" });
    expect(splitLangPrefix("/xx/autoseo")).toEqual({ lang: null, rest: "/xx/autoseo" });
    expect(splitLangPrefix("/")).toEqual({ lang: null, rest: "/" });
  });

  it("an empty path is the index page", () => {
    expect(splitLangPrefix("").rest).toBe("/");
  });

  it("localizes paths: English has no prefix", () => {
    expect(localizePath("en", "/autoseo")).toBe("/autoseo");
    expect(localizePath("de", "/autoseo")).toBe("/de/autoseo");
    expect(localizePath("de", "/")).toBe("/de");
  });

  it("the interface language is the global value lower-cased, default en", () => {
    expect(interfaceLanguage("RU")).toBe("ru");
    expect(interfaceLanguage(undefined)).toBe("en");
    expect(interfaceLanguage("")).toBe("en");
    expect(interfaceLanguage("zz")).toBe("en");
  });

  it("has date-format overrides for en and ru only", () => {
    expect(datepickerFor("en").dateFormat).toBe("mm/dd/yyyy");
    expect(datepickerFor("ru").dateFormat).toBe("dd.mm.yyyy");
    expect(datepickerFor("de")).toEqual(datepickerFor("fr"));
  });
});
