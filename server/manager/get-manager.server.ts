import { eq } from "drizzle-orm";
import type { ManagerContact } from "../../common/manager/types.ts";
import type { Database } from "../db/client.server.ts";
import { managerAssignments, managers } from "../db/schema.server.ts";

type ManagerRow = typeof managers.$inferSelect;

/** Maps a managers row to the spec 3 manager record fields. */
export function toManagerContact(m: ManagerRow): ManagerContact {
  return {
    u_id: m.uId,
    id: m.id,
    img: m.img,
    email_name: m.emailName,
    email: m.email,
    phone: m.phone,
    work_lang: m.workLang,
    whatsapp: m.whatsapp,
    skype: m.skype,
    telegram: m.telegram,
    viber: m.viber,
    zalo: m.zalo,
    fb_messenger: m.fbMessenger,
    wechat: m.wechat,
  };
}

/**
 * The default manager (spec 3 `default`), seeded by server/db/seed.server.ts.
 * @throws Error when the seed has not run (no default manager row).
 */
export async function getDefaultManager(db: Database): Promise<ManagerContact> {
  const [row] = await db.select().from(managers).where(eq(managers.isDefault, true)).limit(1);
  if (!row) throw new Error("No default manager: the database has not been seeded");
  return toManagerContact(row);
}

/**
 * The personal manager of a user (issue 5): the assigned one; a user without an assignment is
 * given the default manager (stored, so the assignment stays when managers are added later).
 * Guests (user id 0) see the default manager and nothing is stored.
 */
export async function getManager(db: Database, userId: number): Promise<ManagerContact> {
  if (userId <= 0) return getDefaultManager(db);
  const [assigned] = await db
    .select({ m: managers })
    .from(managerAssignments)
    .innerJoin(managers, eq(managers.id, managerAssignments.managerId))
    .where(eq(managerAssignments.userId, userId))
    .limit(1);
  if (assigned) return toManagerContact(assigned.m);
  const fallback = await getDefaultManager(db);
  await db.insert(managerAssignments).values({ userId, managerId: fallback.id }).onConflictDoNothing();
  return fallback;
}

/** Assigns a manager to a user (replacing any earlier assignment). */
export async function assignManager(db: Database, userId: number, managerId: number): Promise<void> {
  await db
    .insert(managerAssignments)
    .values({ userId, managerId })
    .onConflictDoUpdate({ target: managerAssignments.userId, set: { managerId, assignedAt: new Date() } });
}
