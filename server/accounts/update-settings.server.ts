import { eq } from "drizzle-orm";
import { users } from "../db/schema.server.ts";
import { OPTIONAL_CATEGORIES, type OptionalCategory } from "../email/categories.server.ts";
import type { Services } from "../services.server.ts";

/** Profile fields a user edits on /settings (e-mail changes go through better-auth's verified change-email). */
export interface ProfileInput {
  name: string;
  phone: string;
  phoneCountryCode: string;
  company: string;
  /** Interface language code (validated by the caller). */
  lang: string;
}

/** Saves the profile of /settings (issue 5). */
export async function updateProfile(services: Services, userId: number, input: ProfileInput): Promise<void> {
  await services.db
    .update(users)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Saves e-mail notification preferences: `wanted[c]` false opts the user out of category c
 * (sendEmail then skips it, as /unsubscribe does).
 * @returns the categories now opted out of.
 */
export async function updateEmailPreferences(
  services: Services,
  userId: number,
  wanted: Record<OptionalCategory, boolean>,
): Promise<OptionalCategory[]> {
  const optOut = OPTIONAL_CATEGORIES.filter((c) => !wanted[c]);
  await services.db.update(users).set({ emailOptOut: optOut, updatedAt: new Date() }).where(eq(users.id, userId));
  return optOut;
}

/**
 * Unsubscribes an address from one category (the /unsubscribe link, RFC 8058 one-click).
 * An address without an account has nothing to unsubscribe from; that is not an error.
 */
export async function unsubscribeAddress(services: Services, email: string, category: OptionalCategory): Promise<void> {
  const [user] = await services.db.select({ id: users.id, optOut: users.emailOptOut }).from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.optOut.includes(category)) return;
  await services.db
    .update(users)
    .set({ emailOptOut: [...user.optOut, category], updatedAt: new Date() })
    .where(eq(users.id, user.id));
}
