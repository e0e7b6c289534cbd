/**
 * Receives a provider webhook (issue 13.5): verifies the raw body, applies every event in its own
 * transaction, then e-mails a receipt for each newly paid order.
 */
import { RECEIPT } from "../../common/commerce/text-ids.ts";
import { formatDate, formatMoney } from "../../common/i18n/format.ts";
import { eq } from "drizzle-orm";
import { orders, pricePlans } from "../db/schema.server.ts";
import { pageUrl, sendEmail } from "../email/send.server.ts";
import type { Services } from "../services.server.ts";
import { applyPaymentEvent, type ApplyResult } from "./apply-event.server.ts";
import { buyerLang, orderPlanNames } from "./orders.server.ts";
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
  const [row] = await services.db
    .select({ o: orders, plan: { package: pricePlans.package, tier: pricePlans.tier, months: pricePlans.months } })
    .from(orders)
    .leftJoin(pricePlans, eq(pricePlans.productKey, orders.productKey))
    .where(orderId !== undefined ? eq(orders.id, orderId) : eq(orders.providerOrderId, providerOrderId ?? ""))
    .limit(1);
  const o = row?.o;
  if (!o || o.status !== "paid" || o.provider !== provider || !o.customerEmail) return;
  const lang = await buyerLang(services.db, o);
  const url = pageUrl(services, lang, "/payments");
  const total = formatMoney(lang, o.totalCents, o.currency);
  const plan = {
    id: o.id,
    productKey: o.productKey,
    package: row.plan?.package ?? "",
    tier: row.plan?.tier ?? "",
    months: row.plan?.months ?? 0,
  };
  const planName = (await orderPlanNames(services.db, lang, [plan]))[o.id]!;
  await sendEmail(services, {
    to: o.customerEmail,
    template: "message",
    lang,
    category: "account",
    data: {
      subject: { id: RECEIPT.subject, values: { id: o.id } },
      lines: [
        { id: o.provider === "sandbox" ? RECEIPT.thanksTest : RECEIPT.thanks },
        { id: RECEIPT.plan, values: { plan: planName } },
        { id: RECEIPT.total, values: { total } },
        { id: RECEIPT.paidUntil, values: { date: o.expiresAt ? formatDate(lang, o.expiresAt) : "—" } },
      ],
      action: { label: { id: RECEIPT.button }, url },
    },
  });
}
