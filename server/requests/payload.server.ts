import { z } from "zod";
import { isSubjectType } from "../../common/requests/validate.ts";

const text = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : typeof v === "number" ? String(v) : v), z.string().trim().max(max));
const int = z.preprocess((v) => (v === "" || v === null || v === undefined ? 0 : v), z.coerce.number().int().nonnegative());
const flag = z.preprocess((v) => v === true || v === 1 || v === "1" || v === "true", z.boolean());

/** Spec 3 "Tracking info": href, referrer, get (query string or the saved cookie), ref. */
export const trackingSchema = z
  .object({ href: text(2000), referrer: text(2000), get: text(2000), ref: text(200) })
  .partial()
  .transform((t) => ({ href: t.href ?? "", referrer: t.referrer ?? "", get: t.get ?? "", ref: t.ref ?? "" }));

/**
 * POST /api/support/blockrequest input (spec 3 "Manager request form payload" plus website and
 * fromPage, and the spec 3 tracking info). `form` says which spec 5 rules apply: "request" (the
 * manager request form) or "start" (the start request form, with `messageDisabled`). `custom`
 * may be a string or an object (stored as JSON text). `idu` is ignored: the session decides.
 * `phone` is E.164 as the phone input reports it; `u_country_code` is its ISO 3166 alpha-2 country.
 */
export const blockRequestSchema = z.object({
  idu: int.optional(),
  email: text(254).default(""),
  username: text(200).default(""),
  phone: text(250).default(""),
  message: text(10_000).default(""),
  page: text(2000).default(""),
  idm: int.default(0),
  u_tel: text(250).default(""),
  u_country_code: text(8).default(""),
  typeRequest: int.default(1).refine(isSubjectType, { message: "unknown request subject type", params: { text: 58035 } }),
  custom: z.preprocess((v) => (v !== null && typeof v === "object" ? JSON.stringify(v) : v), text(5000)).default(""),
  u_username: text(200).default(""),
  u_email: text(254).default(""),
  website: text(2000).default(""),
  fromPage: text(200).default(""),
  form: z.enum(["request", "start"]).default("request"),
  messageDisabled: flag.default(false),
  tracking: trackingSchema.default({ href: "", referrer: "", get: "", ref: "" }),
  lang: text(8).default("en"),
});

/** Validated blockrequest input. */
export type BlockRequestInput = z.infer<typeof blockRequestSchema>;
