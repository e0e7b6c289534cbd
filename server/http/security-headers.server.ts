/**
 * Response security headers (issue 9 finding 8), aiming at Mozilla Observatory's A+: a nonce-based
 * Content-Security-Policy without 'unsafe-inline' for scripts, framing refused (frame-ancestors
 * 'none' and X-Frame-Options DENY; the chat panel's own page may be framed by our pages only),
 * Permissions-Policy, and HSTS only when the site is served over https.
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Env } from "../env.server.ts";

/** Browser features no page of ours uses. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), xr-spatial-tracking=()";

/** Pages our own pages frame (the chat panel's /chat-client, with or without a language prefix). */
const FRAMED_BY_US = /^(?:\/[a-z]{2}(?:-[a-z]+)?)?\/chat-client\/?$/i;

const originOf = (url: string | undefined) => {
  try {
    return url && /^https?:/.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * The Content-Security-Policy of an HTML page rendered with `nonce`. Scripts: only those carrying
 * the nonce and what they load ('strict-dynamic': the marketing script and Google's sign-in script
 * are added by our own code). `frameAncestors` is "'none'" unless a page may be framed.
 */
export function contentSecurityPolicy(env: Env, nonce: string, frameAncestors = "'none'"): string {
  const google = env.GOOGLE_CLIENT_ID ? " https://accounts.google.com" : "";
  const connect = [originOf(env.IP2C_URL), originOf(env.MARKETING_SCRIPT_URL)].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'unsafe-inline'${google && " https://accounts.google.com/gsi/style"}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${connect ? ` ${connect}` : ""}${google}`,
    `frame-src 'self'${google}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** Hono environment slot holding the request's CSP nonce (read by the React Router handler). */
export interface NonceVariables {
  cspNonce: string;
}

/**
 * Hono middleware: a fresh nonce per request (`c.get("cspNonce")`), then on the way out the headers
 * of the module comment. HTML answers get the nonce policy; JSON answers a policy that runs nothing.
 */
export function securityHeaders(env: Env): MiddlewareHandler<{ Variables: NonceVariables }> {
  const https = env.PUBLIC_ORIGIN.startsWith("https:");
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    let h = c.res.headers;
    try {
      h.set("x-content-type-options", "nosniff");
    } catch {
      // Immutable headers (a Response.redirect): answer a copy.
      c.res = new Response(c.res.body, c.res);
      h = c.res.headers;
    }
    const framed = FRAMED_BY_US.test(c.req.path);
    const type = h.get("content-type") ?? "";
    if (type.includes("text/html")) h.set("content-security-policy", contentSecurityPolicy(env, nonce, framed ? "'self'" : "'none'"));
    else if (type.includes("json")) h.set("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
    h.set("x-frame-options", framed ? "SAMEORIGIN" : "DENY");
    h.set("permissions-policy", PERMISSIONS_POLICY);
    if (https) h.set("strict-transport-security", "max-age=63072000; includeSubDomains");
    else h.delete("strict-transport-security");
  };
}
