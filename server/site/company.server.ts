import type { Env } from "../env.server.ts";
import type { CompanyInfo } from "../../common/site/json-ld.ts";

/** The contacts map settings (issue 4): tile template, attribution and the office position. */
export interface MapConfig {
  tileUrl: string;
  attribution: string;
  lat: number;
  lng: number;
}

/** The company e-mail (COMPANY_EMAIL, default hello@rankforge.com): the one source for every screen. */
export function companyEmail(env: Env): string {
  return env.COMPANY_EMAIL;
}

/** The head office as one line, e.g. "Khreshchatyk St 22, 01001 Kyiv, Ukraine". */
export function officeAddress(env: Env): string {
  const country = new Intl.DisplayNames(["en"], { type: "region" }).of(env.OFFICE_COUNTRY) ?? env.OFFICE_COUNTRY;
  return `${env.OFFICE_STREET}, ${env.OFFICE_POSTAL_CODE} ${env.OFFICE_CITY}, ${country}`;
}

/** Company facts from configuration (server/env.server.ts COMPANY_*, OFFICE_*), for pages and JSON-LD. */
export function companyInfo(env: Env): CompanyInfo {
  return {
    name: env.COMPANY_NAME,
    legalName: env.COMPANY_LEGAL_NAME,
    origin: env.PUBLIC_ORIGIN.replace(/\/$/, ""),
    email: companyEmail(env),
    phone: env.COMPANY_PHONE,
    street: env.OFFICE_STREET,
    city: env.OFFICE_CITY,
    postalCode: env.OFFICE_POSTAL_CODE,
    country: env.OFFICE_COUNTRY,
    lat: env.OFFICE_LAT,
    lng: env.OFFICE_LNG,
  };
}

/** Map settings for the contacts page island. */
export function mapConfig(env: Env): MapConfig {
  return { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION, lat: env.OFFICE_LAT, lng: env.OFFICE_LNG };
}
