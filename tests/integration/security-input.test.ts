import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { MAX_BODY_BYTES } from "../../server/http/screen-input.server.ts";
import type { Services } from "../../server/services.server.ts";
import { apiApp, signedInClient, type ApiClient } from "../helpers/accounts.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

const NUL = "a\u0000b";

describe.each(databaseKinds)("issue 9 finding 6: bad input answers a 4xx naming the field, never a 500, on %s", (kind) => {
  let services: Services;
  let app: Hono;
  let client: ApiClient;
  beforeAll(async () => {
    services = await startTestServices(kind);
    app = apiApp(services);
    ({ client } = await signedInClient(services, app, "input-owner@example.com"));
  });
  afterAll(async () => {
    await services?.close();
  });

  const send = (path: string, body: unknown, type = "application/json") =>
    app.request(path, {
      method: "POST",
      headers: { "content-type": type, cookie: client.jar.header(), origin: "http://localhost:3000", "x-forwarded-for": "192.0.2.77" },
      body: type === "application/json" ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
    });

  async function expectField(res: Response, field: string) {
    expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { error: { field?: string } }).error.field).toBe(field);
  }

  it.each([
    ["/api/settings/profile", { name: NUL, lang: "en" }, "name"],
    ["/api/settings/restore_account", { token: `x${NUL}yyyyyyyyyy` }, "token"],
    ["/api/support/blockrequest", { username: NUL, email: "a@example.com" }, "username"],
    ["/api/chat/send", { message: NUL }, "message"],
    ["/api/auth/sign-up/email", { email: `n${NUL}@example.com`, password: "secret12", name: "N" }, "email"],
    ["/api/auth/sign-in/email", { email: `n${NUL}@example.com`, password: "secret12" }, "email"],
    ["/api/auth/request-password-reset", { email: `n${NUL}@example.com` }, "email"],
    ["/api/auth/reset-password", { newPassword: "secret12", token: NUL }, "token"],
    ["/api/auth/update-user", { name: NUL }, "name"],
  ])("a NUL byte in %s %j → 4xx naming %s (JSON and form bodies)", async (path, body, field) => {
    await expectField(await send(path, body), field);
    await expectField(await send(path, body, "application/x-www-form-urlencoded"), field);
  });

  it("a NUL byte in a query parameter (audit pages q) and in the path → 400 naming it", async () => {
    await expectField(await app.request("/api/audits/1/pages?q=a%00b", { headers: { cookie: client.jar.header() } }), "q");
    await expectField(await app.request("/api/audits/1%00/pages"), "path");
  });

  it("a 1 MB e-mail → 413 naming body; a long one → 4xx naming email; nothing reaches the rate-limit index", async () => {
    await expectField(await send("/api/auth/sign-in/email", { email: `${"a".repeat(1_000_000)}@example.com`, password: "x" }), "body");
    await expectField(await send("/api/auth/sign-in/email", { email: `${"a".repeat(70_000)}@example.com`, password: "x" }), "email");
    await expectField(
      await send("/api/auth/sign-up/email", { email: `${"a".repeat(5_000)}@example.com`, password: "secret12", name: "N" }),
      "email",
    );
    await expectField(await send("/api/auth/request-password-reset", { email: `${"a".repeat(5_000)}@example.com` }), "email");
  });

  it("every body type is limited: an oversized form or text body → 413", async () => {
    const big = "x".repeat(MAX_BODY_BYTES + 10);
    await expectField(await send("/api/chat/send", { message: big }, "application/x-www-form-urlencoded"), "body");
    const res = await app.request("/api/chat/send", { method: "POST", headers: { "content-type": "text/plain" }, body: big });
    await expectField(res, "body");
  });

  it.each([
    [{ name: null }, "name"],
    [{ name: 42 }, "name"],
    [{ name: ["a"] }, "name"],
    [{ name: "n".repeat(10_000) }, "name"],
    [{ emailVerified: true }, "emailVerified"],
    [{ lang: "xx" }, "lang"],
  ])("update-user %j → 422 naming %s (finding 7: the name is text of at most 120 characters)", async (body, field) => {
    const res = await send("/api/auth/update-user", body);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { field?: string } }).error.field).toBe(field);
  });

  it("a good update-user still works", async () => {
    const res = await send("/api/auth/update-user", { name: "Renamed" });
    expect(res.status).toBe(200);
  });
});
