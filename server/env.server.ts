import { z } from "zod";
import { checkPaymentsEnv, paymentsEnvShape } from "./commerce/config.server.ts";
import { parseTrustProxy } from "./http/client-ip.server.ts";

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
  /**
   * Which reverse proxies may tell the client address in X-Forwarded-For (rate limits, ip2c, logs):
   * "" none (default), a hop count ("1"), or addresses and CIDR ranges ("10.0.0.0/8,::1").
   */
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    }),
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
  /**
   * Crawl jobs queued per audit: that many workers (in any worker process) share one audit, each
   * with 1/N of its politeness limits (concurrency, requests per second, Crawl-delay) (issue 9 scale-out).
   */
  CRAWL_WORKERS_PER_AUDIT: z.coerce.number().int().min(1).max(8).default(1),
  /**
   * Worker threads each crawl parses pages in (issue 14.1); unset: one per core but two while the
   * cores are free, none under load (server/crawler/extract-pool.server.ts defaultThreads); 0: none.
   */
  CRAWL_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /**
   * Days stored request traces (stored e-mails, session addresses, review addresses, rejected
   * reviews) are kept before the daily privacy purge removes them (privacy policy section 7: 90).
   */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Rank tracking (issue 10). RANK_PROVIDER picks the SERP provider of live checks; its key (and
   * base URL, for local test servers) below. Unset: positions come from Search Console data.
   */
  RANK_PROVIDER: z.enum(["serpapi", "dataforseo", "serper", "searchapi", ""]).default(""),
  SERPAPI_KEY: z.string().optional(),
  SERPAPI_URL: z.string().url().default("https://serpapi.com"),
  DATAFORSEO_LOGIN: z.string().optional(),
  DATAFORSEO_PASSWORD: z.string().optional(),
  DATAFORSEO_URL: z.string().url().default("https://api.dataforseo.com"),
  /** DataForSEO flow: "live" (one call per page, answer at once) or "task" (task_post, tasks_ready, task_get: cheaper, queued). */
  DATAFORSEO_MODE: z.enum(["live", "task"]).default("live"),
  /** Interval between tasks_ready polls in ms (DataForSEO allows 20 a minute: 3000 at least against the real service). */
  DATAFORSEO_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(3000),
  /** A queued task not ready after this long is recorded as an error, in ms. */
  DATAFORSEO_TASK_TIMEOUT_MS: z.coerce.number().int().min(100).max(86_400_000).default(1_800_000),
  SERPER_KEY: z.string().optional(),
  SERPER_URL: z.string().url().default("https://google.serper.dev"),
  SEARCHAPI_KEY: z.string().optional(),
  SEARCHAPI_URL: z.string().url().default("https://www.searchapi.io"),
  /** Deepest position a check looks at (pages of 10). */
  RANK_DEPTH: z.coerce.number().int().min(10).max(200).default(100),
  /** Provider calls allowed per minute (the scheduler and "check now" share it). */
  RANK_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(60),
  /** Retries of one result page after a 429, provider error or network failure. */
  RANK_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** First retry delay without Retry-After, in ms (doubles each retry). */
  RANK_BACKOFF_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Google OAuth client of the Search Console connection, and its endpoints (local servers in tests). */
  GSC_CLIENT_ID: z.string().optional(),
  GSC_CLIENT_SECRET: z.string().optional(),
  GSC_AUTH_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GSC_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GSC_API_URL: z.string().url().default("https://searchconsole.googleapis.com"),
  /** PageSpeed Insights API key: adds CrUX field data to page speed tests (issue 12.1); none = lab data only. */
  PSI_API_KEY: z.string().optional(),
  /** PageSpeed Insights endpoint (a local server in tests). */
  PSI_ENDPOINT: z.string().url().default("https://www.googleapis.com/pagespeedonline/v5/runPagespeed"),
  /** Lighthouse runs per form factor of a speed test; the median run is reported (issue 12.1). */
  SPEED_RUNS: z.coerce.number().int().min(1).max(9).default(3),
  /** Speed tests run at once per worker process, each one Chromium (default: one per core; 0 = cores). */
  SPEED_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(0),
  /** Run pg-boss workers in the web process (default) or only in `npm run worker`. */
  IN_PROCESS_WORKER: z
    .enum(["0", "1", "true", "false", ""])
    .optional()
    .transform((v) => v !== "0" && v !== "false"),
  ...paymentsEnvShape,
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
  checkPaymentsEnv(parsed.data);
  const env = parsed.data;
  return { ...env, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}` };
}
