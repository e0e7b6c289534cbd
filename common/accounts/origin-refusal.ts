/**
 * better-auth's error codes for a page, callback or redirect address outside its trusted origins
 * (PUBLIC_ORIGIN and OFFICIAL_ORIGINS). From our own pages they only happen when the site is
 * served at an address it is not configured for (issue 16 point 15).
 */
const ORIGIN_REFUSAL_CODES: ReadonlySet<string> = new Set([
  "INVALID_ORIGIN",
  "INVALID_CALLBACK_URL",
  "INVALID_REDIRECT_URL",
  "INVALID_ERROR_CALLBACK_URL",
  "INVALID_NEW_USER_CALLBACK_URL",
]);

/** True when `code` (an account call's error code) is an origin refusal: a misconfigured PUBLIC_ORIGIN. */
export function isOriginRefusal(code: unknown): boolean {
  return typeof code === "string" && ORIGIN_REFUSAL_CODES.has(code);
}
