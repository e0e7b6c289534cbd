import { readConsent } from "./consent.ts";

/** Spec 3 "Tracking info", sent with requests: page, referrer, query string and referral code. */
export interface TrackingInfo {
  href: string;
  referrer: string;
  /** The query string of the landing visit (without "?"), falling back to the saved cookie. */
  get: string;
  /** Referral code from `?ref=`, or the saved one. */
  ref: string;
}

/** Cookie keeping the first landing query string, so later requests still carry it. */
export const TRACKING_GET_COOKIE = "rf_get";
/** Cookie keeping the affiliate referral code. */
export const TRACKING_REF_COOKIE = "rf_ref";
const THIRTY_DAYS_S = 30 * 24 * 3600;

function readCookie(cookies: string, name: string): string {
  for (const part of cookies.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return "";
}

/**
 * Collects the tracking info from a page location, its referrer and its cookies; returns the
 * info and the cookies to set (a non-empty query string and a ref are saved for 30 days).
 */
export function collectTracking(
  loc: { href: string; search: string },
  referrer: string,
  cookies: string,
): { info: TrackingInfo; setCookies: string[] } {
  const query = loc.search.replace(/^\?/, "");
  const ref = new URLSearchParams(query).get("ref") ?? "";
  const setCookies: string[] = [];
  if (query) setCookies.push(`${TRACKING_GET_COOKIE}=${encodeURIComponent(query)}; Max-Age=${THIRTY_DAYS_S}; Path=/; SameSite=Lax`);
  if (ref) setCookies.push(`${TRACKING_REF_COOKIE}=${encodeURIComponent(ref)}; Max-Age=${THIRTY_DAYS_S}; Path=/; SameSite=Lax`);
  return {
    info: {
      href: loc.href,
      referrer,
      get: query || readCookie(cookies, TRACKING_GET_COOKIE),
      ref: ref || readCookie(cookies, TRACKING_REF_COOKIE),
    },
    setCookies,
  };
}

/**
 * Tracking info of the current page in the browser, saving the cookies as a side effect only when
 * the visitor accepted non-essential cookies (common/consent.ts).
 */
export function currentTracking(): TrackingInfo {
  const { info, setCookies } = collectTracking(window.location, document.referrer, document.cookie);
  if (readConsent(document.cookie) === "accepted") for (const c of setCookies) document.cookie = c;
  return info;
}
