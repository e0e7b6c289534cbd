/**
 * Stripe Checkout (issue 13.3; research/payments.md 2): a Checkout Session created through the
 * API (form-encoded, Bearer secret key), webhooks signed with Stripe-Signature and a timestamp
 * tolerance, subscriptions cancelled and resumed with cancel_at_period_end.
 */
import { z } from "zod";
import { toBcp47 } from "../../../common/i18n/languages.ts";
import { AppError, errorText } from "../../errors.server.ts";
import { verifyStripe } from "../signature.server.ts";
import type { CheckoutOrder, PaymentEvent, PaymentEventKind, PaymentProvider } from "./types.server.ts";

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Languages Stripe Checkout is shown in (its `locale` values among our BCP 47 tags); others get "auto". */
const CHECKOUT_LOCALES = new Set(
  "bg cs da de el en es et fi fr hr hu id it ja ko lt lv ms nb nl pl pt ro ru sk sl sv th tr vi zh".split(" "),
);

/** Stripe Checkout's `locale` for a spec 2 language code (issue 15.1): the language's tag, or "auto" when Stripe has none. */
export function stripeLocale(lang: string): string {
  const tag = toBcp47(lang);
  return CHECKOUT_LOCALES.has(tag) ? tag : "auto";
}

const str = (v: unknown) => (typeof v === "string" && v ? v : v && typeof v === "object" && "id" in v ? String(v.id) : undefined);

/** Normalizes one Stripe event. */
function toEvent(e: z.infer<typeof eventSchema>): PaymentEvent {
  const o = e.data.object;
  const meta = (o.metadata && typeof o.metadata === "object" ? o.metadata : {}) as Record<string, unknown>;
  const orderId = Number(o.client_reference_id ?? meta.order);
  let kind: PaymentEventKind = "ignored";
  let providerOrderId = str(o.payment_intent);
  let subscriptionId = str(o.subscription);
  let total = o.amount_total;
  switch (e.type) {
    case "checkout.session.completed":
      kind = o.payment_status === "unpaid" ? "pending" : "paid";
      providerOrderId ??= str(o.id);
      break;
    case "checkout.session.async_payment_succeeded":
      kind = "paid";
      providerOrderId ??= str(o.id);
      break;
    case "checkout.session.async_payment_failed":
      kind = "failed";
      break;
    case "checkout.session.expired":
      kind = "cancelled";
      break;
    case "invoice.paid":
      kind = o.billing_reason === "subscription_cycle" ? "rebill" : "ignored";
      total = o.amount_paid;
      break;
    case "customer.subscription.updated":
      kind = o.cancel_at_period_end ? "subscription-cancelling" : "subscription-resumed";
      subscriptionId = str(o.id);
      break;
    case "customer.subscription.deleted":
      kind = "subscription-ended";
      subscriptionId = str(o.id);
      break;
    case "charge.refunded":
      kind = "refund";
      total = o.amount_refunded;
      break;
    case "charge.dispute.created":
      kind = "chargeback";
      total = o.amount;
      break;
  }
  return {
    provider: "stripe",
    eventId: e.id,
    type: e.type,
    kind,
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : undefined,
    providerOrderId,
    subscriptionId,
    totalCents: typeof total === "number" ? total : undefined,
    taxCents:
      o.total_details && typeof o.total_details === "object"
        ? Number((o.total_details as { amount_tax?: number }).amount_tax ?? 0)
        : undefined,
    currency: typeof o.currency === "string" ? o.currency.toUpperCase() : undefined,
  };
}

/** Stripe client configured by env (API base, secret key, webhook secret, tolerance). */
export function stripeProvider(cfg: { apiUrl: string; secretKey: string; webhookSecret: string; toleranceS: number }): PaymentProvider {
  const api = async (path: string, form: URLSearchParams): Promise<Record<string, unknown>> => {
    const res = await fetch(`${cfg.apiUrl.replace(/\/$/, "")}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${cfg.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    if (!res.ok) throw new AppError("unreachable", errorText(58172, { status: res.status }));
    return (await res.json()) as Record<string, unknown>;
  };
  return {
    name: "stripe",
    async checkoutUrl(o: CheckoutOrder, returnUrl: string) {
      const f = new URLSearchParams();
      const recurring = o.months > 0;
      f.set("mode", recurring ? "subscription" : "payment");
      f.set("client_reference_id", String(o.id));
      f.set("locale", stripeLocale(o.lang));
      f.set("success_url", `${returnUrl}/success?order=${o.id}`);
      f.set("cancel_url", `${returnUrl}/cancelled?order=${o.id}`);
      if (o.customerEmail) f.set("customer_email", o.customerEmail);
      f.set("line_items[0][quantity]", "1");
      f.set("line_items[0][price_data][currency]", "usd");
      f.set("line_items[0][price_data][unit_amount]", String(o.totalCents));
      f.set("line_items[0][price_data][product_data][name]", o.productKey);
      if (recurring) {
        f.set("line_items[0][price_data][recurring][interval]", "month");
        f.set("line_items[0][price_data][recurring][interval_count]", String(o.months));
      }
      const meta: Record<string, string> = { order: String(o.id), referrer: o.referrer, guest: o.guest ? "1" : "0", ...o.markers };
      for (const [k, v] of Object.entries(meta)) {
        f.set(`metadata[${k}]`, v);
        if (recurring) f.set(`subscription_data[metadata][${k}]`, v);
      }
      const session = await api("/v1/checkout/sessions", f);
      if (typeof session.url !== "string") throw new AppError("unreachable", errorText(58136));
      return session.url;
    },
    parseWebhook(raw, headers, nowMs) {
      if (!verifyStripe(cfg.webhookSecret, raw, headers.get("stripe-signature"), cfg.toleranceS, Math.floor(nowMs / 1000)))
        throw new AppError("unauthorized", errorText(58137), "stripe-signature");
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new AppError("bad_request", errorText(58138), "body");
      }
      const e = eventSchema.safeParse(json);
      if (!e.success) throw new AppError("bad_request", errorText(58139), "data");
      return [toEvent(e.data)];
    },
    cancelSubscription: async (id) =>
      void (await api(`/v1/subscriptions/${encodeURIComponent(id)}`, new URLSearchParams({ cancel_at_period_end: "true" }))),
    resumeSubscription: async (id) =>
      void (await api(`/v1/subscriptions/${encodeURIComponent(id)}`, new URLSearchParams({ cancel_at_period_end: "false" }))),
  };
}
