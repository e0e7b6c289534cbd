/**
 * Payment configuration (issue 13.3): which provider sells, its base URLs and secrets, affiliate
 * and reseller rates. Merged into the one environment schema (server/env.server.ts).
 */
import { z } from "zod";

const optional = z
  .string()
  .optional()
  .or(z.literal("").transform(() => undefined));
const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));

/** Payment variables of the environment. */
export const paymentsEnvShape = {
  /** Who takes the money: the embedded sandbox (default, test payments only), FastSpring or Stripe. */
  PAYMENT_PROVIDER: z.enum(["sandbox", "fastspring", "stripe"]).default("sandbox"),
  /** FastSpring store base, e.g. https://sites.fastspring.com/rankforge (instant links: {base}/instant/{productKey}). */
  FASTSPRING_CHECKOUT_URL: optionalUrl,
  /** HMAC SHA256 secret of the FastSpring webhook (X-FS-Signature). */
  FASTSPRING_WEBHOOK_SECRET: optional,
  FASTSPRING_API_URL: z.string().url().default("https://api.fastspring.com"),
  FASTSPRING_API_USER: optional,
  FASTSPRING_API_PASSWORD: optional,
  /** Adds mode=test to FastSpring checkout links. */
  FASTSPRING_TEST_MODE: z
    .enum(["0", "1", "true", "false", ""])
    .optional()
    .transform((v) => v === "1" || v === "true"),
  STRIPE_API_URL: z.string().url().default("https://api.stripe.com"),
  STRIPE_SECRET_KEY: optional,
  /** Stripe endpoint secret (whsec_…) of the Stripe-Signature header. */
  STRIPE_WEBHOOK_SECRET: optional,
  /** Accepted age of a Stripe-Signature timestamp, seconds (Stripe's default 300). */
  STRIPE_TOLERANCE_S: z.coerce.number().int().min(1).max(3600).default(300),
  /** Secret of the sandbox's own webhooks; derived from the cookie secret when unset. */
  SANDBOX_WEBHOOK_SECRET: optional,
  /** Affiliate commission in percent of each payment, rebills included. */
  AFFILIATE_RATE_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  /** Discount of reseller accounts, percent. */
  RESELLER_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(90).default(20),
  /** VAT / tax id printed on invoices. */
  COMPANY_TAX_ID: z.string().default(""),
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnvShape>> & { NODE_ENV: string };

/**
 * Refuses a production start whose provider has no webhook secret or no checkout/API settings.
 * @throws Error naming the missing variable.
 */
export function checkPaymentsEnv(env: PaymentsEnv): void {
  const missing: string[] = [];
  if (env.PAYMENT_PROVIDER === "fastspring") {
    if (!env.FASTSPRING_WEBHOOK_SECRET) missing.push("FASTSPRING_WEBHOOK_SECRET");
    if (!env.FASTSPRING_CHECKOUT_URL) missing.push("FASTSPRING_CHECKOUT_URL");
  }
  if (env.PAYMENT_PROVIDER === "stripe") {
    if (!env.STRIPE_WEBHOOK_SECRET) missing.push("STRIPE_WEBHOOK_SECRET");
    if (!env.STRIPE_SECRET_KEY) missing.push("STRIPE_SECRET_KEY");
  }
  if (missing.length)
    throw new Error(
      `Invalid environment:\n${missing.map((m) => `  ${m}: required for PAYMENT_PROVIDER=${env.PAYMENT_PROVIDER}`).join("\n")}`,
    );
}
