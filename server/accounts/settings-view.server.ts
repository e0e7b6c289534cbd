import { and, eq } from "drizzle-orm";
import type { CurrentUser } from "../auth/current-user.server.ts";
import { authAccounts } from "../db/schema.server.ts";
import { OPTIONAL_CATEGORIES, type OptionalCategory } from "../email/categories.server.ts";
import type { Services } from "../services.server.ts";

/** What /settings shows a signed-in user (issue 5). */
export interface SettingsView {
  name: string;
  email: string;
  phone: string;
  phoneCountryCode: string;
  company: string;
  lang: string;
  /** False for users created by a request or Google who never chose a password. */
  hasPassword: boolean;
  /** Notification preferences: true = receives the category. */
  notifications: Record<OptionalCategory, boolean>;
}

/** Builds the /settings view of a user. */
export async function settingsView(services: Services, user: CurrentUser): Promise<SettingsView> {
  const [credential] = await services.db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, user.id), eq(authAccounts.providerId, "credential")))
    .limit(1);
  const notifications = Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, !user.emailOptOut.includes(c)])) as Record<
    OptionalCategory,
    boolean
  >;
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    phoneCountryCode: user.phoneCountryCode,
    company: user.company,
    lang: user.lang,
    hasPassword: !!credential,
    notifications,
  };
}
