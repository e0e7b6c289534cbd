import { createHmac, timingSafeEqual } from "node:crypto";

/** Lifetime of a manager's chat reply link: 7 days, in ms (issue 5 chat). */
export const CHAT_REPLY_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`chat-reply:${payload}`).digest();
}

/** Signs a reply token for one thread (HMAC-SHA256): `base64url(JSON [threadId, expiresAt]).base64url(mac)`. */
export function signChatReplyToken(secret: string, threadId: number, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify([threadId, now + CHAT_REPLY_TOKEN_TTL_MS])).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** Verifies a reply token: the thread id, or null when malformed, forged (bad MAC) or expired. */
export function verifyChatReplyToken(secret: string, token: string, now = Date.now()): number | null {
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
  if (!Array.isArray(data) || data.length !== 2) return null;
  const [threadId, expiresAt] = data as unknown[];
  if (!Number.isSafeInteger(threadId) || typeof expiresAt !== "number" || expiresAt <= now) return null;
  return threadId as number;
}
