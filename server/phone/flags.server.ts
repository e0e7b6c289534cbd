import * as flags from "country-flag-icons/string/3x2";

const table = flags as unknown as Record<string, string | undefined>;

/** The 3:2 SVG flag of an ISO 3166 alpha-2 country (country-flag-icons), or null for an unknown code. */
export function flagSvg(code: string): string | null {
  return /^[A-Z]{2}$/.test(code) ? (table[code] ?? null) : null;
}
