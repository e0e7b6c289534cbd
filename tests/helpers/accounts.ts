import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { createApi } from "../../server/api/index.server.ts";
import { users } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { CookieJar } from "./cookie-jar.ts";

let ipCounter = 0;

/** A browser-like API client for in-process tests: its own cookie jar and client address. */
export interface ApiClient {
  jar: CookieJar;
  ip: string;
  post(path: string, body?: unknown): Promise<Response>;
  get(path: string): Promise<Response>;
}

/** The /api app of `services`, mounted at /api as in production. */
export function apiApp(services: Services): Hono {
  return new Hono().route("/api", createApi(services));
}

/** A new client with an empty cookie jar and a fresh X-Forwarded-For address. */
export function apiClient(app: Hono): ApiClient {
  const jar = new CookieJar();
  const ip = `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.1`;
  const headers = () => ({ cookie: jar.header(), "x-forwarded-for": ip, origin: "http://localhost:3000" });
  return {
    jar,
    ip,
    post: async (path, body) =>
      jar.take(
        await app.request(path, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers() },
          body: JSON.stringify(body ?? {}),
        }),
      ),
    get: async (path) => jar.take(await app.request(path, { headers: headers() })),
  };
}

/**
 * Signs up through /api/auth, marks the e-mail verified (as the e-mailed link would), signs in.
 * @returns the signed-in client and the user id.
 */
export async function signedInClient(
  services: Services,
  app: Hono,
  email: string,
  password = "secret1",
): Promise<{ client: ApiClient; userId: number }> {
  const client = apiClient(app);
  const up = await client.post("/api/auth/sign-up/email", { email, password, name: "Test User" });
  if (up.status !== 200) throw new Error(`sign-up answered ${up.status}`);
  await services.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const res = await client.post("/api/auth/sign-in/email", { email, password });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  const [u] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { client, userId: u!.id };
}
