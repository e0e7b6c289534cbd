import { signToken, verifyToken } from "../lib/signed-token.server.ts";

/** Lifetime of a manager's chat reply link: 7 days, in ms (issue 5 chat). */
export const CHAT_REPLY_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

/** Signs a reply token for one thread (server/lib/signed-token.server.ts, purpose "chat-reply"): values `[threadId]`. */
export function signChatReplyToken(secret: string, threadId: number, now = Date.now()): string {
  return signToken(secret, "chat-reply", [threadId], CHAT_REPLY_TOKEN_TTL_MS, now);
}

/** Verifies a reply token: the thread id, or null when malformed, forged (bad MAC) or expired. */
export function verifyChatReplyToken(secret: string, token: string, now = Date.now()): number | null {
  const v = verifyToken(secret, "chat-reply", token, now);
  if (!v || v.values.length !== 1 || !Number.isSafeInteger(v.values[0])) return null;
  return v.values[0] as number;
}
