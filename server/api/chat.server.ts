import { Hono, type Context } from "hono";
import { z } from "zod";
import { getCurrentUser } from "../auth/current-user.server.ts";
import { listOwnMessages, listThreadByToken, sendManagerReply, sendVisitorMessage } from "../chat/messages.server.ts";
import { chatBodySchema, type ChatOwner } from "../chat/thread.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import { ensureVisitor, visitorIdFromCookie } from "../http/visitor.server.ts";
import type { ApiEnv } from "./types.server.ts";

const listSchema = z.object({ after: z.coerce.number().int().min(0).default(0), token: z.string().min(1).max(500).optional() });
const sendSchema = z.object({ message: chatBodySchema });
const replySchema = z.object({ token: z.string().min(1).max(500), message: chatBodySchema });

async function owner(c: Context<ApiEnv>, create: boolean): Promise<ChatOwner | null> {
  const user = await getCurrentUser(c);
  if (user) return { userId: user.id };
  const services = c.get("services");
  const visitorId = create ? await ensureVisitor(c, services) : await visitorIdFromCookie(c, services);
  return visitorId ? { visitorId } : null;
}

/** The chat API mounted at /api/chat (issue 5 chat between a visitor and their personal manager). */
export function chatApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  /** GET /messages?after=<id>[&token=<reply token>]: the visitor's (or, with a token, the manager's) conversation. */
  app.get("/messages", async (c) => {
    const input = validate(listSchema, await readInput(c));
    const services = c.get("services");
    if (input.token) return c.json(await listThreadByToken(services, input.token, input.after));
    return c.json(await listOwnMessages(services, await owner(c, false), input.after));
  });
  /** POST /send {message}: a visitor's message; e-mails the manager the reply link. */
  app.post("/send", async (c) => {
    const input = validate(sendSchema, await readInput(c));
    const who = (await owner(c, true))!;
    return c.json({ message: await sendVisitorMessage(c.get("services"), who, input.message) }, 201);
  });
  /** POST /reply {token, message}: the manager's answer through the signed reply link. */
  app.post("/reply", async (c) => {
    const input = validate(replySchema, await readInput(c));
    return c.json({ message: await sendManagerReply(c.get("services"), input.token, input.message) }, 201);
  });
  return app;
}
