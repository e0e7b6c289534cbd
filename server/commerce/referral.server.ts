/**
 * Referral tracking on the server (issue 13.8, spec 3 tracking info): a page visited with
 * `?ref=<affiliate id>` sets the rf_ref cookie and counts one click; sign-up credits the affiliate
 * of the cookie with a sign-up; sign-in moves the browser's guest orders to the account.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { parseSigned } from "hono/utils/cookie";
import { orders, users } from "../db/schema.server.ts";
import { VISITOR_COOKIE } from "../http/visitor.server.ts";
import type { Services } from "../services.server.ts";
import { readConsent } from "../../common/consent.ts";
import { TRACKING_REF_COOKIE } from "../../common/tracking.ts";
import { recordReferral } from "./affiliate.server.ts";
import { refreshLicence } from "./licence.server.ts";

const THIRTY_DAYS_S = 30 * 24 * 3600;

/** Middleware for page requests: `?ref=` sets the cookie and counts a click (once per browser and code). */
export function referralCookie(services: Services): MiddlewareHandler {
  return async (c, next) => {
    const ref = c.req.method === "GET" ? c.req.query("ref") : undefined;
    const fresh = !!ref && /^\d{1,9}$/.test(ref) && !c.req.path.startsWith("/api/") && getCookie(c, TRACKING_REF_COOKIE) !== ref;
    const counted = fresh && (await recordReferral({ db: services.db, ref: ref!, kind: "click" }));
    await next();
    // After the handler: the page's own Response replaces anything set on the context before it.
    // The cookie is not essential: only with the visitor's consent (issue 9, common/consent.ts).
    if (counted && readConsent(c.req.header("cookie") ?? "") === "accepted")
      c.res.headers.append("set-cookie", `${TRACKING_REF_COOKIE}=${ref}; Max-Age=${THIRTY_DAYS_S}; Path=/; SameSite=Lax`);
  };
}

function readCookie(header: string, name: string): string {
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return "";
}

/** A sign-in this long after registration no longer counts as the sign-up (ms). */
const SIGNUP_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Credits the affiliate named by the rf_ref cookie with a sign-up, at registration or at the first
 * session of an account registered in the last 24 h (e-mail confirmation); once per user, self-referral ignored.
 */
export async function attributeSignup(services: Services, cookieHeader: string | null | undefined, userId: number): Promise<void> {
  const ref = readCookie(cookieHeader ?? "", TRACKING_REF_COOKIE);
  if (!ref) return;
  const [u] = await services.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (u && Date.now() - u.createdAt.getTime() < SIGNUP_WINDOW_MS) await recordReferral({ db: services.db, ref, kind: "signup", userId });
}

/** Moves the browser's guest orders (spec 6 unregistered buyer) to the user who signed in, and rewrites the licence. */
export async function claimGuestOrders(services: Services, cookieHeader: string | null | undefined, userId: number): Promise<number> {
  if (!cookieHeader) return 0;
  const visitorId = (await parseSigned(cookieHeader, services.cookieSecret, VISITOR_COOKIE))[VISITOR_COOKIE];
  if (typeof visitorId !== "string" || !/^[0-9a-f-]{36}$/.test(visitorId)) return 0;
  const moved = await services.db
    .update(orders)
    .set({ userId })
    .where(and(eq(orders.visitorId, visitorId), isNull(orders.userId)))
    .returning({ id: orders.id });
  if (moved.length) await refreshLicence(services.db, userId);
  return moved.length;
}
