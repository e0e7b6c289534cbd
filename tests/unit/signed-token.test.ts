import { describe, expect, it } from "vitest";
import { signRestoreToken, verifyRestoreToken } from "../../server/accounts/restore-token.server.ts";
import { signChatReplyToken, verifyChatReplyToken } from "../../server/chat/reply-token.server.ts";
import { signToken, verifyToken } from "../../server/lib/signed-token.server.ts";

const SECRET = "s".repeat(32);

describe("issue 8 item 2: one signed expiring token (HMAC) for restore, chat reply and unsubscribe links", () => {
  it("verifies its own values until the expiry, and nothing after", () => {
    const t = signToken(SECRET, "p", [1, "a"], 1000, 5000);
    expect(verifyToken(SECRET, "p", t, 5999)).toEqual({ values: [1, "a"], expiresAt: 6000 });
    expect(verifyToken(SECRET, "p", t, 6000)).toBeNull();
  });

  it("refuses another purpose, another secret, a changed payload and extra parts", () => {
    const t = signToken(SECRET, "restore", [7, 123], 1000);
    expect(verifyToken(SECRET, "chat-reply", t)).toBeNull();
    expect(verifyToken("x".repeat(32), "restore", t)).toBeNull();
    const [payload, sig] = t.split(".");
    const forged = Buffer.from(JSON.stringify([8, 123, Date.now() + 1000])).toString("base64url");
    expect(verifyToken(SECRET, "restore", `${forged}.${sig}`)).toBeNull();
    expect(verifyToken(SECRET, "restore", `${payload}.${sig}.x`)).toBeNull();
  });

  it("a chat reply token never restores an account", () => {
    const reply = signChatReplyToken(SECRET, 5);
    expect(verifyChatReplyToken(SECRET, reply)).toBe(5);
    expect(verifyRestoreToken(SECRET, reply)).toBeNull();
    const restore = signRestoreToken(SECRET, 5, new Date(1000));
    expect(verifyRestoreToken(SECRET, restore)).toEqual({ userId: 5, deletedAt: 1000 });
    expect(verifyChatReplyToken(SECRET, restore)).toBeNull();
  });
});
