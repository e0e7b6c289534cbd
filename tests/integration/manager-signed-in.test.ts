import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { managerRequests, users } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { apiApp, apiClient, signedInClient, type ApiClient } from "../helpers/accounts.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

describe.each(databaseKinds)("issue 5 manager calls of a signed-in user on %s", (kind) => {
  let services: Services;
  let app: Hono;
  let client: ApiClient;
  let userId: number;

  beforeAll(async () => {
    services = await startTestServices(kind);
    app = apiApp(services);
    ({ client, userId } = await signedInClient(services, app, "signed.in@example.com"));
    await services.db
      .update(users)
      .set({ phone: "+49 30 123456", phoneCountryCode: "DE", popups: [3, 1] })
      .where(eq(users.id, userId));
  });
  afterAll(async () => {
    await services?.close();
  });

  it("getmanager carries the user's phone fields and id", async () => {
    const body = (await (await client.post("/api/main/getmanager")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      u_tel: "+49 30 123456",
      u_country_code: "DE",
      u_username: "Test User",
      u_email: "signed.in@example.com",
      idu: userId,
    });
  });

  it("on the support page a signed-in user sends only a message; no user is created", async () => {
    const res = await client.post("/api/support/blockrequest", { message: "Where is my report?", fromPage: "support", typeRequest: 1 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { newu: number; data: { id: number } };
    expect(body.newu).toBe(0);
    const [row] = await services.db.select().from(managerRequests).where(eq(managerRequests.id, body.data.id));
    expect(row).toMatchObject({
      userId,
      email: "signed.in@example.com",
      username: "Test User",
      phone: "+49 30 123456",
      message: "Where is my report?",
    });
  });

  it("outside the support page the signed-in user's saved phone must be valid", async () => {
    await services.db.update(users).set({ phone: "" }).where(eq(users.id, userId));
    const res = await client.post("/api/support/blockrequest", { message: "Hi", fromPage: "cases" });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe("phone");
  });

  it("POST /api/popups/seen drops the first popup code only when it matches", async () => {
    const wrong = await client.post("/api/popups/seen", { code: 1 });
    expect(await wrong.json()).toEqual({ result: "unchanged" });
    const right = await client.post("/api/popups/seen", { code: 3 });
    expect(await right.json()).toEqual({ result: "ok" });
    const [u] = await services.db.select({ popups: users.popups }).from(users).where(eq(users.id, userId));
    expect(u!.popups).toEqual([1]);
    expect((await apiClient(app).post("/api/popups/seen", { code: 1 })).status).toBe(401);
  });
});
