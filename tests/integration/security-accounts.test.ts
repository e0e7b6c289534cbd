import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import type { Hono } from "hono";
import { emails, rateLimits, users } from "../../server/db/schema.server.ts";
import { parseTrustProxy, resolveClientIp } from "../../server/http/client-ip.server.ts";
import { MAX_DELAY_S, delayAfter } from "../../server/rate-limit/sign-in-delay.server.ts";
import type { Services } from "../../server/services.server.ts";
import { apiApp } from "../helpers/accounts.ts";
import { startTestServices } from "../helpers/services.ts";

/** A verified account with `password`, made through sign-up. */
async function account(services: Services, app: Hono, email: string, password: string) {
  await app.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.1" },
    body: JSON.stringify({ email, password, name: "Owner" }),
  });
  await services.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
}

const signIn = (app: Hono, email: string, password: string, ip: string, form = false) =>
  app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json", "x-forwarded-for": ip },
    body: form ? new URLSearchParams({ email, password }).toString() : JSON.stringify({ email, password }),
  });

describe("issue 9 finding 3: one TRUST_PROXY setting decides the client address", () => {
  it("parses none, a hop count and CIDR lists, and refuses anything else", () => {
    expect(parseTrustProxy("")).toEqual({ kind: "none" });
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
    expect(parseTrustProxy("10.0.0.0/8, ::1").kind).toBe("cidrs");
    expect(() => parseTrustProxy("10.0.0.0/8,nonsense")).toThrow(/nonsense/);
  });

  it("ignores X-Forwarded-For by default, even from a loopback peer; believes only trusted hops", () => {
    const none = parseTrustProxy("");
    expect(resolveClientIp("127.0.0.1", "203.0.113.9", none)).toBe("127.0.0.1");
    expect(resolveClientIp("::ffff:198.51.100.4", "203.0.113.9", none)).toBe("198.51.100.4");
    expect(resolveClientIp("127.0.0.1", "1.1.1.1, 203.0.113.9", parseTrustProxy("1"))).toBe("203.0.113.9");
    const cidrs = parseTrustProxy("127.0.0.1,10.0.0.0/8");
    expect(resolveClientIp("127.0.0.1", "1.1.1.1, 203.0.113.9, 10.1.2.3", cidrs)).toBe("203.0.113.9");
    expect(resolveClientIp("198.51.100.4", "203.0.113.9", cidrs)).toBe("198.51.100.4");
  });

  describe("sign-in limits with no trusted proxy", () => {
    let services: Services;
    let app: Hono;
    beforeAll(async () => {
      services = await startTestServices("pglite", { TRUST_PROXY: "" });
      app = apiApp(services);
    });
    afterAll(async () => services?.close());

    it("a forged X-Forwarded-For per request does not escape the per-address limit", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await signIn(app, `nobody${i}@example.com`, "wrongpass", `203.0.113.${i}`)).status);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    });
  });

  describe("the per-account limit behind a trusted proxy (every request from a new address)", () => {
    let services: Services;
    let app: Hono;
    beforeAll(async () => {
      services = await startTestServices("pglite", { TRUST_PROXY: "1" });
      app = apiApp(services);
      await account(services, app, "owner@example.com", "right-pass");
    });
    afterAll(async () => services?.close());

    it("50 wrong passwords as urlencoded forms, then the right one: not signed in", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) statuses.push((await signIn(app, "owner@example.com", `guess-${i}`, `192.0.2.${i + 1}`, true)).status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(6);
      const right = await signIn(app, "owner@example.com", "right-pass", "192.0.2.200", true);
      expect(right.status).toBe(429);
      expect(right.headers.getSetCookie().join(";")).not.toMatch(/session_token=[^;]/);
    });

    it("finding 7: the real owner waits at most a minute, not 15 minutes, then signs in", async () => {
      const res = await signIn(app, "owner@example.com", "right-pass", "192.0.2.201");
      const wait = Number(/wait (\d+) seconds?/.exec(((await res.json()) as { error: { message: string } }).error.message)?.[1]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(MAX_DELAY_S);
      expect(delayAfter(1000)).toBe(MAX_DELAY_S);
      // The minute passes.
      await services.db
        .update(rateLimits)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(like(rateLimits.key, "sign-in-wait:%"));
      const ok = await signIn(app, "owner@example.com", "right-pass", "192.0.2.202");
      expect(ok.status).toBe(200);
    });
  });
});

describe("issue 9 finding 7: a password reset kills every older reset link", () => {
  let services: Services;
  let app: Hono;
  beforeAll(async () => {
    services = await startTestServices("pglite");
    app = apiApp(services);
    await account(services, app, "twice-reset@example.com", "first-pass");
  });
  afterAll(async () => services?.close());

  it("the older of two e-mailed reset tokens no longer works once the newer one is used", async () => {
    const ask = () =>
      app.request("/api/auth/request-password-reset", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.9" },
        body: JSON.stringify({ email: "twice-reset@example.com", redirectTo: "http://localhost:3000/settings" }),
      });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const mails = await services.db
      .select()
      .from(emails)
      .where(and(eq(emails.toAddress, "twice-reset@example.com"), eq(emails.template, "reset-password")));
    const tokens = mails.map((m) => /reset-password\/([^?"&]+)/.exec(m.html)![1]!);
    expect(new Set(tokens).size).toBe(2);
    const reset = (token: string, newPassword: string) =>
      app.request("/api/auth/reset-password", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.10" },
        body: JSON.stringify({ token, newPassword }),
      });
    expect((await reset(tokens[1]!, "second-pass")).status).toBe(200);
    expect((await reset(tokens[0]!, "attacker-pass")).status).toBe(400);
  });
});
