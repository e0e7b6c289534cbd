import { createHmac, timingSafeEqual } from "node:crypto";
import { isOptionalCategory, type OptionalCategory } from "./categories.server.ts";

/** Lifetime of an unsubscribe link: 90 days, in ms. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 90 * 24 * 3600 * 1000;

/** What a valid unsubscribe token names. */
export interface UnsubscribeClaim {
  email: string;
  category: OptionalCategory;
  /** Expiry, ms since the epoch. */
  expiresAt: number;
}

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest();
}

/**
 * Signs an unsubscribe token (HMAC-SHA256 with the session secret) for one recipient and category:
 * `base64url(JSON [email, category, expiresAt]).base64url(mac)`.
 */
export function signUnsubscribeToken(secret: string, email: string, category: OptionalCategory, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify([email.toLowerCase(), category, now + UNSUBSCRIBE_TOKEN_TTL_MS])).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** Verifies an unsubscribe token: null when malformed, forged (bad MAC) or expired. */
export function verifyUnsubscribeToken(secret: string, token: string, now = Date.now()): UnsubscribeClaim | null {
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(data) || data.length !== 3) return null;
  const [email, category, expiresAt] = data as unknown[];
  if (typeof email !== "string" || typeof category !== "string" || typeof expiresAt !== "number") return null;
  if (!isOptionalCategory(category) || expiresAt <= now) return null;
  return { email, category, expiresAt };
}
