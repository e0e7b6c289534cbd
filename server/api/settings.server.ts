import { Hono } from "hono";
import { z } from "zod";
import { isLanguage } from "../../app/i18n/languages.ts";
import { deleteAccount, restoreAccountByToken, restoreAccountWithPassword } from "../accounts/account-lifecycle.server.ts";
import { updateEmailPreferences, updateProfile } from "../accounts/update-settings.server.ts";
import { getCurrentUser, type CurrentUser } from "../auth/current-user.server.ts";
import { AppError } from "../errors.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import { clientIp, rateLimit } from "../rate-limit/rate-limit.server.ts";
import type { ApiEnv } from "./types.server.ts";
import type { Context } from "hono";

const flag = z.union([z.boolean(), z.enum(["0", "1", "true", "false", "on"]).transform((v) => v === "1" || v === "true" || v === "on")]);

const profileSchema = z.object({
  name: z.string().trim().min(1).max(120),
  phone: z.string().trim().max(25).default(""),
  phone_country_code: z.string().trim().max(8).default(""),
  company: z.string().trim().max(200).default(""),
  lang: z.string().refine(isLanguage, "unsupported language"),
});
const notificationsSchema = z.object({ notifications: flag, reports: flag, marketing: flag });
const restoreSchema = z.object({ token: z.string().min(10).max(500) });
const restorePasswordSchema = z.object({ email: z.string().trim().max(254), password: z.string().max(128) });

async function requireUser(c: Context<ApiEnv>): Promise<CurrentUser> {
  const user = await getCurrentUser(c);
  if (!user) throw new AppError("unauthorized", "Sign in first.");
  return user;
}

/**
 * /api/settings (issue 5): profile, e-mail preferences, delete account, and the spec 7 account
 * restore calls. restore_account takes the signed link e-mailed at deletion; restore_account_p
 * (the popup with a password input) takes e-mail and password. Both answer `{ result }`.
 */
export function settingsApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post("/profile", async (c) => {
    const user = await requireUser(c);
    const input = validate(profileSchema, await readInput(c));
    const { phone_country_code: phoneCountryCode, ...rest } = input;
    await updateProfile(c.get("services"), user.id, { ...rest, phoneCountryCode: input.phone ? phoneCountryCode : "" });
    return c.json({ result: true });
  });
  app.post("/notifications", async (c) => {
    const user = await requireUser(c);
    const wanted = validate(notificationsSchema, await readInput(c));
    return c.json({ result: true, opt_out: await updateEmailPreferences(c.get("services"), user.id, wanted) });
  });
  app.post("/delete_account", async (c) => {
    const user = await requireUser(c);
    await deleteAccount(c.get("services"), user.id);
    return c.json({ result: true });
  });
  app.post("/restore_account", async (c) => {
    const services = c.get("services");
    await rateLimit(services, `ip:${clientIp(c)}`, "restore");
    const { token } = validate(restoreSchema, await readInput(c));
    return c.json({ result: await restoreAccountByToken(services, token) });
  });
  app.post("/restore_account_p", async (c) => {
    const services = c.get("services");
    await rateLimit(services, `ip:${clientIp(c)}`, "restore");
    const { email, password } = validate(restorePasswordSchema, await readInput(c));
    await rateLimit(services, `email:${email.toLowerCase()}`, "restore");
    return c.json({ result: await restoreAccountWithPassword(services, email, password) });
  });
  return app;
}
