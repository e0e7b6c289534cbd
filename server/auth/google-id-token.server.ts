import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";

/** Issuers Google signs ID tokens as. */
const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

/** The claims of a verified Google ID token that sign-in uses. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | undefined;
}

const keySets = new Map<string, JWTVerifyGetKey>();

/** Google's published keys at `url` (fetched on demand and cached by jose, refreshed on an unknown key id). */
export function googleKeys(url: string): JWTVerifyGetKey {
  let keys = keySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { cacheMaxAge: 6 * 3600 * 1000, cooldownDuration: 30_000 });
    keySets.set(url, keys);
  }
  return keys;
}

/**
 * Verifies a Google Sign-In ID token (spec 7 one-tap credential): RS256 signature against the
 * JWKS, issuer accounts.google.com, audience = our client id, not expired (60 s clock skew).
 * @returns the identity, or null when any check fails or the token has no e-mail.
 */
export async function verifyGoogleIdToken(
  token: string,
  opts: { keys: JWTVerifyGetKey; clientId: string },
): Promise<GoogleIdentity | null> {
  try {
    const { payload } = await jwtVerify(token, opts.keys, {
      issuer: GOOGLE_ISSUERS,
      audience: opts.clientId,
      algorithms: ["RS256"],
      clockTolerance: 60,
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (typeof payload.email !== "string" || !payload.email) return null;
    return {
      sub: payload.sub!,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === "true",
      name: typeof payload.name === "string" ? payload.name : "",
      picture: typeof payload.picture === "string" ? payload.picture : undefined,
    };
  } catch {
    return null;
  }
}
