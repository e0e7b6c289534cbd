import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from "jose";
import { authAccounts, users } from "../../server/db/schema.server.ts";
import { getUserFromHeaders } from "../../server/auth/current-user.server.ts";
import type { Services } from "../../server/services.server.ts";
import { apiApp, apiClient } from "../helpers/accounts.ts";
import { startTestServices } from "../helpers/services.ts";

const CLIENT_ID = "rankforge-test.apps.googleusercontent.com";

describe("spec 7 Google one-tap: ID tokens verified against a local JWKS server", () => {
  let services: Services;
  let disabled: Services;
  let app: Hono;
  let jwks: Server;
  let key: CryptoKey;
  let otherKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    key = pair.privateKey;
    otherKey = (await generateKeyPair("RS256")).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    jwks = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
    const port = (jwks.address() as { port: number }).port;
    services = await startTestServices("pglite", {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    });
    disabled = await startTestServices("pglite");
    app = apiApp(services);
  });
  afterAll(async () => {
    await services?.close();
    await disabled?.close();
    await new Promise((r) => jwks?.close(r));
  });

  const token = (claims: Record<string, unknown>, opts: { signWith?: CryptoKey; aud?: string; expSeconds?: number } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: "tap@example.com", email_verified: true, name: "Tap User", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuer("https://accounts.google.com")
      .setSubject("google-sub-1")
      .setAudience(opts.aud ?? CLIENT_ID)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + (opts.expSeconds ?? 3600))
      .sign(opts.signWith ?? key);
  };

  it("accepts a valid credential: creates the verified user, links Google and starts a session", async () => {
    const client = apiClient(app);
    const res = await client.post("/api/auth/google-one-tap", { credential: await token({}) });
    expect(res.status).toBe(200);
    const me = await getUserFromHeaders(services, new Headers({ cookie: client.jar.header() }));
    expect(me).toMatchObject({ email: "tap@example.com", name: "Tap User", emailVerified: true });
    const links = await services.db.select().from(authAccounts).where(eq(authAccounts.userId, me!.id));
    expect(links.map((l) => [l.providerId, l.accountId])).toEqual([["google", "google-sub-1"]]);
    const again = apiClient(app);
    expect((await again.post("/api/auth/google-one-tap", { credential: await token({}) })).status).toBe(200);
    expect(await services.db.select().from(users).where(eq(users.email, "tap@example.com"))).toHaveLength(1);
  });

  it("refuses a wrong audience, an expired token and a bad signature", async () => {
    const client = apiClient(app);
    const cases = {
      audience: await token({}, { aud: "someone-else.apps.googleusercontent.com" }),
      expired: await token({}, { expSeconds: -3600 }),
      signature: await token({}, { signWith: otherKey }),
      garbage: "not.a.jwt",
    };
    for (const [name, credential] of Object.entries(cases)) {
      const res = await client.post("/api/auth/google-one-tap", { credential });
      expect(res.status, name).toBe(401);
      expect(client.jar.cookies.has("rf.session_token"), name).toBe(false);
    }
  });

  it("is disabled without GOOGLE_CLIENT_ID", async () => {
    const res = await apiClient(apiApp(disabled)).post("/api/auth/google-one-tap", { credential: await token({}) });
    expect(res.status).toBe(404);
  });
});
