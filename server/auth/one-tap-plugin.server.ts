import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { googleKeys, verifyGoogleIdToken } from "./google-id-token.server.ts";

/**
 * better-auth plugin for Google Sign-In one-tap (spec 7): POST /api/auth/google-one-tap with the
 * one-tap `credential` (a Google ID token). The token is verified with jose against GOOGLE_JWKS_URL
 * (audience GOOGLE_CLIENT_ID, expiry, issuer); then the user with that e-mail signs in (created on
 * first use, the Google account linked when Google vouches for the e-mail) with a new session
 * cookie. Answers 404 when GOOGLE_CLIENT_ID is not set, 401 for a token that fails verification.
 */
export function googleOneTap(opts: { clientId: string | undefined; jwksUrl: string }) {
  return {
    id: "google-one-tap",
    endpoints: {
      googleOneTap: createAuthEndpoint(
        "/google-one-tap",
        { method: "POST", body: z.object({ credential: z.string().min(1).max(8192) }) },
        async (ctx) => {
          if (!opts.clientId) throw new APIError("NOT_FOUND", { message: "Google sign-in is not enabled." });
          const identity = await verifyGoogleIdToken(ctx.body.credential, { keys: googleKeys(opts.jwksUrl), clientId: opts.clientId });
          if (!identity) throw new APIError("UNAUTHORIZED", { code: "INVALID_TOKEN", message: "The Google credential is not valid." });
          const adapter = ctx.context.internalAdapter;
          const account = { providerId: "google", accountId: identity.sub, scope: "openid,email,profile" };
          const linked = await adapter.findAccountOwnerByKey({ providerId: "google", accountId: identity.sub });
          let user = linked?.kind === "owned" ? linked.user : null;
          if (!user) {
            const found = await adapter.findUserByEmail(identity.email);
            if (found) {
              if (!identity.emailVerified)
                throw new APIError("UNAUTHORIZED", { code: "EMAIL_NOT_VERIFIED", message: "Google has not verified this e-mail." });
              await adapter.linkAccount({ ...account, userId: found.user.id });
              user = found.user.emailVerified ? found.user : await adapter.updateUser(found.user.id, { emailVerified: true });
            } else {
              const created = await adapter.createOAuthUser(
                { email: identity.email, name: identity.name, image: identity.picture ?? null, emailVerified: identity.emailVerified },
                account,
              );
              user = created.user;
            }
          }
          const session = await adapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user: { id: user.id, email: user.email, name: user.name } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
