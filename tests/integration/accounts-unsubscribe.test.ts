import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { action, loader } from "../../app/routes/unsubscribe.tsx";
import { users } from "../../server/db/schema.server.ts";
import { signUnsubscribeToken } from "../../server/email/unsubscribe-token.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

describe("issue 5 /unsubscribe (no language prefix): one click, RFC 8058 one-click POST, forged and expired links", () => {
  let services: Services;
  let context: RouterContextProvider;
  beforeAll(async () => {
    services = await startTestServices("pglite");
    context = new RouterContextProvider();
    context.set(servicesContext, services);
    await services.db.insert(users).values({ email: "reader@example.com", emailOptOut: ["reports"] });
  });
  afterAll(async () => {
    await services?.close();
  });

  const url = (token: string) => `http://localhost:3000/unsubscribe?token=${encodeURIComponent(token)}`;
  const optOut = async () => (await services.db.select().from(users).where(eq(users.email, "reader@example.com")))[0]!.emailOptOut;
  const args = (request: Request) => ({ request, context, params: {}, unstable_pattern: "/unsubscribe" }) as never;

  it("shows whom and what a valid link unsubscribes, without changing anything on GET", async () => {
    const token = signUnsubscribeToken(services.cookieSecret, "reader@example.com", "marketing");
    const shown = loader(args(new Request(url(token))));
    expect(shown.target).toEqual({ email: "reader@example.com", category: "marketing" });
    expect(await optOut()).toEqual(["reports"]);
  });

  it("unsubscribes from the link's category on the RFC 8058 POST, once", async () => {
    const token = signUnsubscribeToken(services.cookieSecret, "reader@example.com", "marketing");
    const post = () =>
      new Request(url(token), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    expect(await action(args(post()))).toEqual({ done: true });
    expect(await action(args(post()))).toEqual({ done: true });
    expect(await optOut()).toEqual(["reports", "marketing"]);
  });

  it("refuses forged and expired links", async () => {
    const good = signUnsubscribeToken(services.cookieSecret, "reader@example.com", "notifications");
    const forged = signUnsubscribeToken("not-the-session-secret-at-all", "reader@example.com", "notifications");
    const expired = signUnsubscribeToken(services.cookieSecret, "reader@example.com", "notifications", Date.now() - 91 * 24 * 3600 * 1000);
    for (const token of [forged, expired, `${good}x`]) {
      expect(loader(args(new Request(url(token)))).target).toBeNull();
      expect(await action(args(new Request(url(token), { method: "POST", body: "List-Unsubscribe=One-Click" })))).toEqual({ done: false });
    }
    expect(await optOut()).not.toContain("notifications");
  });
});
