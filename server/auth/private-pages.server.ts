/** better-auth's session cookie (prefix "rf"; "__Secure-" on https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?rf\.session_token=/;

/** Whether a request carries a session cookie (signed in, or a session that may still be valid). */
export function hasSessionCookie(headers: Headers): boolean {
  return SESSION_COOKIE.test(headers.get("cookie") ?? "");
}

/**
 * Marks a page answered to a signed-in browser `Cache-Control: private, no-store` (it shows the
 * user's name and data; no shared cache may keep it), unless the route set its own policy.
 */
export function privateWhenSignedIn(request: Request, res: Response): Response {
  if (!hasSessionCookie(request.headers) || res.headers.has("cache-control")) return res;
  const headers = new Headers(res.headers);
  headers.set("cache-control", "private, no-store");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
