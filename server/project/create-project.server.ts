import { eq } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import { projects } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { siteKey } from "./site-key.ts";

/** Input of {@link createProject}: an already filtered URL (spec 5) and optional name, group and spec 3 tracking info. */
export interface CreateProjectOptions {
  services: Services;
  owner: Owner;
  url: string;
  name?: string | null | undefined;
  groupId?: number | null | undefined;
  tracking?: Record<string, string> | null | undefined;
}

/**
 * Adds a site as a project of the owner (signed-in user, else guest visitor), or finds the one the
 * owner already has for the same normalised site (issue 8.5: adding it again opens the existing one).
 * @returns the project id and whether it was created now.
 * @throws AppError "unauthorized" without any owner; "not_found" (field "groupId") for a group the owner may not change.
 */
export async function createProject(o: CreateProjectOptions): Promise<{ projectId: number; created: boolean }> {
  const { services, owner } = o;
  if (owner.userId === null && owner.visitorId === null) throw new AppError("unauthorized", errorText(58127));
  if (o.groupId) await authorize({ db: services.db, owner, resource: "group", id: o.groupId, action: "change", field: "groupId" });
  const key = siteKey(o.url);
  const mine = await services.db.select({ id: projects.id, url: projects.url }).from(projects).where(ownedBy(owner, projects));
  const existing = mine.find((p) => siteKey(p.url) === key);
  if (existing) return { projectId: existing.id, created: false };
  const [row] = await services.db
    .insert(projects)
    .values({
      visitorId: owner.visitorId,
      userId: owner.userId,
      domain: new URL(o.url).host,
      url: o.url,
      name: o.name?.trim() || null,
      groupId: o.groupId ?? null,
      tracking: o.tracking ?? null,
    })
    .returning({ id: projects.id });
  return { projectId: row!.id, created: true };
}

/** The project's display name: the name its owner gave it, else its domain. */
export function projectName(p: { name: string | null; domain: string }): string {
  return p.name ?? p.domain;
}

/** The URL of a project (ownership is checked by the caller). @throws Error when it does not exist. */
export async function projectUrl(services: Services, projectId: number): Promise<string> {
  const [row] = await services.db.select({ url: projects.url }).from(projects).where(eq(projects.id, projectId));
  if (!row) throw new Error(`project ${projectId} vanished`);
  return row.url;
}
