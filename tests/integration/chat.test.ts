import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { createApi } from "../../server/api/index.server.ts";
import { signChatReplyToken, CHAT_REPLY_TOKEN_TTL_MS } from "../../server/chat/reply-token.server.ts";
import { emails } from "../../server/db/schema.server.ts";
import { getDefaultManager } from "../../server/manager/get-manager.server.ts";
import type { Services } from "../../server/services.server.ts";
import { CookieJar } from "../helpers/cookie-jar.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

interface Msg {
  id: number;
  author: string;
  body: string;
}

describe.each(databaseKinds)("issue 5 chat API /api/chat (visitor ↔ personal manager) on %s", (kind) => {
  let services: Services;
  let api: ReturnType<typeof createApi>;
  beforeAll(async () => {
    services = await startTestServices(kind);
    api = createApi(services);
  });
  afterAll(async () => {
    await services?.close();
  });

  const call = async (jar: CookieJar, method: string, path: string, body?: unknown, ip = "198.51.100.7") =>
    jar.take(
      await api.request(path, {
        method,
        headers: { cookie: jar.header(), "content-type": "application/json", "x-forwarded-for": ip },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );

  it("a guest sends, the manager is e-mailed a reply link, replies through it, and the guest sees the answer", async () => {
    const guest = new CookieJar();
    const empty = (await (await call(guest, "GET", "/chat/messages")).json()) as { manager: { name: string }; messages: Msg[] };
    const manager = await getDefaultManager(services.db);
    expect(empty).toEqual({ manager: { name: manager.email_name, img: manager.img }, messages: [] });

    const sent = await call(guest, "POST", "/chat/send", { message: "  Hello, can you check my site?  " });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: Msg };
    expect(message).toMatchObject({ author: "visitor", body: "Hello, can you check my site?" });

    const [mail] = await services.db
      .select()
      .from(emails)
      .where(eq(emails.toAddress, manager.email.toLowerCase()))
      .orderBy(desc(emails.id))
      .limit(1);
    expect(mail!.text).toContain("Hello, can you check my site?");
    const link = /https?:\/\/\S+\/chat-client\?reply=([\w.-]+)/.exec(mail!.text)!;
    expect(link).not.toBeNull();
    const token = link[1]!;

    const managerJar = new CookieJar();
    const managerView = (await (await call(managerJar, "GET", `/chat/messages?token=${token}`)).json()) as { messages: Msg[] };
    expect(managerView.messages.map((m) => m.body)).toEqual(["Hello, can you check my site?"]);
    const replied = await call(managerJar, "POST", "/chat/reply", { token, message: "Sure, looking now." });
    expect(replied.status).toBe(201);

    const after = (await (await call(guest, "GET", `/chat/messages?after=${message.id}`)).json()) as { messages: Msg[] };
    expect(after.messages).toMatchObject([{ author: "manager", body: "Sure, looking now." }]);
    const other = (await (await call(new CookieJar(), "GET", "/chat/messages")).json()) as { messages: Msg[] };
    expect(other.messages).toEqual([]);
  });

  it("refuses forged and expired reply tokens", async () => {
    const guest = new CookieJar();
    await call(guest, "POST", "/chat/send", { message: "Anyone there?" }, "198.51.100.8");
    const threadId = (await services.db.query.chatThreads.findMany()).at(-1)!.id;
    const forged = signChatReplyToken("some-other-secret-entirely-0000000", threadId);
    const expired = signChatReplyToken(services.cookieSecret, threadId, Date.now() - CHAT_REPLY_TOKEN_TTL_MS - 1000);
    const good = signChatReplyToken(services.cookieSecret, threadId);
    for (const token of [forged, expired, `${good}x`, "nonsense"]) {
      const res = await call(new CookieJar(), "POST", "/chat/reply", { token, message: "hi" });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe("token");
      expect((await call(new CookieJar(), "GET", `/chat/messages?token=${encodeURIComponent(token)}`)).status).toBe(403);
    }
  });

  it("answers 422 naming the field for an empty or too long message and a missing token", async () => {
    const cases: [string, unknown, string][] = [
      ["/chat/send", { message: "   " }, "message"],
      ["/chat/send", { message: "x".repeat(2001) }, "message"],
      ["/chat/send", {}, "message"],
      ["/chat/reply", { message: "hi" }, "token"],
      ["/chat/reply", { token: "t", message: "" }, "message"],
    ];
    for (const [path, body, field] of cases) {
      const res = await call(new CookieJar(), "POST", path, body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    const bad = await call(new CookieJar(), "GET", "/chat/messages?after=-1");
    expect(bad.status).toBe(422);
  });

  it("rate-limits a visitor after 20 messages in 10 minutes", async () => {
    const guest = new CookieJar();
    for (let i = 0; i < 20; i++) expect((await call(guest, "POST", "/chat/send", { message: `m${i}` })).status).toBe(201);
    const limited = await call(guest, "POST", "/chat/send", { message: "one more" });
    expect(limited.status).toBe(429);
  });
});
