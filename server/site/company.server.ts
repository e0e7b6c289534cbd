import type { Env } from "../env.server.ts";
import type { CompanyInfo } from "../../app/site/json-ld.ts";

/** The contacts map settings (issue 4): tile template, attribution and the office position. */
export interface MapConfig {
  tileUrl: string;
  attribution: string;
  lat: number;
  lng: number;
}

/** Company facts from configuration (server/env.server.ts OFFICE_*), for pages and JSON-LD. */
export function companyInfo(env: Env): CompanyInfo {
  return {
    name: "Rankforge",
    legalName: "Rankforge LLC",
    origin: env.PUBLIC_ORIGIN.replace(/\/$/, ""),
    email: env.OFFICE_EMAIL,
    phone: env.OFFICE_PHONE,
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
