/**
 * Response security headers (issue 9 finding 8), aiming at Mozilla Observatory's A+: a nonce-based
 * Content-Security-Policy without 'unsafe-inline' for scripts; framing by our own sites only (pages
 * run inside our embedded checkout frame and post a close message to it, spec 4: frame-ancestors
 * 'self' plus OFFICIAL_ORIGINS, X-Frame-Options SAMEORIGIN for older browsers; JSON and other
 * answers are never framed), Permissions-Policy, and HSTS only when the site is served over https.
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Env } from "../env.server.ts";

/** Browser features no page of ours uses. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), xr-spatial-tracking=()";

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
  const ownFrameAncestors = ["'self'", ...env.OFFICIAL_ORIGINS.map(originOf).filter(Boolean)].join(" ");
  return async (c, next) => {
    c.set("cspNonce", randomBytes(16).toString("base64"));
    await next();
    // A page from the page cache carries the nonce it was rendered with (set by the handler).
    const nonce = c.get("cspNonce");
    // 304: the browser keeps the stored answer's headers; new ones would replace them (RFC 9111 4.3.4).
    if (c.res.status === 304) return;
    let h = c.res.headers;
    try {
      h.set("x-content-type-options", "nosniff");
    } catch {
      // Immutable headers (a Response.redirect): answer a copy.
      c.res = new Response(c.res.body, c.res);
      h = c.res.headers;
    }
    const type = h.get("content-type") ?? "";
    const html = type.includes("text/html");
    // A page that set its own frame-ancestors (a shared dashboard's configured origins) keeps them inside the nonce policy.
    const own = /^frame-ancestors ([^;]+)/.exec(h.get("content-security-policy") ?? "")?.[1];
    if (html) h.set("content-security-policy", contentSecurityPolicy(env, nonce, own ?? ownFrameAncestors));
    else if (type.includes("json")) h.set("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
    h.set("x-frame-options", html ? "SAMEORIGIN" : "DENY");
    h.set("permissions-policy", PERMISSIONS_POLICY);
    if (https) h.set("strict-transport-security", "max-age=63072000; includeSubDomains");
    else h.delete("strict-transport-security");
  };
}
