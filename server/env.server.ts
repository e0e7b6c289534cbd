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
  PUBLIC_ORIGIN: z.string().url().default("http://localhost:3000"),
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
  /** A crawl worker's claim on a URL not renewed for this long is taken over by other workers, in ms (issue 3). */
  CRAWL_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Run pg-boss workers in the web process (default) or only in `npm run worker`. */
  IN_PROCESS_WORKER: z
    .enum(["0", "1", "true", "false", ""])
    .optional()
    .transform((v) => v !== "0" && v !== "false"),
});

/** Parsed environment. */
export type Env = z.infer<typeof envSchema>;

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
  return parsed.data;
}
