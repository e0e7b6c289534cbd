import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { RATE_LIMIT_BUCKETS, rateLimit } from "../../server/rate-limit/rate-limit.server.ts";
import { rateLimits } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { apiApp, apiClient } from "../helpers/accounts.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

describe.each(databaseKinds)("issue 5 rate limits stored in the database on %s", (kind) => {
  let services: Services;
  let app: Hono;
  beforeAll(async () => {
    services = await startTestServices(kind);
    app = apiApp(services);
  });
  afterAll(async () => {
    await services?.close();
  });

  it("rateLimit allows the bucket's points per key, then throws rate_limited; keys and buckets are independent", async () => {
    const { points } = RATE_LIMIT_BUCKETS.review;
    for (let i = 0; i < points; i++) await rateLimit(services, "ip:192.0.2.1", "review");
    const err = await rateLimit(services, "ip:192.0.2.1", "review").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    await expect(rateLimit(services, "ip:192.0.2.2", "review")).resolves.toBeUndefined();
    await expect(rateLimit(services, "ip:192.0.2.1", "request")).resolves.toBeUndefined();
    const rows = await services.db.select().from(rateLimits);
    expect(rows.find((r) => r.key === "review:ip:192.0.2.1")?.points).toBe(points + 1);
  });

  it("limits sign-in attempts per e-mail across client addresses, with a message that names no account", async () => {
    const { points } = RATE_LIMIT_BUCKETS["sign-in"];
    let last: Response | undefined;
    for (let i = 0; i <= points; i++) {
      last = await apiClient(app).post("/api/auth/sign-in/email", { email: "target@example.com", password: `guess-${i}` });
    }
    expect(last!.status).toBe(429);
    const body = (await last!.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).not.toContain("target@example.com");
    const other = await apiClient(app).post("/api/auth/sign-in/email", { email: "other@example.com", password: "guess" });
    expect(other.status).toBe(401);
  });

  it("limits sign-up and password-reset requests per client address", async () => {
    const client = apiClient(app);
    const { points } = RATE_LIMIT_BUCKETS["sign-up"];
    const statuses: number[] = [];
    for (let i = 0; i <= points; i++) {
      statuses.push((await client.post("/api/auth/sign-up/email", { email: `n${i}@example.com`, password: "secret1", name: "N" })).status);
    }
    expect(statuses.slice(0, points).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const reset: number[] = [];
    for (let i = 0; i <= RATE_LIMIT_BUCKETS.reset.points; i++) {
      reset.push((await client.post("/api/auth/request-password-reset", { email: `r${i}@example.com` })).status);
    }
    expect(reset.at(-1)).toBe(429);
  });
});
