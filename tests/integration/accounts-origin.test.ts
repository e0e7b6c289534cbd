import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Hono } from "hono";
import { authErrorText } from "../../app/accounts/auth-client.ts";
import { AT } from "../../common/accounts/text-ids.ts";
import { createApi } from "../../server/api/index.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

describe("issue 16 point 15: a site served at an address it is not configured for says what is misconfigured", () => {
  let services: Services;
  let api: Hono;
  beforeAll(async () => {
    services = await startTestServices("pglite", { PORT: "3850", PUBLIC_ORIGIN: "https://rankforge.example" });
  });
  afterAll(async () => {
    await services?.close();
  });

  /** Sign-up as the sign-up form sends it from a page at `origin` (a browser's fetch metadata and the callback URL). */
  const signUp = (origin: string, email: string) =>
    api.request(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin,
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": "cors",
        "x-forwarded-for": "192.0.2.15",
      },
      body: JSON.stringify({ email, password: "secret12", name: "Ada", callbackURL: `${origin}/` }),
    });

  it("refuses sign-up from another address with an origin code, logs the page's address and PUBLIC_ORIGIN, and the form shows the setting to fix", async () => {
    api = new Hono().route("/api", createApi(services));
    const warn = vi.spyOn(services.log, "warn");

    const refused = await signUp("http://127.0.0.1:3850", "ada@example.com");
    expect(refused.status).toBe(403);
    const { code } = (await refused.json()) as { code: string };
    expect(["INVALID_ORIGIN", "INVALID_CALLBACK_URL"]).toContain(code);
    const logged = warn.mock.calls.find(([, message]) => typeof message === "string" && message.includes("PUBLIC_ORIGIN"));
    expect(logged?.[0]).toMatchObject({ code, pageOrigin: "http://127.0.0.1:3850", PUBLIC_ORIGIN: "https://rankforge.example" });

    expect(authErrorText(refused.status, code)).toBe(AT.originNotConfigured);
    const english = JSON.parse(readFileSync("content/texts/en/accounts.json", "utf8")) as { auth: Record<string, string> };
    expect(english.auth[String(AT.originNotConfigured)]).toContain("PUBLIC_ORIGIN");

    warn.mockClear();
    const accepted = await signUp("https://rankforge.example", "grace@example.com");
    expect(accepted.status).toBe(200);
    expect(warn.mock.calls.some(([, message]) => typeof message === "string" && message.includes("PUBLIC_ORIGIN"))).toBe(false);
  });
});
