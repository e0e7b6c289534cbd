/**
 * The embedded sandbox provider (issue 13.4): with no provider configured, checkout goes to our own
 * test-payment page (/checkout/sandbox, in the buyer's language: issue 15.1), which completes, fails
 * or cancels the order by posting a FastSpring-protocol webhook signed with the sandbox secret
 * through the same verifier.
 */
import { createHmac } from "node:crypto";
import { localizePath } from "../../../common/i18n/languages.ts";
import { fastspringSignature } from "../signature.server.ts";
import { parseFastspringWebhook } from "./fastspring.server.ts";
import type { CheckoutOrder, PaymentProvider } from "./types.server.ts";

/** The sandbox webhook secret: configured, or derived from the cookie secret. */
export function sandboxSecret(configured: string | undefined, cookieSecret: string): string {
  return configured ?? createHmac("sha256", cookieSecret).update("sandbox-webhook").digest("base64");
}

/** What the sandbox page lets the buyer do. */
export type SandboxOutcome = "pay" | "fail" | "cancel";

/**
 * A signed FastSpring-style webhook for a sandbox outcome: `order.completed` (with a subscription
 * for terms of a month or more), `order.failed` or `order.canceled`.
 */
export function sandboxWebhook(
  secret: string,
  order: { id: number; productKey: string; totalCents: number; months: number },
  outcome: SandboxOutcome,
  nowMs: number,
): { body: string; headers: Headers } {
  const type = outcome === "pay" ? "order.completed" : outcome === "fail" ? "order.failed" : "order.canceled";
  const providerOrder = `SBX-${order.id}`;
  const event = {
    id: `sbx-${order.id}-${outcome}`,
    type,
    live: false,
    created: nowMs,
    data: {
      order: providerOrder,
      reference: providerOrder,
      currency: "USD",
      total: order.totalCents / 100,
      tax: 0,
      tags: { order: order.id, total: order.totalCents },
      items: [{ product: order.productKey, quantity: 1, subscription: order.months > 0 ? `SBX-SUB-${order.id}` : undefined }],
    },
  };
  const body = JSON.stringify({ events: [event] });
  return { body, headers: new Headers({ "content-type": "application/json", "x-fs-signature": fastspringSignature(secret, body) }) };
}

/** The sandbox provider; subscriptions are cancelled and resumed locally only. */
export function sandboxProvider(secret: string): PaymentProvider {
  return {
    name: "sandbox",
    checkoutUrl: async (o: CheckoutOrder) => `${localizePath(o.lang, "/checkout/sandbox")}?order=${o.id}`,
    parseWebhook: (raw, headers) => parseFastspringWebhook("sandbox", secret, raw, headers),
    cancelSubscription: async () => {},
    resumeSubscription: async () => {},
  };
}
