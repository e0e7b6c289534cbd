import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { users } from "../../server/db/schema.server.ts";
import { crossSiteReason } from "../../server/http/origin.server.ts";
import type { Services } from "../../server/services.server.ts";
import { apiApp, signedInClient } from "../helpers/accounts.ts";
import { startTestServices } from "../helpers/services.ts";

const post = (path: string, headers: Record<string, string>, body: unknown = {}) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("issue 9 finding 5: state-changing requests only from our own origin", () => {
  it("crossSiteReason refuses foreign and opaque Origins and cross-site Sec-Fetch-Site, passes ours and header-less clients", () => {
    const ours = ["http://localhost:3000"];
    expect(crossSiteReason(post("/x", { origin: "https://evil.example" }), ours)).toMatch(/evil/);
    expect(crossSiteReason(post("/x", { origin: "null" }), ours)).not.toBeNull();
    expect(crossSiteReason(post("/x", { "sec-fetch-site": "cross-site" }), ours)).not.toBeNull();
    expect(crossSiteReason(post("/x", { "sec-fetch-site": "same-site", origin: "http://localhost:3000" }), ours)).not.toBeNull();
    expect(crossSiteReason(post("/x", { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }), ours)).toBeNull();
    expect(crossSiteReason(post("/x", {}), ours)).toBeNull();
    expect(crossSiteReason(new Request("http://localhost:3000/x", { headers: { origin: "https://evil.example" } }), ours)).toBeNull();
  });

  describe("on /api with a signed-in victim's cookie", () => {
    let services: Services;
    let app: Hono;
    beforeAll(async () => {
      services = await startTestServices("pglite");
      app = apiApp(services);
    });
    afterAll(async () => {
      await services?.close();
    });

    it.each([
      ["/api/settings/delete_account", {}],
      ["/api/settings/profile", { name: "Pwned", lang: "en" }],
      ["/api/settings/notifications", { notifications: false, reports: false, marketing: false }],
      ["/api/chat/send", { message: "hi" }],
      ["/api/audits/start", { url: "http://127.0.0.1:1/" }],
    ])("a cross-origin POST %s is refused with 403 naming origin", async (path, body) => {
      const { client } = await signedInClient(services, app, `victim${path.length}${Math.random()}@example.com`);
      for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }] as Record<
        string,
        string
      >[]) {
        const res = await app.request(post(path, { cookie: client.jar.header(), ...headers }, body));
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(((await res.json()) as { error: { field: string } }).error.field).toBe("origin");
      }
    });

    it("the account survives a forged delete and our own page can still delete it", async () => {
      const { client, userId } = await signedInClient(services, app, "victim-delete@example.com");
      await app.request(post("/api/settings/delete_account", { cookie: client.jar.header(), origin: "https://evil.example" }));
      const [before] = await services.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
      expect(before!.deletedAt).toBeNull();
      const own = await app.request(
        post("/api/settings/delete_account", {
          cookie: client.jar.header(),
          origin: "http://localhost:3000",
          "sec-fetch-site": "same-origin",
        }),
      );
      expect(own.status).toBe(200);
      const [after] = await services.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
      expect(after!.deletedAt).not.toBeNull();
    });
  });
});
