import { createHmac, timingSafeEqual } from "node:crypto";

/** Lifetime of the restore link e-mailed when an account is deleted: 90 days, in ms. */
export const RESTORE_TOKEN_TTL_MS = 90 * 24 * 3600 * 1000;

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`restore:${payload}`).digest();
}

/** Signs a restore token for a user (HMAC-SHA256 with the session secret): `base64url([id, deletedAt, exp]).mac`. */
export function signRestoreToken(secret: string, userId: number, deletedAt: Date, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify([userId, deletedAt.getTime(), now + RESTORE_TOKEN_TTL_MS])).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/**
 * Verifies a restore token: the user id and the deletion time it was issued for, or null when
 * malformed, forged or expired. The deletion time ties a token to one deletion.
 */
export function verifyRestoreToken(secret: string, token: string, now = Date.now()): { userId: number; deletedAt: number } | null {
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(data) || data.length !== 3 || !data.every((n) => Number.isInteger(n))) return null;
    const [userId, deletedAt, exp] = data as number[];
    return exp! > now ? { userId: userId!, deletedAt: deletedAt! } : null;
  } catch {
    return null;
  }
}
