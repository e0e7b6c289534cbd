import { describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env.server.ts";

describe("issue Foundation part 2 — one env schema validated at boot", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ALLOW_PRIVATE_NETWORKS).toBe(false);
    expect(env.OFFICIAL_ORIGINS).toEqual(["https://rankforge.com", "https://app.rankforge.com"]);
    expect(env.IN_PROCESS_WORKER).toBe(true);
  });
  it("parses values", () => {
    const env = parseEnv({
      PORT: "8080",
      ALLOW_PRIVATE_NETWORKS: "1",
      OFFICIAL_ORIGINS: "https://a.test, https://b.test",
      DATABASE_URL: "",
    });
    expect(env.PORT).toBe(8080);
    expect(env.ALLOW_PRIVATE_NETWORKS).toBe(true);
    expect(env.OFFICIAL_ORIGINS).toEqual(["https://a.test", "https://b.test"]);
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it("issue 16 point 15: PUBLIC_ORIGIN defaults to the port the server listens on, so sign-up works on any port", () => {
    expect(parseEnv({}).PUBLIC_ORIGIN).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "3850" }).PUBLIC_ORIGIN).toBe("http://localhost:3850");
    expect(parseEnv({ PORT: "3850", PUBLIC_ORIGIN: "https://app.example" }).PUBLIC_ORIGIN).toBe("https://app.example");
  });
  it("issue 16 point 5: one company e-mail, the same on a fresh install as in production", () => {
    expect(parseEnv({}).COMPANY_EMAIL).toBe("hello@rankforge.com");
    expect(parseEnv({ COMPANY_EMAIL: "team@agency.example" }).COMPANY_EMAIL).toBe("team@agency.example");
  });
  it("names every invalid variable", () => {
    expect(() => parseEnv({ PORT: "http", LOG_LEVEL: "loud" })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
