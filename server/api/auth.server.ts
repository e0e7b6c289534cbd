import { Hono } from "hono";
import { getAuth } from "../auth/auth.server.ts";
import { clientIp, rateLimit, type RateLimitBucket } from "../rate-limit/rate-limit.server.ts";
import type { ApiEnv } from "./types.server.ts";

/** better-auth endpoints that count against a rate-limit bucket (issue 5). */
const LIMITED: Record<string, RateLimitBucket> = {
  "/sign-in/email": "sign-in",
  "/google-one-tap": "sign-in",
  "/sign-up/email": "sign-up",
  "/request-password-reset": "reset",
  "/reset-password": "reset",
  "/send-verification-email": "reset",
  "/change-password": "sign-in",
  "/change-email": "reset",
};

async function bodyEmail(req: Request): Promise<string | null> {
  try {
    const body = (await req.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * /api/auth/* (issue 5): better-auth's handler (sign-up, sign-in, sign-out, session, e-mail
 * verification, password reset, Google one-tap). POSTs to the sign-in, sign-up and reset endpoints
 * are rate-limited per client address and per e-mail before better-auth sees them.
 */
export function authApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.on(["GET", "POST"], "/*", async (c) => {
    const services = c.get("services");
    const sub = c.req.path.replace(/^.*?\/auth(?=\/)/, "");
    const bucket = c.req.method === "POST" ? LIMITED[sub] : undefined;
    if (bucket) {
      await rateLimit(services, `ip:${clientIp(c)}`, bucket);
      const email = await bodyEmail(c.req.raw);
      if (email) await rateLimit(services, `email:${email}`, bucket);
    }
    return getAuth(services).handler(c.req.raw);
  });
  return app;
}
