import { MANAGER_EMAIL } from "../../common/manager/email-text-ids.ts";
import { eq } from "drizzle-orm";
import type { ManagerContact } from "../../common/manager/types.ts";
import { chatMessages, chatThreads } from "../db/schema.server.ts";
import { sendEmail } from "../email/send.server.ts";
import { getManager } from "../manager/get-manager.server.ts";
import { rateLimit } from "../rate-limit/rate-limit.server.ts";
import type { Owner } from "../access/owner.server.ts";
import type { Services } from "../services.server.ts";
import { signChatReplyToken } from "./reply-token.server.ts";
import { ensureThread, findThread, messagesAfter, threadFromToken, threadManager, type ChatMessage } from "./thread.server.ts";

/** A conversation as the chat client shows it: the manager's name and photo, and messages after a given id. */
export interface ChatView {
  manager: { name: string; img: string };
  messages: ChatMessage[];
}

const view = (m: ManagerContact, messages: ChatMessage[]): ChatView => ({ manager: { name: m.email_name, img: m.img }, messages });

/** The manager's reply link for a thread: {PUBLIC_ORIGIN}/chat-client?reply=<token>. */
export function replyUrl(services: Services, threadId: number): string {
  const url = new URL("/chat-client", services.env.PUBLIC_ORIGIN);
  url.searchParams.set("reply", signChatReplyToken(services.cookieSecret, threadId));
  return url.toString();
}

/** The owner's conversation: messages with an id above `after`; no thread yet → the personal manager and no messages. */
export async function listOwnMessages(services: Services, owner: Owner, after: number): Promise<ChatView> {
  const thread = await findThread(services, owner);
  if (!thread) {
    return view(await getManager(services.db, owner.userId ?? 0), []);
  }
  return view(await threadManager(services, thread.managerId), await messagesAfter(services, thread.id, after));
}

/**
 * Stores a visitor's message (body already validated, 1–2000 chars) in their thread and e-mails
 * the assigned manager the reply link.
 * @throws AppError "rate_limited" past the "chat" bucket (per owner).
 */
export async function sendVisitorMessage(services: Services, owner: Owner, body: string): Promise<ChatMessage> {
  await rateLimit(services, owner.userId !== null ? `user:${owner.userId}` : `visitor:${owner.visitorId}`, "chat");
  const thread = await ensureThread(services, owner);
  const message = await addMessage(services, thread.id, "visitor", body);
  const manager = await threadManager(services, thread.managerId);
  await sendEmail(services, {
    to: manager.email,
    template: "message",
    lang: manager.work_lang,
    category: "requests",
    data: {
      subject: { id: MANAGER_EMAIL.chatSubject, values: { thread: thread.id } },
      lines: [{ data: body }],
      action: { label: { id: MANAGER_EMAIL.chatReply }, url: replyUrl(services, thread.id) },
    },
  });
  return message;
}

/** The manager's side: the thread a reply token names, messages above `after`. @throws AppError "forbidden" for a bad token. */
export async function listThreadByToken(services: Services, token: string, after: number): Promise<ChatView> {
  const thread = await threadFromToken(services, token);
  return view(await threadManager(services, thread.managerId), await messagesAfter(services, thread.id, after));
}

/** Stores a manager's reply in the thread a token names. @throws AppError "forbidden" for a forged or expired token. */
export async function sendManagerReply(services: Services, token: string, body: string): Promise<ChatMessage> {
  const thread = await threadFromToken(services, token);
  return addMessage(services, thread.id, "manager", body);
}

async function addMessage(services: Services, threadId: number, author: "visitor" | "manager", body: string): Promise<ChatMessage> {
  const [row] = await services.db.insert(chatMessages).values({ threadId, author, body }).returning();
  await services.db.update(chatThreads).set({ lastMessageAt: row!.createdAt }).where(eq(chatThreads.id, threadId));
  return { id: row!.id, author: row!.author, body: row!.body, createdAt: row!.createdAt.toISOString() };
}
