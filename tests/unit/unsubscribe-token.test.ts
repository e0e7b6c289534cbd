import { describe, expect, it } from "vitest";
import { UNSUBSCRIBE_TOKEN_TTL_MS, signUnsubscribeToken, verifyUnsubscribeToken } from "../../server/email/unsubscribe-token.server.ts";
import { RESTORE_TOKEN_TTL_MS, signRestoreToken, verifyRestoreToken } from "../../server/accounts/restore-token.server.ts";

const SECRET = "a-session-secret-of-32-characters!";

describe("issue 5 /unsubscribe tokens (HMAC with SESSION_SECRET, per category, expiring)", () => {
  it("round-trips recipient and category until it expires after 90 days", () => {
    const now = Date.UTC(2026, 0, 1);
    const token = signUnsubscribeToken(SECRET, "Reader@Example.com", "marketing", now);
    expect(verifyUnsubscribeToken(SECRET, token, now + 1000)).toEqual({
      email: "reader@example.com",
      category: "marketing",
      expiresAt: now + UNSUBSCRIBE_TOKEN_TTL_MS,
    });
    expect(UNSUBSCRIBE_TOKEN_TTL_MS).toBe(90 * 24 * 3600 * 1000);
    expect(verifyUnsubscribeToken(SECRET, token, now + UNSUBSCRIBE_TOKEN_TTL_MS)).toBeNull();
  });

  it("refuses forged tokens: another secret, an edited payload, a changed category, garbage", () => {
    const token = signUnsubscribeToken(SECRET, "a@example.com", "reports");
    const [payload, sig] = token.split(".");
    const edited = Buffer.from(JSON.stringify(["b@example.com", "reports", Date.now() + 1e9])).toString("base64url");
    const otherCategory = Buffer.from(JSON.stringify(["a@example.com", "marketing", Date.now() + 1e9])).toString("base64url");
    expect(verifyUnsubscribeToken("another-secret-another-secret", token)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${edited}.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${otherCategory}.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${payload}.`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${token}.extra`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, "garbage")).toBeNull();
  });
});

describe("spec 4 account restore link tokens", () => {
  it("binds the user and the deletion time and expires after 90 days", () => {
    const now = Date.UTC(2026, 0, 1);
    const deletedAt = new Date(now - 5000);
    const token = signRestoreToken(SECRET, 42, deletedAt, now);
    expect(verifyRestoreToken(SECRET, token, now)).toEqual({ userId: 42, deletedAt: deletedAt.getTime() });
    expect(verifyRestoreToken(SECRET, token, now + RESTORE_TOKEN_TTL_MS)).toBeNull();
    expect(verifyRestoreToken("another-secret-another-secret", token, now)).toBeNull();
    const [, sig] = token.split(".");
    const forged = Buffer.from(JSON.stringify([43, deletedAt.getTime(), now + 1e9])).toString("base64url");
    expect(verifyRestoreToken(SECRET, `${forged}.${sig}`, now)).toBeNull();
  });
});
