import { z } from "zod";
import { listOwnMessages, listThreadByToken, sendManagerReply, sendVisitorMessage } from "../chat/messages.server.ts";
import { chatBodySchema } from "../chat/thread.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

const token = z.string().min(1).max(500);

/** The chat API under /api/chat (issue 5 chat between a visitor and their personal manager). */
export const chatRoutes: ApiRoute[] = [
  route({
    method: "get",
    path: "/chat/messages",
    tag: "chat",
    summary: "The caller's conversation (or, with a manager's reply token, that thread) after message id `after`",
    input: z.object({ after: z.coerce.number().int().min(0).default(0), token: token.optional() }),
    access: { kind: "self" },
    handle: async ({ input, services, owner }) =>
      input.token ? listThreadByToken(services, input.token, input.after) : listOwnMessages(services, await owner(), input.after),
  }),
  route({
    method: "post",
    path: "/chat/send",
    tag: "chat",
    summary: "A visitor's message to their personal manager; e-mails the manager a signed reply link",
    input: z.object({ message: chatBodySchema }),
    access: { kind: "self" },
    status: 201,
    handle: async ({ input, services, owner }) => ({
      message: await sendVisitorMessage(services, await owner({ ensure: true }), input.message),
    }),
  }),
  route({
    method: "post",
    path: "/chat/reply",
    tag: "chat",
    summary: "The manager's answer through the signed reply link",
    input: z.object({ token, message: chatBodySchema }),
    access: { kind: "public" },
    status: 201,
    handle: async ({ input, services }) => ({ message: await sendManagerReply(services, input.token, input.message) }),
  }),
];
