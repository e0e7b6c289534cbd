/**
 * Receives a provider webhook (issue 13.5): verifies the raw body, applies every event in its own
 * transaction, then e-mails a receipt for each newly paid order.
 */
import { eq } from "drizzle-orm";
import { orders } from "../db/schema.server.ts";
import { sendEmail } from "../email/send.server.ts";
import type { Services } from "../services.server.ts";
import { applyPaymentEvent, type ApplyResult } from "./apply-event.server.ts";
import { providerFor, type ProviderName } from "./providers/index.server.ts";

/** Options of {@link receiveWebhook}. */
export interface ReceiveWebhookOptions {
  services: Services;
  provider: ProviderName;
  rawBody: string;
  headers: Headers;
  now?: Date;
}

/**
 * Verifies and applies a webhook.
 * @returns one result per event, in order.
 * @throws AppError "unauthorized" for a bad signature, "bad_request" for a body outside the protocol.
 */
export async function receiveWebhook(opts: ReceiveWebhookOptions): Promise<{ eventId: string; result: ApplyResult }[]> {
  const { services } = opts;
  const now = opts.now ?? new Date();
  const events = providerFor(services, opts.provider).parseWebhook(opts.rawBody, opts.headers, now.getTime());
  const out: { eventId: string; result: ApplyResult }[] = [];
  for (const event of events) {
    const result = await applyPaymentEvent({ db: services.db, event, affiliateRate: services.env.AFFILIATE_RATE_PERCENT, now });
    out.push({ eventId: event.eventId, result });
    if (result === "applied" && event.kind === "paid") await sendReceipt(services, event.orderId, event.providerOrderId, event.provider);
  }
  return out;
}

async function sendReceipt(
  services: Services,
  orderId: number | undefined,
  providerOrderId: string | undefined,
  provider: string,
): Promise<void> {
  const [o] = await services.db
    .select()
    .from(orders)
    .where(orderId !== undefined ? eq(orders.id, orderId) : eq(orders.providerOrderId, providerOrderId ?? ""))
    .limit(1);
  if (!o || o.status !== "paid" || o.provider !== provider || !o.customerEmail) return;
  const url = new URL(`/payments`, services.env.PUBLIC_ORIGIN).toString();
  await sendEmail(services, {
    to: o.customerEmail,
    template: "notice",
    lang: "en",
    category: "account",
    data: {
      subject: `Receipt for order #${o.id}`,
      lines: [
        `Thank you for your payment${o.provider === "sandbox" ? " (test payment, no money was taken)" : ""}.`,
        `Plan: ${o.productKey}`,
        `Total: ${(o.totalCents / 100).toFixed(2)} ${o.currency}`,
        `Paid until: ${o.expiresAt?.toISOString().slice(0, 10) ?? ""}`,
      ],
      action: { label: "Your payments and invoices", url },
    },
  });
}
