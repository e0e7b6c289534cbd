import { describe, expect, it } from "vitest";
import { getCountryCallingCode } from "libphonenumber-js";
import {
  COUNTRY_LOOKUP_ERROR,
  countryOptions,
  dialCountries,
  findOption,
  listPlacement,
  parseIp2c,
  typeToFindBuffer,
} from "../../app/components/phone-input-countries.ts";
import {
  applyPhoneEdit,
  DEFAULT_PHONE_OPTIONS,
  digitsOnly,
  isInternational,
  PHONE,
  phoneQueryNumber,
  phoneValue,
  switchCountry,
  tooLong,
} from "../../app/components/phone-input-rules.ts";

const auto = { autoFormat: true, mode: "auto", digitsOnly: false } as const;

describe("spec 5 and 9: phone input constants and defaults", () => {
  it("has the spec's limits and attributes", () => {
    expect(PHONE.maxLength).toBe(25);
    expect(PHONE.textLimit).toBe(250);
    expect(PHONE.minLength).toBe(6);
    expect(PHONE.type).toBe("tel");
    expect(PHONE.name).toBe("telephone");
    expect(PHONE.placeholder).toBe("Enter a phone number");
    expect(PHONE.defaultCountry).toBe("US");
    expect(PHONE.preferredCountries).toEqual(["US", "GB"]);
    expect(PHONE.typeToFindResetMs).toBe(700);
    expect(PHONE.openBelowMinSpacePx).toBe(200);
    expect(PHONE.nationalMaxDigits).toBe(17);
    expect(PHONE.nationalMinDigits).toBe(2);
    expect(PHONE.extensionMaxDigits).toBe(20);
  });
  it("defaults: autoFormat on, autoDefaultCountry on, mode auto, dial code shown, flags on (no search box)", () => {
    expect(DEFAULT_PHONE_OPTIONS).toEqual({
      autoFormat: true,
      autoDefaultCountry: true,
      mode: "auto",
      showDialCode: true,
      flags: true,
      digitsOnly: false,
    });
  });
});

describe("spec 3 dial-code table", () => {
  it("has about 240 countries, each with the library's dial code", () => {
    const list = dialCountries("en");
    expect(list.length).toBeGreaterThanOrEqual(230);
    expect(list.length).toBeLessThanOrEqual(260);
    for (const c of list) expect(c.dialCode).toBe(getCountryCallingCode(c.code));
    expect(list.find((c) => c.code === "UA")).toEqual({ code: "UA", dialCode: "380", name: "Ukraine" });
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
  });
  it("names countries in the interface language and sorts by name", () => {
    const de = dialCountries("de");
    expect(de.find((c) => c.code === "DE")?.name).toBe("Deutschland");
    const names = dialCountries("en").map((c) => c.name);
    expect(names.indexOf("Albania")).toBeLessThan(names.indexOf("Zambia"));
  });
  it("puts the preferred countries US and GB on top", () => {
    const { preferred, all } = countryOptions("en");
    expect(preferred.map((c) => c.code)).toEqual(["US", "GB"]);
    expect(all.some((c) => c.code === "US")).toBe(true);
  });
});

describe("spec 9 type-to-find (700 ms) and list placement (200 px)", () => {
  const opts = [{ name: "Germany" }, { name: "Ghana" }, { name: "Gibraltar" }, { name: "Greece" }, { name: "Åland Islands" }];
  it("extends the buffer within 700 ms and resets at 700 ms", () => {
    let s = typeToFindBuffer({ buffer: "", at: 0 }, "g", 10_000);
    s = typeToFindBuffer(s, "r", 10_699);
    expect(s.buffer).toBe("gr");
    s = typeToFindBuffer(s, "g", 11_399);
    expect(s.buffer).toBe("g");
  });
  it("finds by prefix, cycles on a repeated letter, ignores case and accents", () => {
    expect(findOption(opts, "gr", 0)).toBe(3);
    expect(findOption(opts, "g", 0)).toBe(1);
    expect(findOption(opts, "g", 3)).toBe(0);
    expect(findOption(opts, "al", 0)).toBe(4);
    expect(findOption(opts, "x", 0)).toBe(-1);
  });
  it("opens below only when more than 200 px are free", () => {
    expect(listPlacement(201)).toBe("below");
    expect(listPlacement(200)).toBe("above");
    expect(listPlacement(50)).toBe("above");
  });
});

describe("spec 5 phone rules", () => {
  it("digits-only mode keeps digits, spaces, plus, hyphen and parentheses", () => {
    expect(digitsOnly("+1 (201) 555-0123 ext.9 abc")).toBe("+1 (201) 555-0123 9 ");
  });
  it("international mode when the number starts with a plus (auto), or when forced", () => {
    expect(isInternational("+44 20", "auto")).toBe(true);
    expect(isInternational("020", "auto")).toBe(false);
    expect(isInternational("020", "international")).toBe(true);
    expect(isInternational("+44", "national")).toBe(false);
  });
  it("formats as you type (national for the selected country, international after a plus)", () => {
    expect(applyPhoneEdit({ text: "", country: "US" }, "2015550123", auto).text).toBe("(201) 555-0123");
    const intl = applyPhoneEdit({ text: "", country: "US" }, "+442071838750", auto);
    expect(intl).toEqual({ text: "+44 20 7183 8750", country: "GB" });
  });
  it("international mode prefixes the selected country's dial code", () => {
    const s = applyPhoneEdit({ text: "", country: "DE" }, "30123456", { ...auto, mode: "international" });
    expect(s.text.startsWith("+49 30")).toBe(true);
  });
  it("digits-only mode filters what is typed before formatting", () => {
    expect(applyPhoneEdit({ text: "", country: "US" }, "201abc5550123", { ...auto, digitsOnly: true }).text).toBe("(201) 555-0123");
  });
  it("national mode formats for the selected country even after a plus", () => {
    const s = applyPhoneEdit({ text: "", country: "GB" }, "02071838750", { ...auto, mode: "national" });
    expect(s).toEqual({ text: "020 7183 8750", country: "GB" });
  });
  it("switching the country reformats a national number for the new country", () => {
    expect(switchCountry({ text: "2015550123", country: "US" }, "GB", auto).country).toBe("GB");
  });
  it("without autoFormat the text stays as typed", () => {
    expect(applyPhoneEdit({ text: "", country: "US" }, "2015550123", { ...auto, autoFormat: false }).text).toBe("2015550123");
  });
  it("rejects input over 250 characters and numbers too long for the library", () => {
    const prev = { text: "201", country: "US" as const };
    expect(applyPhoneEdit(prev, "1".repeat(251), auto)).toBe(prev);
    expect(tooLong("+1 234567890123456789", "US")).toBe(true);
    expect(tooLong("+1 2015550123", "US")).toBe(false);
    expect(tooLong("2015550123 ext. " + "1".repeat(20), "US")).toBe(false);
    expect(tooLong("2015550123 ext. " + "1".repeat(21), "US")).toBe(true);
  });
  it("a value shorter than 6 characters counts as empty; otherwise E.164", () => {
    expect(phoneValue({ text: "+1 20", country: "US" })).toBe("");
    expect(phoneValue({ text: "(201) 555-0123", country: "US" })).toBe("+12015550123");
    expect(phoneValue({ text: "+44 20 7183 8750", country: "US" })).toBe("+442071838750");
  });
  it("switching the country replaces the dial code of an international number", () => {
    expect(switchCountry({ text: "+44 20 7183 8750", country: "GB" }, "DE", auto).text.startsWith("+49")).toBe(true);
    expect(switchCountry({ text: "", country: "US" }, "FR", auto)).toEqual({ text: "", country: "FR" });
  });
  it("the validity call gets the number with spaces and plus signs stripped", () => {
    expect(phoneQueryNumber("+44 20 7183 8750")).toBe("442071838750");
  });
});

describe("spec 7 IP-to-country answer (client side)", () => {
  it("accepts only answers beginning with 1 and takes the two-letter code", () => {
    expect(parseIp2c("1;DE;DEU;Germany")).toBe("DE");
    expect(parseIp2c("1;us;USA;United States\n")).toBe("US");
  });
  it("anything else raises 'unable to fetch the country'", () => {
    for (const bad of ["2;;;UNKNOWN", "0;;;WRONG INPUT", "", "<html>", "1;ZZ;ZZZ;Nowhere"]) {
      expect(() => parseIp2c(bad)).toThrow(COUNTRY_LOOKUP_ERROR);
    }
  });
});
