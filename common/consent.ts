/**
 * Cookie consent (issue 9, docs/decisions/0015-cookie-consent.md): the landing query and referral
 * cookies (rf_get, rf_ref, common/tracking.ts) and the marketing script (MARKETING_SCRIPT_URL) are
 * not essential, so they wait for an "accepted" choice. The choice itself is kept in rf_consent
 * (essential: it only records the answer) for 180 days.
 */

/** Cookie holding the visitor's choice. */
export const CONSENT_COOKIE = "rf_consent";
/** How long a choice is kept before the banner asks again, in seconds (180 days). */
export const CONSENT_MAX_AGE_S = 180 * 24 * 3600;
/** Event dispatched on `window` when the choice changes (detail: the choice) or the banner is asked to reopen (detail: null). */
export const CONSENT_EVENT = "rf-consent";

/** A stored choice; null when the visitor has not answered yet. */
export type ConsentChoice = "accepted" | "rejected";

/** Reads the choice from a Cookie header or `document.cookie`; null when absent or unknown. */
export function readConsent(cookies: string): ConsentChoice | null {
  for (const part of cookies.split(";")) {
    const [k, v] = part.trim().split("=");
    if (k === CONSENT_COOKIE && (v === "accepted" || v === "rejected")) return v;
  }
  return null;
}

/** The Set-Cookie / document.cookie string storing `choice`. */
export function consentCookie(choice: ConsentChoice): string {
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax`;
}
