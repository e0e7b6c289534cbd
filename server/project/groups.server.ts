/**
 * Project groups (issue 8.5, spec 2 /project/group and /sproject/group): create, rename, delete,
 * move projects into a group. Groups are held like projects (server/access, resource "group").
 */
import { asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import { projectGroups, projects } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";

/** Longest group or project name, in characters. */
export const MAX_NAME_LENGTH = 80;

const name = z.string().trim().min(1).max(MAX_NAME_LENGTH);
const id = z.coerce.number().int().positive();

/** Moving a project into a group; groupId "" or 0: out of any group. */
export const moveProjectSchema = z.object({
  intent: z.literal("move"),
  idp: id,
  groupId: z.union([z.literal("").transform(() => null), z.coerce.number().int().min(0)]),
});

/** Forms of the groups screen, by intent. */
export const groupFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name }),
  z.object({ intent: z.literal("rename"), groupId: id, name }),
  z.object({ intent: z.literal("delete"), groupId: id }),
  moveProjectSchema,
]);

/** A group with how many projects it holds. */
export interface GroupView {
  id: number;
  name: string;
  projects: number;
}

interface OwnerOptions {
  services: Services;
  owner: Owner;
}

/** The owner's groups, by name. */
export async function listGroups({ services, owner }: OwnerOptions): Promise<GroupView[]> {
  const rows = await services.db
    .select({ id: projectGroups.id, name: projectGroups.name, projects: count(projects.id) })
    .from(projectGroups)
    .leftJoin(projects, eq(projects.groupId, projectGroups.id))
    .where(ownedBy(owner, projectGroups))
    .groupBy(projectGroups.id)
    .orderBy(asc(projectGroups.name), asc(projectGroups.id));
  return rows.map((r) => ({ ...r, projects: Number(r.projects) }));
}

/** Creates a group. @throws AppError "unauthorized" without an owner; "conflict" (field "name") when the owner has one of that name. */
export async function createGroup({ services, owner, name }: OwnerOptions & { name: string }): Promise<number> {
  if (owner.userId === null && owner.visitorId === null) throw new AppError("unauthorized", errorText(58127));
  const mine = await listGroups({ services, owner });
  if (mine.some((g) => g.name.toLowerCase() === name.toLowerCase())) throw new AppError("conflict", errorText(58128), "name");
  const [row] = await services.db
    .insert(projectGroups)
    .values({ name, userId: owner.userId, visitorId: owner.visitorId })
    .returning({ id: projectGroups.id });
  return row!.id;
}

/** Renames a group the owner holds. @throws AppError "not_found" (field "groupId"). */
export async function renameGroup({ services, owner, groupId, name }: OwnerOptions & { groupId: number; name: string }): Promise<void> {
  await authorize({ db: services.db, owner, resource: "group", id: groupId, action: "change" });
  await services.db.update(projectGroups).set({ name }).where(eq(projectGroups.id, groupId));
}

/** Deletes a group; its projects stay, outside any group. @throws AppError "not_found" (field "groupId"). */
export async function deleteGroup({ services, owner, groupId }: OwnerOptions & { groupId: number }): Promise<void> {
  await authorize({ db: services.db, owner, resource: "group", id: groupId, action: "delete" });
  await services.db.transaction(async (tx) => {
    await tx.update(projects).set({ groupId: null }).where(eq(projects.groupId, groupId));
    await tx.delete(projectGroups).where(eq(projectGroups.id, groupId));
  });
}

/**
 * Moves a project into a group (both held by the owner), or out of any group (`groupId` null or 0).
 * @throws AppError "not_found" (field "idp" or "groupId").
 */
export async function moveProject({
  services,
  owner,
  projectId,
  groupId,
}: OwnerOptions & { projectId: number; groupId: number | null }): Promise<void> {
  await authorize({ db: services.db, owner, resource: "project", id: projectId, action: "change" });
  if (groupId) await authorize({ db: services.db, owner, resource: "group", id: groupId, action: "change" });
  await services.db
    .update(projects)
    .set({ groupId: groupId || null })
    .where(eq(projects.id, projectId));
}
