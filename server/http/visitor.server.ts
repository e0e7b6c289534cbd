import type { Context } from "hono";
import { generateSignedCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import { visitors } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";

/** Name of the signed cookie holding the anonymous visitor id (guest session). */
export const VISITOR_COOKIE = "rf_vid";
const ONE_YEAR_S = 365 * 24 * 3600;

/** Reads a valid visitor id from the signed cookie, or null. */
export async function visitorIdFromCookie(c: Context, services: Services): Promise<string | null> {
  const id = await getSignedCookie(c, services.cookieSecret, VISITOR_COOKIE);
  return typeof id === "string" && /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

/**
 * Returns the guest's visitor id, creating the visitor row and setting the signed, httpOnly,
 * SameSite=Lax cookie when the request has none (or a forged one).
 */
export async function ensureVisitor(c: Context, services: Services): Promise<string> {
  const existing = await visitorIdFromCookie(c, services);
  if (existing) {
    const rows = await services.db
      .update(visitors)
      .set({ lastSeenAt: new Date() })
      .where(eq(visitors.id, existing))
      .returning({ id: visitors.id });
    if (rows.length) return existing;
  }
  const [row] = await services.db.insert(visitors).values({}).returning({ id: visitors.id });
  await setSignedCookie(c, VISITOR_COOKIE, row!.id, services.cookieSecret, cookieOptions(services));
  return row!.id;
}

const cookieOptions = (services: Services) =>
  ({ httpOnly: true, sameSite: "Lax", secure: services.env.PUBLIC_ORIGIN.startsWith("https:"), path: "/", maxAge: ONE_YEAR_S }) as const;

/**
 * Creates a guest visitor and returns its id with the Set-Cookie header value, for React Router
 * actions (which answer without a Hono context) that must give a new guest a session.
 */
export async function createVisitorCookie(services: Services): Promise<{ id: string; setCookie: string }> {
  const [row] = await services.db.insert(visitors).values({}).returning({ id: visitors.id });
  return { id: row!.id, setCookie: await generateSignedCookie(VISITOR_COOKIE, row!.id, services.cookieSecret, cookieOptions(services)) };
}
