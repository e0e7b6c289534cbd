import type { Context } from "hono";
import { eq } from "drizzle-orm";
import type { ApiEnv } from "../api/types.server.ts";
import { users } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";
import { getAuth } from "./auth.server.ts";

/** The signed-in user as the product sees it (spec 3 "User"); guests have no CurrentUser (id 0). */
export interface CurrentUser {
  id: number;
  email: string;
  name: string;
  emailVerified: boolean;
  phone: string;
  phoneCountryCode: string;
  company: string;
  lang: string;
  /** Registration time (spec 3 datereg). */
  datereg: Date;
  popups: number[];
  noPrice: boolean;
  isSeo: boolean;
  licenseType: number;
  emailOptOut: string[];
}

/** Guest user id (spec 6). */
export const GUEST_USER_ID = 0;

/**
 * Resolves the session cookie of a request to its user, or null for a guest, an expired
 * session or a deleted account. Works for API handlers and route loaders alike.
 */
export async function getUserFromHeaders(services: Services, headers: Headers): Promise<CurrentUser | null> {
  const session = await getAuth(services).api.getSession({ headers });
  if (!session) return null;
  const [u] = await services.db
    .select()
    .from(users)
    .where(eq(users.id, Number(session.user.id)))
    .limit(1);
  if (!u || u.deletedAt) return null;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    emailVerified: u.emailVerified,
    phone: u.phone,
    phoneCountryCode: u.phoneCountryCode,
    company: u.company,
    lang: u.lang,
    datereg: u.createdAt,
    popups: u.popups,
    noPrice: u.noPrice,
    isSeo: u.isSeo,
    licenseType: u.licenseType,
    emailOptOut: u.emailOptOut,
  };
}

/** The current user of a Hono request (API handlers), or null for a guest. */
export function getCurrentUser(c: Context<ApiEnv>): Promise<CurrentUser | null> {
  return getUserFromHeaders(c.get("services"), c.req.raw.headers);
}

/** The current user of a Fetch request (route loaders and actions), or null for a guest. */
export function getUserFromRequest(services: Services, request: Request): Promise<CurrentUser | null> {
  return getUserFromHeaders(services, request.headers);
}
