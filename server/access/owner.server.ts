/**
 * Who is asking (issue 8.1 "one access rule"): the guest visitor of the signed `rf_vid` cookie
 * and the signed-in user of the session cookie, resolved once per request. Guests are user id 0
 * in spec 6; here a guest is an Owner with `userId: null`.
 */
import type { Context } from "hono";
import { getUserFromHeaders } from "../auth/current-user.server.ts";
import { ensureVisitor, visitorIdFromCookie } from "../http/visitor.server.ts";
import type { ApiEnv } from "../api/types.server.ts";
import type { Services } from "../services.server.ts";

/** The requester as the access rule sees it. Both null: anonymous (no cookie at all). */
export interface Owner {
  /** Guest visitor id (UUID) of this browser, or null. */
  visitorId: string | null;
  /** Signed-in user id, or null for a guest. */
  userId: number | null;
}

/** Nobody: no visitor cookie and no session. */
export const ANONYMOUS: Owner = Object.freeze({ visitorId: null, userId: null });

/** The owner of a request whose visitor id is already known (from the signed cookie). */
export async function ownerFromHeaders(services: Services, visitorId: string | null, headers: Headers): Promise<Owner> {
  const user = await getUserFromHeaders(services, headers);
  return { visitorId, userId: user?.id ?? null };
}

/**
 * The owner of an API request, resolved once and kept on the Hono context.
 * With `ensure: true` a guest without a visitor cookie gets one (for calls that create something).
 */
export async function requestOwner(c: Context, services: Services, opts: { ensure?: boolean } = {}): Promise<Owner> {
  const cached = (c as Context<ApiEnv>).get("owner");
  if (cached && (!opts.ensure || cached.visitorId || cached.userId)) return cached;
  const visitorId = opts.ensure ? await ensureVisitor(c, services) : await visitorIdFromCookie(c, services);
  const owner = cached ? { ...cached, visitorId } : await ownerFromHeaders(services, visitorId, c.req.raw.headers);
  (c as Context<ApiEnv>).set("owner", owner);
  return owner;
}
