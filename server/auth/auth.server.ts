import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../common/accounts/rules.ts";
import { isLanguage, localizePath } from "../../common/i18n/languages.ts";
import { recordPopupEvents } from "../popups/codes.server.ts";
import { claimGuestProjects } from "../accounts/claim-guest-projects.server.ts";
import { attributeSignup, claimGuestOrders } from "../commerce/referral.server.ts";
import { googleOneTap } from "./one-tap-plugin.server.ts";
import { authAccounts, sessions, users, verifications } from "../db/schema.server.ts";
import { initialOptOut } from "../email/categories.server.ts";
import { sendEmail } from "../email/send.server.ts";
import type { Services } from "../services.server.ts";

/** Session lifetime: 30 days, in seconds. */
const SESSION_TTL_S = 30 * 24 * 3600;

/** Error code answered when a deleted account signs in (the client offers restore, spec 4). */
export const ACCOUNT_DELETED = "ACCOUNT_DELETED";

async function userLang(services: Services, userId: number | string): Promise<string> {
  const [u] = await services.db
    .select({ lang: users.lang })
    .from(users)
    .where(eq(users.id, Number(userId)))
    .limit(1);
  return u?.lang ?? "en";
}

async function hasPassword(services: Services, userId: number): Promise<boolean> {
  const rows = await services.db.select({ providerId: authAccounts.providerId }).from(authAccounts).where(eq(authAccounts.userId, userId));
  return rows.some((r) => r.providerId === "credential");
}

function buildAuth(services: Services) {
  const { env } = services;
  return betterAuth({
    appName: "Rankforge",
    baseURL: env.PUBLIC_ORIGIN,
    basePath: "/api/auth",
    secret: services.cookieSecret,
    trustedOrigins: [env.PUBLIC_ORIGIN, ...env.OFFICIAL_ORIGINS],
    database: drizzleAdapter(services.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications },
    }),
    logger: {
      level: "warn",
      log: (level, message) => services.log[level]({ component: "better-auth" }, message),
    },
    // Limits are ours, in the database and shared by every process: server/api/auth.server.ts.
    rateLimit: { enabled: false },
    plugins: [googleOneTap({ clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL })],
    telemetry: { enabled: false },
    advanced: {
      database: { generateId: "serial" },
      cookiePrefix: "rf",
      useSecureCookies: env.PUBLIC_ORIGIN.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      // better-auth turns its origin and callback checks off under NODE_ENV=test; tests run what production runs.
      disableOriginCheck: false,
    },
    session: { expiresIn: SESSION_TTL_S, updateAge: 24 * 3600 },
    user: {
      // A verified user's new address takes effect once the link sent to it is opened.
      changeEmail: { enabled: true },
      additionalFields: {
        lang: { type: "string", required: false, defaultValue: "en", input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Verification first: sign-up then answers the same for a new and an existing e-mail.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => {
        const id = Number(user.id);
        await sendEmail(services, {
          to: user.email,
          template: (await hasPassword(services, id)) ? "reset-password" : "set-password",
          lang: await userLang(services, id),
          data: { url, name: user.name || undefined },
          category: "account",
        });
      },
      onPasswordReset: async ({ user }) => {
        // Following the e-mailed link proves the address.
        await services.db
          .update(users)
          .set({ emailVerified: true })
          .where(eq(users.id, Number(user.id)));
        // Every other reset link of this user dies with the one used (issue 9 finding 7).
        await services.db
          .delete(verifications)
          .where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, String(user.id))));
      },
      onExistingUserSignUp: async ({ user }) => {
        const lang = await userLang(services, user.id);
        await sendEmail(services, {
          to: user.email,
          template: "account-exists",
          lang,
          // /settings offers sign-in and "Forgot your password?" to a guest.
          data: { url: new URL(localizePath(lang, "/settings"), env.PUBLIC_ORIGIN).toString(), name: user.name || undefined },
          category: "account",
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url }) => {
        // A change of address sends the link to the new address, which is not stored yet.
        const [stored] = await services.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, Number(user.id)))
          .limit(1);
        await sendEmail(services, {
          to: user.email,
          template: stored && stored.email !== user.email.toLowerCase() ? "confirm-new-email" : "verify-email",
          lang: await userLang(services, user.id),
          data: { url, name: user.name || undefined },
          category: "account",
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Sign-up's `lang` is the page's interface language; anything else becomes the default.
          before: async (user) => ({ data: { ...user, lang: isLanguage(user.lang as string) ? user.lang : "en" } }),
          after: async (user, ctx) => {
            // Marketing e-mail only for a sign-up that ticked the box (issue 16 point 13); One Tap has none.
            const body = ctx?.body as { marketingOptIn?: unknown } | undefined;
            await services.db
              .update(users)
              .set({ emailOptOut: initialOptOut(body?.marketingOptIn === true) })
              .where(eq(users.id, Number(user.id)));
            await attributeSignup(services, ctx?.headers?.get("cookie") ?? ctx?.request?.headers.get("cookie"), Number(user.id));
            // Popup codes (docs/decisions/0011-popup-codes.md): welcome, and confirm the address when it is not confirmed yet.
            await recordPopupEvents(
              services.db,
              Number(user.id),
              user.emailVerified ? ["registered"] : ["registered", "email-unconfirmed"],
            );
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [u] = await services.db
              .select({ deletedAt: users.deletedAt })
              .from(users)
              .where(eq(users.id, Number(session.userId)))
              .limit(1);
            if (u?.deletedAt) throw new APIError("FORBIDDEN", { code: ACCOUNT_DELETED, message: "This account was deleted." });
          },
          after: async (session, ctx) => {
            const cookie = ctx?.headers?.get("cookie") ?? ctx?.request?.headers.get("cookie");
            await claimGuestProjects(services, cookie, Number(session.userId));
            await claimGuestOrders(services, cookie, Number(session.userId));
            // A sign-up confirmed by e-mail starts its first session from the referred browser.
            await attributeSignup(services, cookie, Number(session.userId));
          },
        },
      },
    },
  });
}

/** The better-auth instance of a process (issue 5). */
export type Auth = ReturnType<typeof buildAuth>;

const instances = new WeakMap<Services, Auth>();

/**
 * The process's better-auth instance (created on first use): e-mail and password with scrypt
 * hashing, e-mail verification, password reset by e-mail, database sessions in an httpOnly
 * SameSite=Lax cookie (a new session token on every sign-in), mounted at /api/auth.
 */
export function getAuth(services: Services): Auth {
  let auth = instances.get(services);
  if (!auth) {
    auth = buildAuth(services);
    instances.set(services, auth);
  }
  return auth;
}
