import { z } from "zod";

const bool = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

/**
 * The one environment schema, validated at boot (README "Configuration").
 * Unknown variables are ignored; a bad value stops the process with the variable named.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The address users reach the product at; defaults to http://localhost:<PORT> (issue 16 point 15). */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /** Comma-separated origins a `download` query parameter may point at (spec 2). */
  OFFICIAL_ORIGINS: z
    .string()
    .default("https://rankforge.com,https://app.rankforge.com")
    .transform((s) =>
      s
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  ALLOW_PRIVATE_NETWORKS: bool,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_SECRET: z.string().min(16).optional(),
  /** Company details for legal pages and case studies ({{company.*}} placeholders, issue 4). */
  COMPANY_NAME: z.string().min(1).default("Rankforge"),
  COMPANY_LEGAL_NAME: z.string().min(1).default("Rankforge LLC"),
  /** The company e-mail shown in the footer, on /contacts and in legal pages (issue 16 point 5: one source). */
  COMPANY_EMAIL: z.string().email().default("hello@rankforge.com"),
  COMPANY_PHONE: z.string().min(1).default("+380 44 300 12 34"),
  /** Head office shown on /contacts, in the footer and in JSON-LD (issue 4). */
  OFFICE_STREET: z.string().default("Khreshchatyk St 22"),
  OFFICE_CITY: z.string().default("Kyiv"),
  OFFICE_POSTAL_CODE: z.string().default("01001"),
  /** ISO 3166-1 alpha-2. */
  OFFICE_COUNTRY: z.string().length(2).default("UA"),
  OFFICE_LAT: z.coerce.number().min(-90).max(90).default(50.4475),
  OFFICE_LNG: z.coerce.number().min(-180).max(180).default(30.5227),
  /** Leaflet tile URL template of the contacts map ({s}, {z}, {x}, {y}) and its attribution. */
  MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_TILE_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
  /** WeChat id of the manager and the text its QR code encodes (/wechat). */
  WECHAT_ID: z.string().default("rankforge_cn"),
  WECHAT_QR_TEXT: z.string().default("weixin://dl/chat?rankforge_cn"),
  /** /worldwideseo: analyses a visitor may start per hour (cached overviews are free). */
  WORLDSEO_HOURLY_LIMIT: z.coerce.number().int().min(1).default(10),
  /** SMTP server for outgoing e-mail (smtp:// or smtps://). Unset: e-mails stay in the outbox (issue 5). */
  SMTP_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Sender of every e-mail. */
  EMAIL_FROM: z.string().default("Rankforge <no-reply@rankforge.com>"),
  /** Shows development pages (/dev/outbox) even when NODE_ENV is production. */
  DEV_PAGES: bool,
  /** Google Sign-In client id; Google one-tap is enabled only when set (spec 7). */
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Google's published signing keys (JWKS); tests point it at a local key server. */
  GOOGLE_JWKS_URL: z.string().url().default("https://www.googleapis.com/oauth2/v3/certs"),
  /** IP-to-country lookup the phone input calls (spec 7; answers in the ip2c text format). */
  IP2C_URL: z.string().default("/api/geo/ip2c"),
  /** Marketing script loaded 4 s after the login state is known (spec 4); none by default. */
  MARKETING_SCRIPT_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** A crawl worker's claim on a URL not renewed for this long is taken over by other workers, in ms (issue 3). */
  CRAWL_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Run pg-boss workers in the web process (default) or only in `npm run worker`. */
  IN_PROCESS_WORKER: z
    .enum(["0", "1", "true", "false", ""])
    .optional()
    .transform((v) => v !== "0" && v !== "false"),
});

/** Parsed environment: PUBLIC_ORIGIN is always set (its default follows PORT). */
export type Env = Omit<z.infer<typeof envSchema>, "PUBLIC_ORIGIN"> & { PUBLIC_ORIGIN: string };

/**
 * Parses an environment record.
 * @throws Error naming every invalid variable.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return { ...env, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}` };
}
