/** Spec 4: pages that choose a popup once the login state is known. */
export const LOGIN_POPUP_PAGES = ["best-pages", "analyzer", "page-speed", "project"] as const;

/** Spec 9: the popup is chosen 2 s after the login state is known. */
export const LOGIN_POPUP_DELAY_MS = 2000;

/** Spec 9: the marketing script loads 4 s after the login state is known. */
export const MARKETING_SCRIPT_DELAY_MS = 4000;

/** Spec 4: popup type shown for the user's first popup code. */
export const POPUP_BY_CODE: Readonly<Record<number, number>> = { 1: 18, 2: 19, 3: 21, 5: 20, 11: 17 };

/** Spec 4: the seo-consultation popup type. */
export const SEO_CONSULTATION_POPUP = 14;

/** Spec 4: cookie set when the seo-consultation popup was sent, and its lifetime (spec 9: 720 minutes). */
export const SEO_CONSULTATION_COOKIE = "one_msg_skypeorphone";
export const SEO_CONSULTATION_COOKIE_MINUTES = 720;

/** Spec 4 message posted to the parent window when no popup is shown (and when an embedded frame closes). */
export const CLOSE_MESSAGE = "close";

/** What the login-state popup rule needs to know. `managerPhone` is the phone the manager has for the user (u_tel). */
export interface LoginStateFacts {
  /** 0 for a guest. */
  userId: number;
  /** Registration time (spec 3 datereg), null for a guest. */
  datereg: Date | null;
  /** The user's popup codes, first one first. */
  popups: readonly number[];
  /** Spec 3 user info license_type; 0 = no licence. */
  licenseType: number;
  managerPhone: string;
  /** document.cookie, or the Cookie header. */
  cookies: string;
  now: Date;
}

const DAY_MS = 24 * 3600 * 1000;

/** Reads one cookie from a Cookie header / document.cookie string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

/**
 * Spec 4 seo-consultation check: popup type 14 when the user registered more than 0 (whole)
 * days ago, has no licence, the manager's phone for the user is under 6 characters and the
 * cookie one_msg_skypeorphone is not 1.
 */
export function wantsSeoConsultation(f: LoginStateFacts): boolean {
  if (f.userId <= 0 || !f.datereg) return false;
  const days = Math.floor((f.now.getTime() - f.datereg.getTime()) / DAY_MS);
  return days > 0 && f.licenseType === 0 && f.managerPhone.trim().length < 6 && readCookie(f.cookies, SEO_CONSULTATION_COOKIE) !== "1";
}

/**
 * Spec 4 after-login-state popup: the popup type for the user's first popup code (1→18, 2→19,
 * 3→21, 5→20, 11→17); with no code, 14 when {@link wantsSeoConsultation}; else null (then the
 * page posts a close message to its parent).
 */
export function chooseLoginPopup(f: LoginStateFacts): number | null {
  const first = f.popups[0];
  if (first !== undefined) return POPUP_BY_CODE[first] ?? null;
  return wantsSeoConsultation(f) ? SEO_CONSULTATION_POPUP : null;
}

/** The Set-Cookie/document.cookie string that records a sent seo-consultation popup for 720 minutes. */
export function seoConsultationCookie(): string {
  return `${SEO_CONSULTATION_COOKIE}=1; Max-Age=${SEO_CONSULTATION_COOKIE_MINUTES * 60}; Path=/; SameSite=Lax`;
}
