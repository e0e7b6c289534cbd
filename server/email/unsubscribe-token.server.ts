import { signToken, verifyToken } from "../lib/signed-token.server.ts";
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

/**
 * Signs an unsubscribe token for one recipient and category (server/lib/signed-token.server.ts,
 * purpose "unsubscribe"): values `[email, category]`.
 */
export function signUnsubscribeToken(secret: string, email: string, category: OptionalCategory, now = Date.now()): string {
  return signToken(secret, "unsubscribe", [email.toLowerCase(), category], UNSUBSCRIBE_TOKEN_TTL_MS, now);
}

/** Verifies an unsubscribe token: null when malformed, forged (bad MAC) or expired. */
export function verifyUnsubscribeToken(secret: string, token: string, now = Date.now()): UnsubscribeClaim | null {
  const v = verifyToken(secret, "unsubscribe", token, now);
  if (!v || v.values.length !== 2) return null;
  const [email, category] = v.values;
  if (typeof email !== "string" || typeof category !== "string" || !isOptionalCategory(category)) return null;
  return { email, category, expiresAt: v.expiresAt };
}
