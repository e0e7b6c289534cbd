/**
 * The one signed, expiring token (issue 8 item 2): `base64url(JSON [...values, expiresAt]).base64url(mac)`,
 * the MAC an HMAC-SHA256 with the session secret over `purpose:payload`, so a token made for one
 * purpose (restore, chat reply, unsubscribe…) never passes for another. Compared in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

function mac(secret: string, purpose: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}:${payload}`).digest();
}

/** Signs `values` for `purpose`, valid for `ttlMs` from `now` (ms since the epoch). */
export function signToken(secret: string, purpose: string, values: readonly unknown[], ttlMs: number, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify([...values, now + ttlMs])).toString("base64url");
  return `${payload}.${mac(secret, purpose, payload).toString("base64url")}`;
}

/**
 * Verifies a token made by {@link signToken} for `purpose`: its values and expiry, or null when
 * malformed, forged (bad MAC) or expired at `now`. The caller checks the values' shape.
 */
export function verifyToken(
  secret: string,
  purpose: string,
  token: string,
  now = Date.now(),
): { values: unknown[]; expiresAt: number } | null {
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = mac(secret, purpose, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(data) || data.length === 0) return null;
  const expiresAt = data.at(-1) as unknown;
  if (typeof expiresAt !== "number" || expiresAt <= now) return null;
  return { values: data.slice(0, -1), expiresAt };
}
