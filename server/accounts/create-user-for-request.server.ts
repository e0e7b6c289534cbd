import { eq } from "drizzle-orm";
import { isLanguage, localizePath } from "../../common/i18n/languages.ts";
import { getAuth } from "../auth/auth.server.ts";
import { users } from "../db/schema.server.ts";
import { initialOptOut } from "../email/categories.server.ts";
import type { Services } from "../services.server.ts";

/** Who sent a request form (spec 3 manager request payload: email, username, u_tel, u_country_code). */
export interface RequestContact {
  email: string;
  name?: string | undefined;
  phone?: string | undefined;
  phoneCountryCode?: string | undefined;
  /** Interface language of the page the request came from. */
  lang?: string | undefined;
}

/**
 * Finds the user with this e-mail or creates one without a password (spec 7 blockrequest `newu`),
 * then e-mails the new user a link to choose a password (the "set-password" template, through
 * better-auth's password reset). An existing user keeps their data; empty name and phone are filled.
 * @returns the user id and whether the user was created by this call.
 */
export async function createUserForRequest(services: Services, contact: RequestContact): Promise<{ userId: number; isNew: boolean }> {
  const email = contact.email.trim().toLowerCase();
  const lang = isLanguage(contact.lang) ? contact.lang : "en";
  const [created] = await services.db
    .insert(users)
    .values({
      email,
      name: contact.name?.trim() ?? "",
      phone: contact.phone?.trim() ?? "",
      phoneCountryCode: contact.phoneCountryCode?.trim() ?? "",
      lang,
      emailOptOut: initialOptOut(false),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created) {
    await getAuth(services).api.requestPasswordReset({
      body: { email, redirectTo: new URL(localizePath(lang, "/settings"), services.env.PUBLIC_ORIGIN).toString() },
    });
    return { userId: created.id, isNew: true };
  }
  const [existing] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
  const fill: Partial<typeof users.$inferInsert> = {};
  if (!existing!.name && contact.name?.trim()) fill.name = contact.name.trim();
  if (!existing!.phone && contact.phone?.trim()) {
    fill.phone = contact.phone.trim();
    fill.phoneCountryCode = contact.phoneCountryCode?.trim() ?? "";
  }
  if (Object.keys(fill).length) await services.db.update(users).set(fill).where(eq(users.id, existing!.id));
  return { userId: existing!.id, isNew: false };
}
