import { and, asc, desc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { ManagerContact } from "../../common/manager/types.ts";
import type { Owner } from "../access/owner.server.ts";
import { ownedBy } from "../access/rule.server.ts";
import { chatMessages, chatThreads, managers } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { getManager, toManagerContact } from "../manager/get-manager.server.ts";
import type { Services } from "../services.server.ts";
import { verifyChatReplyToken } from "./reply-token.server.ts";

/** A chat message as the API returns it; `createdAt` is an ISO timestamp. */
export interface ChatMessage {
  id: number;
  author: "visitor" | "manager";
  body: string;
  createdAt: string;
}

/** A message body (issue 5 chat): trimmed, 1–2000 characters. */
export const chatBodySchema = z.string().trim().min(1).max(2000);

/** The thread of an owner (the one access rule: a user's, else the guest visitor's), or null when they have not written yet. */
export async function findThread(services: Services, owner: Owner): Promise<typeof chatThreads.$inferSelect | null> {
  const [row] = await services.db.select().from(chatThreads).where(ownedBy(owner, chatThreads)).orderBy(desc(chatThreads.userId)).limit(1);
  return row ?? null;
}

/** The thread of an owner (signed in, or a guest with a visitor id), created with their personal manager when missing. */
export async function ensureThread(services: Services, owner: Owner): Promise<typeof chatThreads.$inferSelect> {
  const existing = await findThread(services, owner);
  if (existing) return existing;
  const manager = await getManager(services.db, owner.userId ?? 0);
  const [row] = await services.db
    .insert(chatThreads)
    .values({
      managerId: manager.id,
      ...(owner.userId !== null ? { userId: owner.userId } : { visitorId: owner.visitorId }),
    })
    .returning();
  return row!;
}

/** Messages of a thread with an id above `after` (0 for all), oldest first. */
export async function messagesAfter(services: Services, threadId: number, after: number): Promise<ChatMessage[]> {
  const rows = await services.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, threadId), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(500);
  return rows.map((r) => ({ id: r.id, author: r.author, body: r.body, createdAt: r.createdAt.toISOString() }));
}

/** The manager of a thread. */
export async function threadManager(services: Services, managerId: number): Promise<ManagerContact> {
  const [row] = await services.db.select().from(managers).where(eq(managers.id, managerId)).limit(1);
  return row ? toManagerContact(row) : getManager(services.db, 0);
}

/**
 * The thread a manager's reply token names.
 * @throws AppError "forbidden" (field "token") when the token is forged, expired or names no thread.
 */
export async function threadFromToken(services: Services, token: string): Promise<typeof chatThreads.$inferSelect> {
  const threadId = verifyChatReplyToken(services.cookieSecret, token);
  const [row] = threadId === null ? [] : await services.db.select().from(chatThreads).where(eq(chatThreads.id, threadId)).limit(1);
  if (!row) throw new AppError("forbidden", errorText(58126), "token");
  return row;
}
