import { Hono } from "hono";
import { z } from "zod";
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from "../../common/accounts/rules.ts";
import { isLanguage } from "../../common/i18n/languages.ts";
import { getAuth } from "../auth/auth.server.ts";
import { explainOriginRefusal } from "../auth/explain-origin-refusal.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { clientIp } from "../http/client-ip.server.ts";
import { validate } from "../http/input.server.ts";
import { rateLimit, type RateLimitBucket } from "../rate-limit/rate-limit.server.ts";
import { checkSignInDelay, clearSignInFailures, recordSignInFailure } from "../rate-limit/sign-in-delay.server.ts";
import type { ApiEnv } from "./types.server.ts";

/** better-auth endpoints that count against a rate-limit bucket per client address (issue 5). */
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

const email = z.string().trim().toLowerCase().min(1).max(MAX_EMAIL_LENGTH);
const password = z.string().min(1).max(MAX_PASSWORD_LENGTH);
const link = z.string().max(2000).optional();
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional();
/** The user's name (profile and better-auth's update-user alike): 1–120 characters of text. */
const name = z.string().trim().min(1).max(120);
const lang = z
  .string()
  .max(16)
  .refine(isLanguage, { message: "unsupported language", params: { text: 58030 } });

/**
 * Input schema of every better-auth endpoint that takes a body (issue 9 finding 6): wrong types,
 * nulls and oversized values are a 422 naming the field before better-auth (and the database)
 * sees them. Fields better-auth reads but we do not list pass through untouched.
 */
export const AUTH_INPUT: Record<string, z.ZodType<Record<string, unknown>>> = {
  "/sign-in/email": z.looseObject({ email, password, rememberMe: flag, callbackURL: link }),
  "/sign-up/email": z.looseObject({ email, password, name, lang: z.string().max(16).optional(), callbackURL: link, rememberMe: flag }),
  "/request-password-reset": z.looseObject({ email, redirectTo: link }),
  "/reset-password": z.looseObject({ newPassword: password, token: z.string().max(500).optional() }),
  "/send-verification-email": z.looseObject({ email, callbackURL: link }),
  "/change-password": z.looseObject({ currentPassword: password, newPassword: password, revokeOtherSessions: flag }),
  "/change-email": z.looseObject({ newEmail: email, callbackURL: link }),
  "/update-user": z.strictObject({ name: name.optional(), lang: lang.optional() }),
  "/google-one-tap": z.looseObject({ credential: z.string().min(1).max(8192) }),
  "/verify-email": z.looseObject({}),
  "/sign-out": z.looseObject({}),
};

/** The body of an auth POST, whatever type better-auth would accept it as (JSON or a urlencoded form). */
async function readAuthBody(req: Request): Promise<Record<string, unknown>> {
  const type = req.headers.get("content-type") ?? "";
  const text = await req.clone().text();
  if (!text.trim()) return {};
  try {
    if (type.includes("application/json")) {
      const body: unknown = JSON.parse(text);
      if (body !== null && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
    } else if (type.includes("application/x-www-form-urlencoded")) {
      return Object.fromEntries(new URLSearchParams(text));
    }
  } catch {
    // falls through to the error below
  }
  throw new AppError("bad_request", errorText(58121), "body");
}

/** A request carrying `body` as JSON in place of the original body (the checked, normalised input). */
function withJsonBody(req: Request, body: Record<string, unknown>): Request {
  const headers = new Headers(req.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(req.url, { method: req.method, headers, body: JSON.stringify(body) });
}

/**
 * /api/auth/* (issue 5): better-auth's handler (sign-up, sign-in, sign-out, session, e-mail
 * verification, password reset, Google one-tap). Before better-auth sees a POST (issue 9):
 * the body, of any type, is read once and validated; the client address (TRUST_PROXY) and the
 * e-mail count against the endpoint's bucket; a sign-in waits out the account's growing delay.
 * Sign-up answers the same for a new and an existing address, with no id. A refusal for the
 * page's origin is explained in the log (issue 16 point 15).
 */
export function authApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.on(["GET", "POST"], "/*", async (c) => {
    const services = c.get("services");
    const auth = getAuth(services);
    const sub = c.req.path.replace(/^.*?\/auth(?=\/)/, "");
    if (c.req.method !== "POST") return auth.handler(c.req.raw);
    const schema = AUTH_INPUT[sub];
    const body = schema ? validate(schema, await readAuthBody(c.req.raw)) : await readAuthBody(c.req.raw);
    const bucket = LIMITED[sub];
    const account = typeof body.email === "string" ? body.email : null;
    if (bucket) {
      await rateLimit(services, `ip:${clientIp(c, services.env.TRUST_PROXY) || "local"}`, bucket);
      if (account && sub !== "/sign-in/email") await rateLimit(services, `email:${account}`, bucket);
    }
    if (sub === "/sign-in/email" && account) await checkSignInDelay(services, account);
    const res = await auth.handler(withJsonBody(c.req.raw, body));
    await explainOriginRefusal({ services, req: c.req.raw, res });
    if (sub === "/sign-in/email" && account) {
      if (res.status === 401) await recordSignInFailure(services, account);
      else if (res.ok) await clearSignInFailures(services, account);
    }
    if (sub === "/sign-up/email" && res.ok) {
      const headers = new Headers(res.headers);
      headers.delete("content-length");
      headers.set("content-type", "application/json");
      return new Response(JSON.stringify({ status: true }), { status: 200, headers });
    }
    return res;
  });
  return app;
}
