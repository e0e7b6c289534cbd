import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Users (spec 3 "User", spec 6 roles; issue 5). Guest is id 0 and has no row. The JS keys of the
 * better-auth core fields (name, email, emailVerified, image, createdAt, updatedAt) are the names
 * better-auth's Drizzle adapter looks up; `createdAt` is the spec's `datereg`.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().default(""),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** Registration time (spec 3 datereg). */
    createdAt: ts("datereg").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    /** Phone as typed in the phone input (spec 3 u_tel) and its ISO 3166 alpha-2 country (u_country_code). */
    phone: text("phone").notNull().default(""),
    phoneCountryCode: text("phone_country_code").notNull().default(""),
    company: text("company").notNull().default(""),
    /** Interface language code (spec 2), used for e-mails too. */
    lang: text("lang").notNull().default("en"),
    /** Popup codes waiting for this user, first one shown after login (spec 4: 1, 2, 3, 5, 11). */
    popups: jsonb("popups").$type<number[]>().notNull().default([]),
    noPrice: boolean("no_price").notNull().default(false),
    isSeo: boolean("is_seo").notNull().default(false),
    /** Licence type (spec 3 user info license_type); 0 = no licence. */
    licenseType: smallint("license_type").notNull().default(0),
    /** E-mail categories the user unsubscribed from (see server/email/categories.server.ts). */
    emailOptOut: jsonb("email_opt_out").$type<string[]>().notNull().default([]),
    /** Set when the user deleted the account; cleared by restore_account (spec 4). */
    deletedAt: ts("deleted_at"),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/** Database sessions (better-auth): an opaque token in an httpOnly SameSite cookie. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    token: text("token").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.token), index("sessions_user_idx").on(t.userId)],
);

/** Sign-in methods of a user (better-auth accounts): "credential" holds the scrypt password hash. */
export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("auth_accounts_user_idx").on(t.userId)],
);

/** One-time tokens (better-auth): e-mail verification and password reset. */
export const verifications = pgTable(
  "verifications",
  {
    id: serial("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Delivery state of an e-mail. */
export type EmailStatus = "queued" | "sent" | "stored" | "failed";

/**
 * Every e-mail the product sends: rendered once, then delivered by the `email-send` job over SMTP
 * or, without SMTP_URL, kept here as the development outbox (/dev/outbox).
 */
export const emails = pgTable(
  "emails",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    template: text("template").notNull(),
    category: text("category").notNull(),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on marketing mail). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status").$type<EmailStatus>().notNull().default("queued"),
    error: text("error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
  },
  (t) => [index("emails_to_idx").on(t.toAddress, t.id)],
);
