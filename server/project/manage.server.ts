/**
 * Renaming and deleting projects (issue 8.5). Deleting removes everything the project owns: its
 * audits, schedule (row and pg-boss schedule), analyses, verification and any table that
 * references projects with ON DELETE CASCADE.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { removeSchedule } from "../audit/schedule.server.ts";
import { projects } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";
import { MAX_NAME_LENGTH, moveProjectSchema } from "./groups.server.ts";

const idp = z.coerce.number().int().positive();

/** Forms of the projects screen, by intent (rename, delete with its typed confirmation, move to a group). */
export const projectFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), idp, name: z.string().trim().min(1).max(MAX_NAME_LENGTH) }),
  z.object({ intent: z.literal("delete"), idp, confirm: z.literal("1") }),
  moveProjectSchema,
]);

interface ProjectOptions {
  services: Services;
  owner: Owner;
  projectId: number;
}

/** Renames a project the owner may change. @throws AppError "not_found" (field "idp"). */
export async function renameProject({ services, owner, projectId, name }: ProjectOptions & { name: string }): Promise<void> {
  await authorize({ db: services.db, owner, resource: "project", id: projectId, action: "change" });
  await services.db.update(projects).set({ name }).where(eq(projects.id, projectId));
}

/** Deletes a project the owner may delete, with everything it owns. @throws AppError "not_found" (field "idp"). */
export async function deleteProject({ services, owner, projectId }: ProjectOptions): Promise<void> {
  await authorize({ db: services.db, owner, resource: "project", id: projectId, action: "delete" });
  await removeSchedule({ services, owner, projectId });
  await services.db.delete(projects).where(eq(projects.id, projectId));
}
