import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js";
import { PHONE } from "./phone-input-rules.ts";

/** A row of the dial-code table (spec 3): ISO 3166 alpha-2 code, dial code and the name in the UI language. */
export interface DialCountry {
  code: CountryCode;
  /** Without "+", e.g. "44". */
  dialCode: string;
  name: string;
}

const cache = new Map<string, DialCountry[]>();

/**
 * The dial-code table (spec 3, about 240 countries: libphonenumber-js's metadata), named in the
 * interface language (Intl.DisplayNames) and sorted by name in that language.
 */
export function dialCountries(bcp47 = "en"): DialCountry[] {
  const hit = cache.get(bcp47);
  if (hit) return hit;
  const names = new Intl.DisplayNames([bcp47, "en"], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(bcp47, { sensitivity: "base" });
  const list = getCountries()
    .map((code) => ({ code, dialCode: getCountryCallingCode(code), name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(bcp47, list);
  return list;
}

/** The list as shown: preferred countries (US, GB) on top, then every country. */
export function countryOptions(bcp47 = "en"): { preferred: DialCountry[]; all: DialCountry[] } {
  const all = dialCountries(bcp47);
  const preferred = PHONE.preferredCountries.map((c) => all.find((d) => d.code === c)!).filter(Boolean);
  return { preferred, all };
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * Type-to-find buffer (spec 9): a key typed within 700 ms of the previous one extends the
 * buffer, a later one starts a new buffer.
 */
export function typeToFindBuffer(prev: { buffer: string; at: number }, key: string, now: number): { buffer: string; at: number } {
  const fresh = now - prev.at >= PHONE.typeToFindResetMs;
  return { buffer: (fresh ? "" : prev.buffer) + key, at: now };
}

/**
 * Index of the option whose name starts with the buffer, searching from `from` (inclusive) and
 * wrapping; a one-letter buffer starts after `from` so repeated presses cycle. -1 when none.
 */
export function findOption(options: readonly { name: string }[], buffer: string, from: number): number {
  if (!buffer || options.length === 0) return -1;
  const needle = fold(buffer);
  const start = buffer.length === 1 ? from + 1 : from;
  for (let i = 0; i < options.length; i++) {
    const idx = (((start + i) % options.length) + options.length) % options.length;
    if (fold(options[idx]!.name).startsWith(needle)) return idx;
  }
  return -1;
}

/** Spec 9: the list opens below the field when more than 200 px are free below it, else above. */
export function listPlacement(spaceBelowPx: number): "below" | "above" {
  return spaceBelowPx > PHONE.openBelowMinSpacePx ? "below" : "above";
}

/** The error the IP-to-country lookup raises when its answer is not a success (spec 7, 8). */
export const COUNTRY_LOOKUP_ERROR = "unable to fetch the country";

/**
 * Parses an ip2c text answer (spec 7): only an answer beginning with "1" is a success, and its
 * second field is the two-letter country code.
 * @throws Error 'unable to fetch the country' for any other answer.
 */
export function parseIp2c(text: string): CountryCode {
  const [, code = ""] = text.trim().split(";");
  const upper = code.toUpperCase();
  if (!text.trimStart().startsWith("1") || !(getCountries() as string[]).includes(upper)) throw new Error(COUNTRY_LOOKUP_ERROR);
  return upper as CountryCode;
}

/**
 * Detects the visitor's country with the IP-to-country lookup (GET `url`).
 * @throws Error 'unable to fetch the country' on a network failure or a non-success answer.
 */
export async function lookupCountry(url: string): Promise<CountryCode> {
  let text: string;
  try {
    const res = await fetch(url, { credentials: "same-origin" });
    if (!res.ok) throw new Error(String(res.status));
    text = await res.text();
  } catch {
    throw new Error(COUNTRY_LOOKUP_ERROR);
  }
  return parseIp2c(text);
}
