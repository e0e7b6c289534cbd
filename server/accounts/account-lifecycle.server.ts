import { and, eq, isNotNull } from "drizzle-orm";
import { localizePath } from "../../common/i18n/languages.ts";
import { getAuth } from "../auth/auth.server.ts";
import { authAccounts, sessions, users } from "../db/schema.server.ts";
import { sendEmail } from "../email/send.server.ts";
import type { Services } from "../services.server.ts";
import { signRestoreToken, verifyRestoreToken } from "./restore-token.server.ts";

/**
 * Deletes an account the spec 4 way: marks it deleted (deleted_at), ends every session, and
 * e-mails a signed restore link. Nothing else is removed, so the account can be restored.
 */
export async function deleteAccount(services: Services, userId: number): Promise<void> {
  const deletedAt = new Date();
  const [user] = await services.db.update(users).set({ deletedAt, updatedAt: deletedAt }).where(eq(users.id, userId)).returning();
  if (!user) return;
  await services.db.delete(sessions).where(eq(sessions.userId, userId));
  const url = new URL(localizePath(user.lang, "/settings"), services.env.PUBLIC_ORIGIN);
  url.searchParams.set("restore", signRestoreToken(services.cookieSecret, userId, deletedAt));
  await sendEmail(services, {
    to: user.email,
    template: "account-deleted",
    lang: user.lang,
    data: { url: url.toString(), name: user.name || undefined },
    category: "account",
  });
}

async function undelete(services: Services, userId: number): Promise<boolean> {
  const rows = await services.db
    .update(users)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNotNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * POST /api/settings/restore_account (spec 4, 7): restores the account named by the signed link
 * e-mailed at deletion. False for a forged or expired token, a token from an earlier deletion,
 * or an account that is not deleted.
 */
export async function restoreAccountByToken(services: Services, token: string): Promise<boolean> {
  const claim = verifyRestoreToken(services.cookieSecret, token);
  if (!claim) return false;
  const [user] = await services.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, claim.userId)).limit(1);
  if (user?.deletedAt?.getTime() !== claim.deletedAt) return false;
  return undelete(services, claim.userId);
}

/**
 * POST /api/settings/restore_account_p (spec 4, 7: the password input is present): restores a
 * deleted account given its e-mail and password. False for any mismatch, without saying which.
 */
export async function restoreAccountWithPassword(services: Services, email: string, password: string): Promise<boolean> {
  const ctx = await getAuth(services).$context;
  const [row] = await services.db
    .select({ id: users.id, deletedAt: users.deletedAt, hash: authAccounts.password })
    .from(users)
    .leftJoin(authAccounts, and(eq(authAccounts.userId, users.id), eq(authAccounts.providerId, "credential")))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!row?.hash) {
    // Same work as a real check, so timing does not tell whether the e-mail exists.
    await ctx.password.hash(password);
    return false;
  }
  const ok = await ctx.password.verify({ hash: row.hash, password });
  if (!ok || !row.deletedAt) return false;
  return undelete(services, row.id);
}
