/**
 * FastSpring (issue 13.3; research/payments.md 1A, 1C, 1E): Classic instant links carrying the
 * spec 7 fields, current-platform JSON webhooks `{events:[…]}` signed with X-FS-Signature, and the
 * JSON API for subscriptions. The embedded sandbox speaks the same webhook protocol.
 */
import { z } from "zod";
import { AppError, errorText } from "../../errors.server.ts";
import { MAX_TOTAL_CENTS } from "../../../common/commerce/checkout.ts";
import { verifyFastspring } from "../signature.server.ts";
import type { CheckoutOrder, PaymentEvent, PaymentEventKind, PaymentProvider, ProviderName } from "./types.server.ts";

const KINDS: Record<string, PaymentEventKind> = {
  "order.completed": "paid",
  "order.payment.pending": "pending",
  "order.approval.pending": "pending",
  "order.failed": "failed",
  "order.canceled": "cancelled",
  "subscription.charge.completed": "rebill",
  "subscription.canceled": "subscription-cancelling",
  "subscription.uncanceled": "subscription-resumed",
  "subscription.deactivated": "subscription-ended",
  "return.created": "refund",
  "chargeback.created": "chargeback",
};

const ref = z.union([z.string(), z.object({ id: z.string().optional(), order: z.string().optional() }).passthrough()]).optional();
const envelope = z.object({
  events: z
    .array(
      z.object({
        id: z.string().min(1),
        type: z.string().min(1),
        live: z.boolean().optional(),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .min(1),
});

const idOf = (v: unknown): string | undefined => {
  const r = ref.safeParse(v);
  if (!r.success || r.data === undefined) return undefined;
  return typeof r.data === "string" ? r.data : (r.data.order ?? r.data.id);
};
const cents = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.round(v * 100) : undefined);
const tagsOf = (data: Record<string, unknown>): Record<string, unknown> => {
  const t = data.tags ?? (data.order && typeof data.order === "object" ? (data.order as Record<string, unknown>).tags : undefined);
  return t && typeof t === "object" ? (t as Record<string, unknown>) : {};
};

/** Normalizes one FastSpring event (both bare-id and expanded shapes). */
function toEvent(provider: ProviderName, e: z.infer<typeof envelope>["events"][number]): PaymentEvent {
  const d = e.data;
  const kind = KINDS[e.type] ?? "ignored";
  const orderTag = Number(tagsOf(d).order);
  let providerOrderId: string | undefined;
  let subscriptionId: string | undefined;
  if (e.type.startsWith("order.")) {
    providerOrderId = idOf(d.order) ?? idOf(d.id);
    const items = Array.isArray(d.items) ? (d.items as Record<string, unknown>[]) : [];
    subscriptionId = items.map((i) => idOf(i.subscription)).find(Boolean);
  } else if (e.type === "return.created") providerOrderId = idOf(d.original);
  else if (e.type === "chargeback.created") providerOrderId = idOf(d.order);
  else if (e.type.startsWith("subscription.")) {
    subscriptionId = e.type === "subscription.charge.completed" ? idOf(d.subscription) : (idOf(d.subscription) ?? idOf(d.id));
    if (e.type === "subscription.charge.completed") providerOrderId = idOf(d.order);
  }
  return {
    provider,
    eventId: e.id,
    type: e.type,
    kind,
    orderId: Number.isSafeInteger(orderTag) && orderTag > 0 ? orderTag : undefined,
    providerOrderId,
    subscriptionId,
    totalCents: cents(d.total ?? d.totalReturn ?? d.chargebackAmount),
    taxCents: cents(d.tax),
    currency: typeof d.currency === "string" ? d.currency : undefined,
  };
}

/** Parses and verifies a FastSpring-protocol webhook body. */
export function parseFastspringWebhook(provider: ProviderName, secret: string, rawBody: string, headers: Headers): PaymentEvent[] {
  if (!verifyFastspring(secret, rawBody, headers.get("x-fs-signature")))
    throw new AppError("unauthorized", errorText(58140), "x-fs-signature");
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError("bad_request", errorText(58138), "body");
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) throw new AppError("bad_request", errorText(58141), "events");
  return parsed.data.events.map((e) => toEvent(provider, e));
}

/**
 * Spec 7 instant link: `{base}/instant/{productKey}?referrer=…&tags=total=…,order=…,guest=1…&contact_*`.
 * Marker values travel as integer tags (Classic tags are integers), other markers are dropped.
 * @throws AppError "bad_request" when the total exceeds FastSpring's 2,000,000-cent tag cap.
 */
export function fastspringInstantLink(base: string, o: CheckoutOrder, testMode: boolean): string {
  if (!Number.isSafeInteger(o.totalCents) || o.totalCents > MAX_TOTAL_CENTS)
    throw new AppError("bad_request", errorText(58142), "projects");
  const tags = [`total=${o.totalCents}`, `order=${o.id}`];
  for (const [k, v] of Object.entries(o.markers)) if (/^\d+$/.test(v)) tags.push(`${k}=${v}`);
  if (o.guest) tags.push("guest=1");
  const [first, ...rest] = o.customerName.trim().split(/\s+/);
  const q = new URLSearchParams({ referrer: o.referrer, tags: tags.join(",") });
  if (o.customerEmail) {
    q.set("contact_fname", first || o.customerEmail.split("@")[0]!);
    q.set("contact_lname", rest.join(" ") || "-");
    q.set("contact_email", o.customerEmail);
  }
  if (testMode) q.set("mode", "test");
  return `${base.replace(/\/$/, "")}/instant/${encodeURIComponent(o.productKey)}?${q.toString()}`;
}

/** FastSpring client configured by env (base URLs, webhook secret, API credentials). */
export function fastspringProvider(cfg: {
  checkoutUrl: string;
  webhookSecret: string;
  apiUrl: string;
  apiUser?: string | undefined;
  apiPassword?: string | undefined;
  testMode: boolean;
}): PaymentProvider {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${cfg.apiUrl.replace(/\/$/, "")}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${cfg.apiUser ?? ""}:${cfg.apiPassword ?? ""}`).toString("base64")}`,
        "user-agent": "Rankforge/1.0",
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : null,
    });
    if (!res.ok) throw new AppError("unreachable", errorText(58173, { status: res.status }));
  };
  return {
    name: "fastspring",
    checkoutUrl: async (o) => fastspringInstantLink(cfg.checkoutUrl, o, cfg.testMode),
    parseWebhook: (raw, headers) => parseFastspringWebhook("fastspring", cfg.webhookSecret, raw, headers),
    cancelSubscription: (id) => api("DELETE", `/subscriptions/${encodeURIComponent(id)}`),
    resumeSubscription: (id) => api("POST", "/subscriptions", { subscriptions: [{ subscription: id, deactivation: null }] }),
  };
}
