import { and, eq, isNull } from "drizzle-orm";
import { parseSigned } from "hono/utils/cookie";
import { projectGroups, projects } from "../db/schema.server.ts";
import { VISITOR_COOKIE } from "../http/visitor.server.ts";
import type { Services } from "../services.server.ts";

/**
 * Moves a guest's anonymous projects (spec 6: guest = user id 0) to the user who just signed up or
 * signed in from the same browser: projects of the signed visitor cookie in `cookieHeader` that
 * belong to no user get `userId`, and so do the guest's project groups (issue 8.5). A missing or
 * forged cookie moves nothing.
 * @returns the number of projects moved.
 */
export async function claimGuestProjects(services: Services, cookieHeader: string | null | undefined, userId: number): Promise<number> {
  if (!cookieHeader) return 0;
  const parsed = await parseSigned(cookieHeader, services.cookieSecret, VISITOR_COOKIE);
  const visitorId = parsed[VISITOR_COOKIE];
  if (typeof visitorId !== "string" || !/^[0-9a-f-]{36}$/.test(visitorId)) return 0;
  const moved = await services.db
    .update(projects)
    .set({ userId })
    .where(and(eq(projects.visitorId, visitorId), isNull(projects.userId)))
    .returning({ id: projects.id });
  await services.db
    .update(projectGroups)
    .set({ userId })
    .where(and(eq(projectGroups.visitorId, visitorId), isNull(projectGroups.userId)));
  return moved.length;
}
