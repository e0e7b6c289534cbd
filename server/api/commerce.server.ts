import { getCookie } from "hono/cookie";
import { z } from "zod";
import { affiliateStats, recordReferral, requestPayout } from "../commerce/affiliate.server.ts";
import { startCheckout } from "../commerce/checkout.server.ts";
import { invoicePdf } from "../commerce/invoice.server.ts";
import { changeSubscription, getOrder, listOrders } from "../commerce/orders.server.ts";
import { sandboxSecret, sandboxWebhook } from "../commerce/providers/sandbox.server.ts";
import { receiveWebhook } from "../commerce/webhook.server.ts";
import { pricePlans } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { TRACKING_REF_COOKIE } from "../../common/tracking.ts";
import { isLanguage, localizePath, splitLangPrefix } from "../../common/i18n/languages.ts";
import { eq } from "drizzle-orm";
import { route, type ApiRoute, owned } from "./route.server.ts";

const tag = "payments";
const id = z.coerce.number().int().positive();
const orderInput = z.object({ order: id });
const marker = z
  .string()
  .trim()
  .max(64)
  .regex(/^[\w-]*$/)
  .optional();
/** The language prefix of the page a request came from (its Referer), or undefined. */
function refererLang(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  return splitLangPrefix(new URL(referer).pathname).lang ?? undefined;
}

const orderAccess = (action: "read" | "change") => owned("order", "order", action);

async function signedIn(owner: { userId: number | null }): Promise<number> {
  if (owner.userId === null) throw new AppError("unauthorized", errorText(58118));
  return owner.userId;
}

/**
 * Routes of issue 13: the checkout link's click-tracking handler (spec 7), provider webhooks,
 * the sandbox checkout's outcome, the buyer's orders, subscriptions and invoices, and the
 * affiliate dashboard's figures and payout requests.
 */
export const commerceRoutes: ApiRoute[] = [
  route({
    method: "get",
    path: "/checkout/:plan",
    tag,
    summary: "Checkout link (spec 7): records the click as a pending order and redirects to the hosted checkout",
    input: z.object({
      plan: z.string().regex(/^[a-z0-9-]{1,60}$/),
      projects: z
        .string()
        .regex(/^(\d{1,9}(,\d{1,9}){0,99})?$/)
        .default("")
        .transform((s) => (s ? s.split(",").map(Number) : [])),
      manager: marker,
      button: marker,
      bl: marker,
      name: z.string().trim().max(200).optional(),
      email: z.string().trim().email().max(254).optional(),
      /** Issue 15.1: the page's language (receipt, checkout and return pages); else the Referer's prefix, else English. */
      lang: z.string().max(16).refine(isLanguage, "unsupported language").optional(),
    }),
    access: { kind: "self" },
    handle: async ({ c, input, services, owner }) => {
      const { url } = await startCheckout({
        services,
        owner: await owner({ ensure: true }),
        productKey: input.plan,
        projectIds: input.projects,
        markers: { manager: input.manager, button: input.button, bl: input.bl },
        name: input.name,
        email: input.email,
        ref: getCookie(c, TRACKING_REF_COOKIE),
        lang: input.lang ?? refererLang(c.req.header("referer")),
      });
      c.header("cache-control", "no-store");
      return c.redirect(url, 302);
    },
  }),
  route({
    method: "post",
    path: "/payments/webhook/:provider",
    tag,
    summary: "Payment provider webhook (FastSpring X-FS-Signature, Stripe Stripe-Signature, sandbox)",
    access: { kind: "public" },
    origin: "any",
    // No declared input: the body must reach the signature check as the raw bytes sent.
    handle: async ({ c, services }) => {
      const provider = z.enum(["sandbox", "fastspring", "stripe"]).safeParse(c.req.param("provider"));
      if (!provider.success) throw new AppError("not_found", errorText(58123), "provider");
      const results = await receiveWebhook({ services, provider: provider.data, rawBody: await c.req.text(), headers: c.req.raw.headers });
      return { results };
    },
  }),
  route({
    method: "post",
    path: "/payments/sandbox/:order",
    tag,
    summary: "Sandbox checkout (test payment): pay, fail or cancel the order through a signed webhook",
    input: orderInput.extend({ outcome: z.enum(["pay", "fail", "cancel"]) }),
    access: orderAccess("change"),
    handle: async ({ c, input, services, owner }) => {
      const order = await getOrder({ db: services.db, owner: await owner(), orderId: input.order });
      if (order.provider !== "sandbox") throw new AppError("conflict", errorText(58124), "order");
      const [plan] = await services.db
        .select({ months: pricePlans.months })
        .from(pricePlans)
        .where(eq(pricePlans.productKey, order.productKey));
      const secret = sandboxSecret(services.env.SANDBOX_WEBHOOK_SECRET, services.cookieSecret);
      const hook = sandboxWebhook(secret, { ...order, months: plan?.months ?? 0 }, input.outcome, Date.now());
      await receiveWebhook({ services, provider: "sandbox", rawBody: hook.body, headers: hook.headers });
      const status = input.outcome === "pay" ? "success" : input.outcome === "fail" ? "failed" : "cancelled";
      return c.redirect(`${localizePath(order.lang, `/payment-result/${status}`)}?order=${order.id}`, 303);
    },
  }),
  route({
    method: "get",
    path: "/payments/orders",
    tag,
    summary: "Your orders and subscriptions",
    access: { kind: "self" },
    handle: async ({ services, owner }) => ({ orders: await listOrders({ db: services.db, owner: await owner() }) }),
  }),
  route({
    method: "get",
    path: "/payments/orders/:order",
    tag,
    summary: "One of your orders, its state as the provider's webhooks left it",
    input: orderInput,
    access: orderAccess("read"),
    handle: async ({ input, services, owner }) => ({
      order: await getOrder({ db: services.db, owner: await owner(), orderId: input.order }),
    }),
  }),
  route({
    method: "post",
    path: "/payments/orders/:order/:action{cancel|resume}",
    tag,
    summary: "Cancel a subscription at the end of its period, or resume it",
    input: orderInput.extend({ action: z.enum(["cancel", "resume"]) }),
    access: orderAccess("change"),
    handle: async ({ input, services, owner }) => ({
      order: await changeSubscription({ services, owner: await owner(), orderId: input.order, action: input.action }),
    }),
  }),
  route({
    method: "get",
    path: "/payments/orders/:order/invoice.pdf",
    tag,
    summary: "The invoice of a paid order as PDF",
    input: orderInput,
    access: orderAccess("read"),
    produces: "application/pdf",
    handle: async ({ c, input, services, owner }) => {
      const pdf = await invoicePdf({ services, owner: await owner(), orderId: input.order });
      return c.body(new Uint8Array(pdf), 200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="invoice-${input.order}.pdf"`,
        "cache-control": "no-store",
      });
    },
  }),
  route({
    method: "post",
    path: "/affiliate/click",
    tag: "affiliate",
    summary: "Counts a visit that arrived with ?ref=",
    input: z.object({ ref: z.string().regex(/^\d{1,9}$/) }),
    access: { kind: "public" },
    handle: async ({ input, services, owner }) => ({
      counted: await recordReferral({ db: services.db, ref: input.ref, kind: "click", userId: (await owner()).userId }),
    }),
  }),
  route({
    method: "get",
    path: "/affiliate/stats",
    tag: "affiliate",
    summary: "Your affiliate figures: clicks, sign-ups, orders, earnings, balance and ledger",
    access: { kind: "self" },
    handle: async ({ services, owner }) => affiliateStats({ db: services.db, userId: await signedIn(await owner()) }),
  }),
  route({
    method: "post",
    path: "/affiliate/payout",
    tag: "affiliate",
    summary: "Request a payout of your affiliate balance",
    access: { kind: "self" },
    handle: async ({ services, owner }) => requestPayout({ db: services.db, userId: await signedIn(await owner()) }),
  }),
];
