import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { emails, managers, users } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { apiApp, apiClient, signedInClient } from "../helpers/accounts.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { waitFor } from "../helpers/wait.ts";

describe.each(databaseKinds)("issue 5 settings, restore (spec 4, 7, 8) and get{product} (spec 7) on %s", (kind) => {
  let services: Services;
  let app: Hono;
  beforeAll(async () => {
    services = await startTestServices(kind);
    app = apiApp(services);
  });
  afterAll(async () => {
    await services?.close();
  });

  const entries = [
    { controller: "main", key: "getmanager" },
    { controller: "user", key: "auth" },
    { controller: "user", key: "info" },
    { controller: "main", key: "defaultmanager" },
  ];

  it("POST /api/main/get{product} answers a guest with user id 0 and the default manager", async () => {
    const res = await apiClient(app).post("/api/main/getrankforge", { list: entries });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, Record<string, Record<string, unknown>>>;
    expect(body.user_auth!.user).toEqual({ id: 0, load: true, datereg: null, popups: [], no_price: false, is_seo: false });
    expect(body.user_info!.info).toEqual({ license_type: 0 });
    const [def] = await services.db.select().from(managers).where(eq(managers.isDefault, true));
    expect(body.main_defaultmanager!.id).toBe(def!.id);
    expect(body.main_getmanager!.email).toBe(def!.email);
    expect(body.main_getmanager!.idu).toBe(0);
  });

  it("POST /api/main/get{product} answers a signed-in user's record, only the entries asked for, and refuses unknown ones", async () => {
    const { client, userId } = await signedInClient(services, app, "product@example.com");
    await services.db
      .update(users)
      .set({ popups: [3, 1], isSeo: true, licenseType: 2 })
      .where(eq(users.id, userId));
    const res = await client.post("/api/main/getrankforge", { list: JSON.stringify(entries.slice(1, 3)) });
    const body = (await res.json()) as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(body).sort()).toEqual(["user_auth", "user_info"]);
    expect(body.user_auth!.user).toMatchObject({ id: userId, load: true, popups: [3, 1], no_price: false, is_seo: true });
    expect(Date.parse(String(body.user_auth!.user!.datereg))).toBeGreaterThan(Date.now() - 60_000);
    expect(body.user_info!.info).toEqual({ license_type: 2 });
    const bad = await client.post("/api/main/getrankforge", { list: [{ controller: "admin", key: "all" }] });
    expect(bad.status).toBe(422);
  });

  it("saves the profile and e-mail preferences of the signed-in user; guests are refused", async () => {
    const { client, userId } = await signedInClient(services, app, "profile@example.com");
    const saved = await client.post("/api/settings/profile", {
      name: "Grace Hopper",
      phone: "+44 20 7946 0958",
      phone_country_code: "44",
      company: "Navy",
      lang: "de",
    });
    expect(saved.status).toBe(200);
    const prefs = await client.post("/api/settings/notifications", { notifications: true, reports: "0", marketing: false });
    expect(await prefs.json()).toEqual({ result: true, opt_out: ["reports", "marketing"] });
    const [u] = await services.db.select().from(users).where(eq(users.id, userId));
    expect(u).toMatchObject({ name: "Grace Hopper", phone: "+44 20 7946 0958", phoneCountryCode: "44", company: "Navy", lang: "de" });
    expect(u!.emailOptOut).toEqual(["reports", "marketing"]);
    expect((await client.post("/api/settings/profile", { name: "x", lang: "xx" })).status).toBe(422);
    expect((await apiClient(app).post("/api/settings/profile", { name: "x", lang: "en" })).status).toBe(401);
  });

  it("changes the password (other sessions signed out) and sends a confirmation link to a new e-mail address", async () => {
    const { client, userId } = await signedInClient(services, app, "changer@example.com");
    const other = apiClient(app);
    expect((await other.post("/api/auth/sign-in/email", { email: "changer@example.com", password: "secret1" })).status).toBe(200);
    const wrong = await client.post("/api/auth/change-password", { currentPassword: "nope123", newPassword: "fresh12" });
    expect(wrong.status).toBe(400);
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: "secret1",
      newPassword: "fresh12",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await other.post("/api/settings/notifications", { notifications: true, reports: true, marketing: true })).status).toBe(401);
    expect((await apiClient(app).post("/api/auth/sign-in/email", { email: "changer@example.com", password: "fresh12" })).status).toBe(200);

    const asked = await client.post("/api/auth/change-email", {
      newEmail: "changed@example.com",
      callbackURL: "http://localhost:3000/settings",
    });
    expect(asked.status).toBe(200);
    const [still] = await services.db.select().from(users).where(eq(users.id, userId));
    expect(still!.email).toBe("changer@example.com");
    const mail = await waitFor(async () => {
      const [row] = await services.db.select().from(emails).where(eq(emails.toAddress, "changed@example.com"));
      return row ?? null;
    });
    expect(mail.template).toBe("confirm-new-email");
    expect(mail.subject).toBe("Confirm your new e-mail address");
    const link = /href="(http:\/\/localhost:3000\/api\/auth\/verify-email[^"]+)"/.exec(mail.html)![1]!.replaceAll("&amp;", "&");
    expect((await client.get(link.replace("http://localhost:3000", ""))).status).toBe(302);
    const [moved] = await services.db.select().from(users).where(eq(users.id, userId));
    expect(moved!.email).toBe("changed@example.com");
  });

  it("deletes an account (marked deleted, signed out, sign-in refused) and restores it with e-mail and password", async () => {
    const { client, userId } = await signedInClient(services, app, "leaver@example.com");
    expect((await client.post("/api/settings/delete_account")).status).toBe(200);
    const [u] = await services.db.select().from(users).where(eq(users.id, userId));
    expect(u!.deletedAt).toBeInstanceOf(Date);
    expect((await client.post("/api/settings/profile", { name: "x", lang: "en" })).status).toBe(401);
    const blocked = await client.post("/api/auth/sign-in/email", { email: "leaver@example.com", password: "secret1" });
    expect(blocked.status).toBe(403);
    expect(((await blocked.json()) as { code: string }).code).toBe("ACCOUNT_DELETED");

    const wrong = await client.post("/api/settings/restore_account_p", { email: "leaver@example.com", password: "nope123" });
    expect(await wrong.json()).toEqual({ result: false });
    const unknown = await client.post("/api/settings/restore_account_p", { email: "nobody@example.com", password: "secret1" });
    expect(await unknown.json()).toEqual({ result: false });
    const ok = await client.post("/api/settings/restore_account_p", { email: "leaver@example.com", password: "secret1" });
    expect(await ok.json()).toEqual({ result: true });
    const again = await client.post("/api/settings/restore_account_p", { email: "leaver@example.com", password: "secret1" });
    expect(await again.json()).toEqual({ result: false });
    expect((await client.post("/api/auth/sign-in/email", { email: "leaver@example.com", password: "secret1" })).status).toBe(200);
  });

  it("restores an account with the signed link e-mailed at deletion; forged and reused links fail", async () => {
    const { client, userId } = await signedInClient(services, app, "linked@example.com");
    await client.post("/api/settings/delete_account");
    const mail = await waitFor(async () => {
      const [row] = await services.db
        .select()
        .from(emails)
        .where(and(eq(emails.toAddress, "linked@example.com"), eq(emails.template, "account-deleted")));
      return row ?? null;
    });
    const link = new URL(/href="([^"]*restore=[^"]+)"/.exec(mail.html)![1]!.replaceAll("&amp;", "&"));
    const token = link.searchParams.get("restore")!;
    const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect(await (await client.post("/api/settings/restore_account", { token: forged })).json()).toEqual({ result: false });
    expect(await (await client.post("/api/settings/restore_account", { token })).json()).toEqual({ result: true });
    const [u] = await services.db.select().from(users).where(eq(users.id, userId));
    expect(u!.deletedAt).toBeNull();
    expect(await (await client.post("/api/settings/restore_account", { token })).json()).toEqual({ result: false });
  });
});
