import { serve, type ServerType } from "@hono/node-server";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliateLedger, emails, orders, paymentEvents, projects, users } from "../../server/db/schema.server.ts";
import { parseEnv } from "../../server/env.server.ts";
import type { Services } from "../../server/services.server.ts";
import { apiApp, apiClient, signedInClient } from "../helpers/accounts.ts";
import { deliver, fakeFastspring, fakeStripe } from "../helpers/payment-providers.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

const FS_SECRET = "fs-webhook-secret";
const STRIPE_KEY = "sk_test_local";
const STRIPE_WHSEC = "whsec_local";
const DAY = 86_400_000;
/** Starting services (migrations, seed, job queue) on a busy shared machine. */
const START_TIMEOUT_MS = 180_000;

async function addProject(services: Services, userId: number | null, domain: string): Promise<number> {
  const [p] = await services.db
    .insert(projects)
    .values({ userId, domain, url: `https://${domain}/` })
    .returning({ id: projects.id });
  return p!.id;
}

const orderOf = async (services: Services, id: number) => (await services.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const licenceOf = async (services: Services, id: number) =>
  (await services.db.select({ t: users.licenseType }).from(users).where(eq(users.id, id)))[0]!.t;

describe("issue 13 production start (spec 7 providers): a configured provider without its webhook secret refuses to start", () => {
  it("names the missing secret", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "fastspring", FASTSPRING_CHECKOUT_URL: "https://sites.fastspring.com/x" }),
    ).toThrow(/FASTSPRING_WEBHOOK_SECRET/);
    expect(() => parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk" })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });
});

describe.each(databaseKinds)("issue 13 FastSpring checkout link (spec 7) and webhooks on %s", (kind) => {
  let services: Services;
  let app: Hono;
  let http: ServerType;
  let fs: Awaited<ReturnType<typeof fakeFastspring>>;
  const hook = "http://127.0.0.1:4810/api/payments/webhook/fastspring";

  beforeAll(async () => {
    fs = await fakeFastspring(4811, FS_SECRET, "apiuser", "apipass");
    services = await startTestServices(kind, {
      PAYMENT_PROVIDER: "fastspring",
      FASTSPRING_CHECKOUT_URL: fs.store,
      FASTSPRING_WEBHOOK_SECRET: FS_SECRET,
      FASTSPRING_API_URL: fs.api,
      FASTSPRING_API_USER: "apiuser",
      FASTSPRING_API_PASSWORD: "apipass",
    });
    app = apiApp(services);
    http = serve({ fetch: app.fetch, port: 4810, hostname: "127.0.0.1" });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    http?.close();
    await fs?.close();
    await services?.close();
  });

  /** Clicks a checkout link and returns our order id and the redirect. */
  async function click(client: ReturnType<typeof apiClient>, path: string): Promise<{ orderId: number; location: URL }> {
    const res = await client.get(path);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    const orderId = Number(/order=(\d+)/.exec(location.searchParams.get("tags") ?? "")![1]);
    return { orderId, location };
  }

  const completed = (eventId: string, fsOrder: string, orderId: number, total: number, subscription?: string) => ({
    id: eventId,
    type: "order.completed",
    live: false,
    created: Date.now(),
    data: {
      order: fsOrder,
      id: fsOrder,
      reference: `REF-${fsOrder}`,
      currency: "USD",
      total,
      tax: 0,
      tags: { order: orderId, total: Math.round(total * 100) },
      items: [{ product: "autoseo-12m", quantity: 1, subscription }],
    },
  });

  it("redirects through the click handler to the instant checkout with referrer user*p1*p2, total in cents and the markers", async () => {
    const { client, userId } = await signedInClient(services, app, "buyer@example.com");
    const p1 = await addProject(services, userId, "one.example");
    const p2 = await addProject(services, userId, "two.example");
    const { orderId, location } = await click(client, `/api/checkout/autoseo-12m?projects=${p1},${p2}&button=3&bl=1&manager=7`);
    expect(location.pathname).toBe("/rankforge/instant/autoseo-12m");
    expect(location.searchParams.get("referrer")).toBe(`${userId}*${p1}*${p2}`);
    expect(location.searchParams.get("tags")!.split(",")).toEqual(["total=178200", `order=${orderId}`, "manager=7", "button=3", "bl=1"]);
    expect(location.searchParams.get("contact_email")).toBe("buyer@example.com");
    expect(location.searchParams.get("contact_fname")).toBe("Test");
    expect(location.searchParams.get("contact_lname")).toBe("User");
    const o = await orderOf(services, orderId);
    expect(o).toMatchObject({ status: "pending", totalCents: 178200, projectIds: [p1, p2], guest: false, userId });
  });

  it("refuses another user's project in the checkout link (404 naming projects)", async () => {
    const { userId: other } = await signedInClient(services, app, "owner2@example.com");
    const theirs = await addProject(services, other, "theirs.example");
    const { client } = await signedInClient(services, app, "intruder@example.com");
    const res = await client.get(`/api/checkout/autoseo-1m?projects=${theirs}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe("projects");
  });

  it("marks a guest buyer (spec 6) and refuses a forged signature", async () => {
    const guest = apiClient(app);
    const { orderId, location } = await click(guest, "/api/checkout/ssl-standard-1m?email=guest@example.com&name=Ada%20Lovelace");
    expect(location.searchParams.get("referrer")).toBe("0");
    expect(location.searchParams.get("tags")).toBe(`total=14900,order=${orderId},guest=1`);
    const signed = fs.sign([completed("evt-forged", "FS-FORGED", orderId, 149)]);
    const forged = await deliver(hook, signed.body.replace("149", "1"), signed.headers);
    expect(forged.status).toBe(401);
    const unsigned = await deliver(hook, signed.body, {});
    expect(unsigned.status).toBe(401);
    expect((await orderOf(services, orderId)).status).toBe("pending");
    expect(await services.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, "evt-forged"))).toHaveLength(0);
  });

  it("the same order.completed replayed 10 times gives one paid order, one licence period and one commission", async () => {
    const { userId: affiliate } = await signedInClient(services, app, "affiliate@example.com");
    const { client, userId } = await signedInClient(services, app, "replay@example.com");
    client.jar.cookies.set("rf_ref", String(affiliate));
    const { orderId } = await click(client, "/api/checkout/autoseo-12m");
    const body = fs.sign([completed("evt-replay", "FS-100", orderId, 891, "SUB-100")]);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await deliver(hook, body.body, body.headers));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // A manual resend from the FastSpring app has a new event id: still the same order.
    const resend = fs.sign([completed("evt-replay-manual", "FS-100", orderId, 891, "SUB-100")]);
    expect((await deliver(hook, resend.body, resend.headers)).status).toBe(200);
    const o = await orderOf(services, orderId);
    expect(o.status).toBe("paid");
    expect(o.providerOrderId).toBe("FS-100");
    expect(o.subscriptionState).toBe("active");
    expect(Math.round((o.expiresAt!.getTime() - o.paidAt!.getTime()) / DAY)).toBe(360);
    expect(await licenceOf(services, userId)).toBe(1);
    const events = await services.db.select().from(paymentEvents).where(eq(paymentEvents.providerOrderId, "FS-100"));
    expect(events).toHaveLength(2);
    const ledger = await services.db.select().from(affiliateLedger).where(eq(affiliateLedger.orderId, orderId));
    expect(ledger.map((l) => [l.kind, l.amountCents, l.affiliateUserId])).toEqual([["commission", 17820, affiliate]]);
    const receipts = await services.db.select().from(emails).where(eq(emails.toAddress, "replay@example.com"));
    expect(receipts.filter((e) => e.subject === `Receipt for order #${orderId}`)).toHaveLength(1);

    // A rebill extends the period by the plan's days and credits a recurring commission.
    const before = o.expiresAt!.getTime();
    const rebill = fs.sign([
      {
        id: "evt-rebill-1",
        type: "subscription.charge.completed",
        live: false,
        data: { subscription: "SUB-100", order: "FS-101", total: 891, currency: "USD" },
      },
    ]);
    await deliver(hook, rebill.body, rebill.headers);
    await deliver(hook, rebill.body, rebill.headers);
    const after = await orderOf(services, orderId);
    expect(Math.round((after.expiresAt!.getTime() - before) / DAY)).toBe(360);
    const ledger2 = await services.db.select().from(affiliateLedger).where(eq(affiliateLedger.orderId, orderId));
    expect(ledger2.filter((l) => l.kind === "commission")).toHaveLength(2);

    // Cancel through the provider API (DELETE /subscriptions/{id}), then the refund reverses everything.
    const cancel = await client.post(`/api/payments/orders/${orderId}/cancel`);
    expect(cancel.status).toBe(200);
    expect(fs.seen.some((s) => s.method === "DELETE" && s.path === "/subscriptions/SUB-100")).toBe(true);
    expect((await orderOf(services, orderId)).subscriptionState).toBe("cancelling");
    const refund = fs.sign([
      {
        id: "evt-refund-100",
        type: "return.created",
        live: false,
        data: { return: "RET-1", original: { order: "FS-100" }, totalReturn: 891 },
      },
    ]);
    expect((await deliver(hook, refund.body, refund.headers)).status).toBe(200);
    const refunded = await orderOf(services, orderId);
    expect(refunded.status).toBe("refunded");
    expect(await licenceOf(services, userId)).toBe(0);
    const balance = (await services.db.select().from(affiliateLedger).where(eq(affiliateLedger.orderId, orderId))).reduce(
      (a, l) => a + l.amountCents,
      0,
    );
    expect(balance).toBe(0);
  });

  it("a refund that arrives before its order ends refunded, with no licence", async () => {
    const { client, userId } = await signedInClient(services, app, "early-refund@example.com");
    const { orderId } = await click(client, "/api/checkout/fullseo-1m");
    const refund = fs.sign([
      { id: "evt-early-refund", type: "return.created", live: false, data: { return: "RET-2", original: "FS-200", totalReturn: 799 } },
    ]);
    expect((await deliver(hook, refund.body, refund.headers)).status).toBe(200);
    const order = fs.sign([completed("evt-late-order", "FS-200", orderId, 799)]);
    expect((await deliver(hook, order.body, order.headers)).status).toBe(200);
    expect((await orderOf(services, orderId)).status).toBe("refunded");
    expect(await licenceOf(services, userId)).toBe(0);
  });

  it("a chargeback ends the licence; self-referral credits nobody", async () => {
    const { client, userId } = await signedInClient(services, app, "self@example.com");
    client.jar.cookies.set("rf_ref", String(userId));
    const { orderId } = await click(client, "/api/checkout/analytics-advanced-1m");
    expect((await orderOf(services, orderId)).affiliateUserId).toBeNull();
    const paid = fs.sign([completed("evt-cb-order", "FS-300", orderId, 249)]);
    await deliver(hook, paid.body, paid.headers);
    expect(await licenceOf(services, userId)).toBe(5);
    const cb = fs.sign([
      {
        id: "evt-cb",
        type: "chargeback.created",
        live: false,
        data: { id: "CB-1", order: "FS-300", chargebackAmount: 249, currency: "USD" },
      },
    ]);
    await deliver(hook, cb.body, cb.headers);
    expect((await orderOf(services, orderId)).status).toBe("chargeback");
    expect(await licenceOf(services, userId)).toBe(0);
  });
});

describe.each(databaseKinds)("issue 13 Stripe Checkout (spec 7 checkout link) and Stripe-Signature webhooks on %s", (kind) => {
  let services: Services;
  let app: Hono;
  let http: ServerType;
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  const hook = "http://127.0.0.1:4813/api/payments/webhook/stripe";

  beforeAll(async () => {
    stripe = await fakeStripe(4812, STRIPE_KEY, STRIPE_WHSEC);
    services = await startTestServices(kind, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_API_URL: stripe.api,
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_WHSEC,
    });
    app = apiApp(services);
    http = serve({ fetch: app.fetch, port: 4813, hostname: "127.0.0.1" });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    http?.close();
    await stripe?.close();
    await services?.close();
  });

  it("creates a Checkout Session with the total in cents and our order as client_reference_id, then settles it by webhook", async () => {
    const { client, userId } = await signedInClient(services, app, "stripe@example.com");
    const p = await addProject(services, userId, "s.example");
    const res = await client.get(`/api/checkout/autoseo-3m?projects=${p}&button=2`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/\/pay\/cs_test_\d+$/);
    const form = new URLSearchParams(stripe.seen.at(-1)!.body);
    const orderId = Number(form.get("client_reference_id"));
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("26700");
    expect(form.get("mode")).toBe("subscription");
    expect(form.get("metadata[referrer]")).toBe(`${userId}*${p}`);
    expect(form.get("metadata[button]")).toBe("2");
    expect(form.get("customer_email")).toBe("stripe@example.com");

    const event = {
      id: "evt_1",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_1",
          client_reference_id: String(orderId),
          payment_intent: "pi_1",
          subscription: "sub_1",
          payment_status: "paid",
          amount_total: 26700,
          currency: "usd",
          total_details: { amount_tax: 0 },
        },
      },
    };
    const stale = stripe.sign(event, Math.floor(Date.now() / 1000) - 301);
    expect((await deliver(hook, stale.body, stale.headers)).status).toBe(401);
    const wrong = stripe.sign(event);
    expect(
      (
        await deliver(hook, wrong.body, {
          "Stripe-Signature": wrong.headers["Stripe-Signature"]!.replace(/v1=(.)/, (_m, c: string) => `v1=${c === "0" ? "1" : "0"}`),
        })
      ).status,
    ).toBe(401);
    expect((await orderOf(services, orderId)).status).toBe("pending");
    const ok = stripe.sign(event);
    for (let i = 0; i < 10; i++) expect((await deliver(hook, ok.body, ok.headers)).status).toBe(200);
    const o = await orderOf(services, orderId);
    expect(o).toMatchObject({ status: "paid", providerOrderId: "pi_1", subscriptionId: "sub_1" });
    expect(await licenceOf(services, userId)).toBe(1);

    const cancel = await client.post(`/api/payments/orders/${orderId}/cancel`);
    expect(cancel.status).toBe(200);
    const call = stripe.seen.at(-1)!;
    expect(call.path).toBe("/v1/subscriptions/sub_1");
    expect(new URLSearchParams(call.body).get("cancel_at_period_end")).toBe("true");
    expect((await orderOf(services, orderId)).subscriptionState).toBe("cancelling");

    // Resume before the period ends (issue 13 point 7): the provider is told, a second resume is a conflict.
    const resume = await client.post(`/api/payments/orders/${orderId}/resume`);
    expect(resume.status).toBe(200);
    const resumed = stripe.seen.at(-1)!;
    expect(resumed.path).toBe("/v1/subscriptions/sub_1");
    expect(new URLSearchParams(resumed.body).get("cancel_at_period_end")).toBe("false");
    expect((await orderOf(services, orderId)).subscriptionState).toBe("active");
    const again = await client.post(`/api/payments/orders/${orderId}/resume`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { field?: string } }).error.field).toBe("order");
    expect(stripe.seen.at(-1)).toBe(resumed);

    const refund = stripe.sign({
      id: "evt_2",
      type: "charge.refunded",
      data: { object: { id: "ch_1", payment_intent: "pi_1", amount_refunded: 26700 } },
    });
    await deliver(hook, refund.body, refund.headers);
    expect((await orderOf(services, orderId)).status).toBe("refunded");
    expect(await licenceOf(services, userId)).toBe(0);
  });
});

describe.each(databaseKinds)("issue 13 embedded sandbox checkout, reseller discount and affiliate payouts on %s", (kind) => {
  let services: Services;
  let app: Hono;

  beforeAll(async () => {
    services = await startTestServices(kind);
    app = apiApp(services);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await services?.close();
  });

  async function sandboxOrder(client: ReturnType<typeof apiClient>, plan: string): Promise<number> {
    const res = await client.get(`/api/checkout/${plan}`);
    expect(res.status).toBe(302);
    const m = /^\/checkout\/sandbox\?order=(\d+)$/.exec(res.headers.get("location")!);
    expect(m).not.toBeNull();
    return Number(m![1]);
  }

  it("pays, fails and cancels through the signed sandbox webhook; another visitor cannot see or settle the order", async () => {
    const buyer = apiClient(app);
    const other = apiClient(app);
    const failed = await sandboxOrder(buyer, "autoseo-trial-14d");
    expect((await other.get(`/api/payments/orders/${failed}`)).status).toBe(404);
    expect((await other.post(`/api/payments/sandbox/${failed}`, { outcome: "pay" })).status).toBe(404);
    const fail = await buyer.post(`/api/payments/sandbox/${failed}`, { outcome: "fail" });
    expect(fail.status).toBe(303);
    expect(fail.headers.get("location")).toBe(`/payment-result/failed?order=${failed}`);
    expect((await orderOf(services, failed)).status).toBe("failed");

    const cancelled = await sandboxOrder(buyer, "ssl-basic-1m");
    await buyer.post(`/api/payments/sandbox/${cancelled}`, { outcome: "cancel" });
    expect((await orderOf(services, cancelled)).status).toBe("cancelled");

    const paid = await sandboxOrder(buyer, "autoseo-trial-14d");
    const pay = await buyer.post(`/api/payments/sandbox/${paid}`, { outcome: "pay" });
    expect(pay.headers.get("location")).toBe(`/payment-result/success?order=${paid}`);
    const o = await orderOf(services, paid);
    expect(o).toMatchObject({ status: "paid", totalCents: 99, guest: true, provider: "sandbox" });
    expect(Math.round((o.expiresAt!.getTime() - o.paidAt!.getTime()) / DAY)).toBe(14);
    // Settling again is refused by the order's state, not repeated.
    await buyer.post(`/api/payments/sandbox/${paid}`, { outcome: "pay" });
    expect(
      await services.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.providerOrderId, `SBX-${paid}`)),
    ).toHaveLength(1);

    const list = (await (await buyer.get("/api/payments/orders")).json()) as { orders: { id: number; status: string }[] };
    expect(list.orders.map((x) => [x.id, x.status])).toEqual([
      [paid, "paid"],
      [cancelled, "cancelled"],
      [failed, "failed"],
    ]);
    expect(((await (await other.get("/api/payments/orders")).json()) as { orders: unknown[] }).orders).toEqual([]);
  });

  it("a reseller account buys at the configured discount (issue 13.9)", async () => {
    const { client, userId } = await signedInClient(services, app, "reseller@example.com");
    const { resellers } = await import("../../server/db/schema.server.ts");
    await services.db.insert(resellers).values({ userId });
    const p = await addProject(services, userId, "client-a.example");
    const q = await addProject(services, userId, "client-b.example");
    const res = await client.get(`/api/checkout/autoseo-12m?projects=${p},${q}`);
    const id = Number(/order=(\d+)/.exec(res.headers.get("location")!)![1]);
    expect((await orderOf(services, id)).totalCents).toBe(71280 * 2);
    expect((await orderOf(services, id)).resellerDiscount).toBe(20);
  });

  it("an affiliate requests a payout of the balance once it reaches 50 USD", async () => {
    const { client: aff, userId: affId } = await signedInClient(services, app, "payout-aff@example.com");
    expect((await aff.post("/api/affiliate/payout")).status).toBe(409);
    const { client: buyer } = await signedInClient(services, app, "payout-buyer@example.com");
    buyer.jar.cookies.set("rf_ref", String(affId));
    const id = await sandboxOrder(buyer, "autoseo-12m");
    await buyer.post(`/api/payments/sandbox/${id}`, { outcome: "pay" });
    const receipt = (await services.db.select().from(emails).where(eq(emails.toAddress, "payout-buyer@example.com"))).find(
      (e) => e.template === "message",
    );
    expect(receipt!.subject).toBe(`Receipt for order #${id}`);
    expect(receipt!.text).toContain("test payment");
    const stats = (await (await aff.get("/api/affiliate/stats")).json()) as { orders: number; earningsCents: number; balanceCents: number };
    expect(stats).toMatchObject({ orders: 1, earningsCents: 17820, balanceCents: 17820 });
    const payout = await aff.post("/api/affiliate/payout");
    expect(payout.status).toBe(200);
    expect(await payout.json()).toEqual({ amountCents: 17820 });
    const after = (await (await aff.get("/api/affiliate/stats")).json()) as { balanceCents: number; paidOutCents: number };
    expect(after).toMatchObject({ balanceCents: 0, paidOutCents: 17820 });
  });
});
