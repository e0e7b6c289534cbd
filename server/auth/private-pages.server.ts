/** better-auth's session cookie (prefix "rf"; "__Secure-" on https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?rf\.session_token=/;

/**
 * Marks a page answered to a signed-in browser `Cache-Control: private, no-store` (it shows the
 * user's name and data; no shared cache may keep it), unless the route set its own policy.
 */
export function privateWhenSignedIn(request: Request, res: Response): Response {
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? "") || res.headers.has("cache-control")) return res;
  const headers = new Headers(res.headers);
  headers.set("cache-control", "private, no-store");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
