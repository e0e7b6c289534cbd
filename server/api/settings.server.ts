import { z } from "zod";
import { isLanguage } from "../../common/i18n/languages.ts";
import { deleteAccount, restoreAccountByToken, restoreAccountWithPassword } from "../accounts/account-lifecycle.server.ts";
import { updateEmailPreferences, updateProfile } from "../accounts/update-settings.server.ts";
import { getCurrentUser, type CurrentUser } from "../auth/current-user.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { clientIp } from "../http/client-ip.server.ts";
import { rateLimit } from "../rate-limit/rate-limit.server.ts";
import type { Context } from "hono";
import type { ApiEnv } from "./types.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

const flag = z.union([z.boolean(), z.enum(["0", "1", "true", "false", "on"]).transform((v) => v === "1" || v === "true" || v === "on")]);

const profileSchema = z.object({
  name: z.string().trim().min(1).max(120),
  phone: z.string().trim().max(25).default(""),
  phone_country_code: z.string().trim().max(8).default(""),
  company: z.string().trim().max(200).default(""),
  lang: z.string().refine(isLanguage, { message: "unsupported language", params: { text: 58030 } }),
});
const notificationsSchema = z.object({ notifications: flag, reports: flag, marketing: flag });
const restoreSchema = z.object({ token: z.string().min(10).max(500) });
const restorePasswordSchema = z.object({ email: z.string().trim().max(254), password: z.string().max(128) });

async function requireUser(c: Context<ApiEnv>): Promise<CurrentUser> {
  const user = await getCurrentUser(c);
  if (!user) throw new AppError("unauthorized", errorText(58118));
  return user;
}

const tag = "settings";

/**
 * /api/settings (issue 5): profile, e-mail preferences, delete account, and the spec 7 account
 * restore calls. restore_account takes the signed link e-mailed at deletion; restore_account_p
 * (the popup with a password input) takes e-mail and password. Both answer `{ result }`.
 */
export const settingsRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/settings/profile",
    tag,
    summary: "Update the signed-in user's profile",
    input: profileSchema,
    access: { kind: "self" },
    handle: async ({ c, input, services }) => {
      const user = await requireUser(c);
      const { phone_country_code: phoneCountryCode, ...rest } = input;
      await updateProfile(services, user.id, { ...rest, phoneCountryCode: input.phone ? phoneCountryCode : "" });
      return { result: true };
    },
  }),
  route({
    method: "post",
    path: "/settings/notifications",
    tag,
    summary: "Choose which e-mails the signed-in user receives",
    input: notificationsSchema,
    access: { kind: "self" },
    handle: async ({ c, input, services }) => {
      const user = await requireUser(c);
      return { result: true, opt_out: await updateEmailPreferences(services, user.id, input) };
    },
  }),
  route({
    method: "post",
    path: "/settings/delete_account",
    tag,
    summary: "Delete the signed-in user's account (restorable for 30 days)",
    access: { kind: "self" },
    handle: async ({ c, services }) => {
      const user = await requireUser(c);
      await deleteAccount(services, user.id);
      return { result: true };
    },
  }),
  route({
    method: "post",
    path: "/settings/restore_account",
    tag,
    summary: "Spec 7 restore_account: restore a deleted account with the signed link's token",
    input: restoreSchema,
    access: { kind: "public" },
    handle: async ({ c, input, services }) => {
      await rateLimit(services, `ip:${clientIp(c, services.env.TRUST_PROXY) || "local"}`, "restore");
      return { result: await restoreAccountByToken(services, input.token) };
    },
  }),
  route({
    method: "post",
    path: "/settings/restore_account_p",
    tag,
    summary: "Spec 7 restore_account_p: restore a deleted account with e-mail and password",
    input: restorePasswordSchema,
    access: { kind: "public" },
    handle: async ({ c, input, services }) => {
      await rateLimit(services, `ip:${clientIp(c, services.env.TRUST_PROXY) || "local"}`, "restore");
      await rateLimit(services, `email:${input.email.toLowerCase()}`, "restore");
      return { result: await restoreAccountWithPassword(services, input.email, input.password) };
    },
  }),
];
