import { signToken, verifyToken } from "../lib/signed-token.server.ts";

/** Lifetime of the restore link e-mailed when an account is deleted: 90 days, in ms. */
export const RESTORE_TOKEN_TTL_MS = 90 * 24 * 3600 * 1000;

/** Signs a restore token for a user (server/lib/signed-token.server.ts, purpose "restore"): values `[id, deletedAt]`. */
export function signRestoreToken(secret: string, userId: number, deletedAt: Date, now = Date.now()): string {
  return signToken(secret, "restore", [userId, deletedAt.getTime()], RESTORE_TOKEN_TTL_MS, now);
}

/**
 * Verifies a restore token: the user id and the deletion time it was issued for, or null when
 * malformed, forged or expired. The deletion time ties a token to one deletion.
 */
export function verifyRestoreToken(secret: string, token: string, now = Date.now()): { userId: number; deletedAt: number } | null {
  const v = verifyToken(secret, "restore", token, now);
  if (!v || v.values.length !== 2 || !v.values.every((n) => Number.isInteger(n))) return null;
  const [userId, deletedAt] = v.values as number[];
  return { userId: userId!, deletedAt: deletedAt! };
}
