import { createRequire } from "node:module";
import { getCountryData, type TCountryCode } from "countries-list";
import ipaddr from "ipaddr.js";

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}
/** geoip-country: the bundled GeoLite2 country database, loaded into memory once. */
const geoip = createRequire(import.meta.url)("geoip-country") as GeoipCountry;

/** ip2c answer for an address that is not an IPv4 or IPv6 address. */
export const IP2C_WRONG_INPUT = "0;;;WRONG INPUT";
/** ip2c answer for an address the database has no country for (private, reserved, unassigned). */
export const IP2C_UNKNOWN = "2;;;UNKNOWN";

/**
 * Looks an IP address up in the bundled country database and answers in the ip2c text format
 * (spec 7 IP-to-country lookup): `1;<alpha-2>;<alpha-3>;<country name>` on success,
 * `2;;;UNKNOWN` for an address without a country, `0;;;WRONG INPUT` for something that is not
 * an address. Only a success begins with 1.
 */
export function ip2c(ip: string): string {
  if (!ipaddr.isValid(ip)) return IP2C_WRONG_INPUT;
  const parsed = ipaddr.process(ip);
  const hit = geoip.lookup(parsed.toString());
  if (!hit?.country) return IP2C_UNKNOWN;
  const data = getCountryData(hit.country as TCountryCode) as { name?: string; iso3?: string } | undefined;
  if (!data?.iso3) return IP2C_UNKNOWN;
  return `1;${hit.country};${data.iso3};${data.name ?? hit.country}`;
}
