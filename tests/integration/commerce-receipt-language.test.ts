import { serve, type ServerType } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as PaymentsModule from "../../app/routes/payments.tsx";
import { formatDate } from "../../common/i18n/format.ts";
import { contentChanged } from "../../server/content/version.server.ts";
import { emails, orders, texts, users } from "../../server/db/schema.server.ts";
import { closePdfBrowser } from "../../server/pdf/print.server.ts";
import type { Services } from "../../server/services.server.ts";
import { stripeLocale } from "../../server/commerce/providers/stripe.server.ts";
import { apiApp, apiClient, signedInClient, type ApiClient } from "../helpers/accounts.ts";
import { deliver, fakeFastspring, fakeStripe } from "../helpers/payment-providers.ts";
import { buyHref, renderPrice, renderScreen } from "../helpers/price-page.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

/** Starting services (migrations, seed, job queue) on a busy shared machine. */
const START_TIMEOUT_MS = 180_000;
const FS_SECRET = "fs-webhook-secret";
const STRIPE_KEY = "sk_test_local";
const STRIPE_WHSEC = "whsec_local";

const orderOf = async (s: Services, id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const mailTo = async (s: Services, to: string) => s.db.select().from(emails).where(eq(emails.toAddress, to));

/** The text of a PDF, pages joined. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** The invoice of `orderId` as its buyer downloads it, as text. */
async function invoiceText(client: ApiClient, orderId: number): Promise<string> {
  const res = await client.get(`/api/payments/orders/${orderId}/invoice.pdf`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

/** The row of `orderId` on the /payments screen at `url` as its signed-in buyer sees it (HTML). */
async function paymentsRow(s: Services, client: ApiClient, userId: number, url: string, orderId: number): Promise<string> {
  const { html } = await renderScreen(s, { id: "payments", path: "payments", module: PaymentsModule }, url, client.jar.header(), {
    visitorId: null,
    userId,
  });
  const row = new RegExp(`<tr data-order="${orderId}">([\\s\\S]*?)</tr>`).exec(html);
  expect(row, "order row").not.toBeNull();
  return row![1]!;
}

/** The checkout link of the prices page at `path`, as a guest buyer who gives name and e-mail follows it. */
async function guestLinkFrom(s: Services, path: string, email: string, plan: string): Promise<string> {
  const href = buyHref((await renderPrice(s, "", `${path}?plan=${plan}`)).html);
  expect(href.startsWith(`/api/checkout/${plan}?`)).toBe(true);
  return `${href}&email=${encodeURIComponent(email)}&name=Gast%20Kunde`;
}

describe("issue 15.1 Stripe Checkout locale for the buyer's language", () => {
  it("maps spec 2 codes to Stripe's locales through their BCP 47 tag, auto where Stripe has none", () => {
    expect(stripeLocale("de")).toBe("de");
    expect(stripeLocale("cz")).toBe("cs");
    expect(stripeLocale("jp")).toBe("ja");
    expect(stripeLocale("no")).toBe("nb");
    expect(stripeLocale("en")).toBe("en");
    expect(stripeLocale("ua")).toBe("auto");
    expect(stripeLocale("ge")).toBe("auto");
  });
});

describe.each(databaseKinds)("issue 15.1 receipts in the buyer's language, sandbox checkout, on %s", (kind) => {
  let services: Services;
  let app: Hono;

  beforeAll(async () => {
    services = await startTestServices(kind);
    app = apiApp(services);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await closePdfBrowser();
    await services?.close();
  });

  /** Follows a checkout link, then pays on the sandbox page; returns the order id and both redirects. */
  async function buy(client: ApiClient, link: string): Promise<{ orderId: number; checkout: string; result: string }> {
    const res = await client.get(link);
    expect(res.status).toBe(302);
    const checkout = res.headers.get("location")!;
    const orderId = Number(/[?&]order=(\d+)/.exec(checkout)![1]);
    const pay = await client.post(`/api/payments/sandbox/${orderId}`, { outcome: "pay" });
    expect(pay.status).toBe(303);
    return { orderId, checkout, result: pay.headers.get("location")! };
  }

  it("a guest order placed from /de/price keeps de and gets a German receipt; checkout and result pages are German", async () => {
    const link = await guestLinkFrom(services, "/de/price", "gast@example.com", "autoseo-trial-14d");
    expect(link).toContain("lang=de");
    const { orderId, checkout, result } = await buy(apiClient(app), link);
    expect(checkout).toBe(`/de/checkout/sandbox?order=${orderId}`);
    expect(result).toBe(`/de/payment-result/success?order=${orderId}`);
    expect(await orderOf(services, orderId)).toMatchObject({ status: "paid", guest: true, lang: "de" });
    const [receipt, ...more] = await mailTo(services, "gast@example.com");
    expect(more).toHaveLength(0);
    expect(receipt!.subject).toBe(`Beleg für Bestellung #${orderId}`);
    expect(receipt!.html).toContain('lang="de"');
    expect(receipt!.text).toContain("Vielen Dank für Ihre Zahlung (Testzahlung");
    expect(receipt!.text).toContain("Tarif: AutoSEO-Testphase");
    expect(receipt!.text).not.toContain("autoseo-trial-14d");
    expect(receipt!.text).toMatch(/Gesamt: 0,99\s\$/);
    expect(receipt!.text).toContain("Ihre Zahlungen und Rechnungen");
    expect(receipt!.html).toContain('/de/payments"');
    expect(receipt!.text).not.toContain("Thank you");
  });

  it("English stays: a guest order from /price gets the English receipt and English pages", async () => {
    const link = await guestLinkFrom(services, "/price", "guest-en@example.com", "ssl-basic-1m");
    const { orderId, checkout, result } = await buy(apiClient(app), link);
    expect(checkout).toBe(`/checkout/sandbox?order=${orderId}`);
    expect(result).toBe(`/payment-result/success?order=${orderId}`);
    expect((await orderOf(services, orderId)).lang).toBe("en");
    const [receipt] = await mailTo(services, "guest-en@example.com");
    expect(receipt!.subject).toBe(`Receipt for order #${orderId}`);
    expect(receipt!.text).toContain("Total: $99.00");
    expect(receipt!.text).toContain("Plan: SSL certificates · Basic · 1 month");
    expect(receipt!.html).toContain('/payments"');
    expect(receipt!.html).not.toContain("/de/");
  });

  it("a link without lang takes the Referer page's language prefix; an unsupported lang is refused (422) naming the field", async () => {
    const guest = apiClient(app);
    const res = await app.request("/api/checkout/ssl-basic-1m?email=ref@example.com", {
      headers: { referer: "http://localhost:3000/fr/price", "x-forwarded-for": guest.ip, origin: "http://localhost:3000" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/fr\/checkout\/sandbox\?order=\d+$/);
    const bad = await guest.get("/api/checkout/ssl-basic-1m?lang=xx");
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe("lang");
  });

  it("a signed-in buyer's receipt follows their interface language, not the page's", async () => {
    const { client, userId } = await signedInClient(services, app, "kaeufer@example.com");
    await services.db.update(users).set({ lang: "it" }).where(eq(users.id, userId));
    const { orderId } = await buy(client, "/api/checkout/autoseo-trial-14d?lang=de");
    expect((await orderOf(services, orderId)).lang).toBe("de");
    const receipt = (await mailTo(services, "kaeufer@example.com")).find((m) => m.subject.includes(`#${orderId}`));
    expect(receipt!.html).toContain('lang="it"');
    expect(receipt!.html).toContain('/it/payments"');
  });
  it("issue 15.1 point 1: the invoice PDF is in the signed-in buyer's interface language, plan named, amounts and dates formatted", async () => {
    // Fixed German rows for the invoice's own texts, so the test does not depend on the translation's wording.
    await services.db
      .insert(texts)
      .values([
        { lang: "de", id: 55110, group: "invoice", value: "Rechnung INV-{id}" },
        { lang: "de", id: 55120, group: "invoice", value: "Gesamtbetrag" },
      ])
      .onConflictDoUpdate({ target: [texts.lang, texts.id], set: { value: sql`excluded.value` } });
    await contentChanged(services.db);
    const { client, userId } = await signedInClient(services, app, "rechnung@example.com");
    await services.db.update(users).set({ lang: "de" }).where(eq(users.id, userId));
    const { orderId } = await buy(client, "/api/checkout/ssl-basic-1m?lang=en");
    const order = await orderOf(services, orderId);
    expect(order.lang).toBe("en");
    const text = await invoiceText(client, orderId);
    expect(text).toContain(`Rechnung INV-${orderId}`);
    expect(text).toContain("SSL-Zertifikate · Basic · 1 Monat");
    expect(text).toContain("Bezahlt");
    expect(text).toContain("Projekte");
    expect(text).toContain("Betrag");
    expect(text).toContain("Gesamtbetrag");
    expect(text).toMatch(/99,00\s\$/);
    expect(text).toContain(formatDate("de", order.paidAt!));
    expect(text).not.toContain("ssl-basic-1m");
    expect(text).not.toContain("$99.00");
  });

  it("issue 15.1 point 2: /de/payments names the plan in German, /payments in English, never by its product key", async () => {
    const { client, userId } = await signedInClient(services, app, "zahlungen@example.com");
    const { orderId } = await buy(client, "/api/checkout/autoseo-trial-14d?lang=de");
    const de = await paymentsRow(services, client, userId, "/de/payments", orderId);
    expect(de).toContain("AutoSEO-Testphase");
    expect(de).not.toContain("autoseo-trial-14d");
    const en = await paymentsRow(services, client, userId, "/payments", orderId);
    expect(en).toContain("AutoSEO trial");
    expect(en).not.toContain("autoseo-trial-14d");
  });

  it("issue 15.1 English unchanged: an English buyer's invoice and receipt are English", async () => {
    const { client, userId } = await signedInClient(services, app, "invoice-en@example.com");
    const { orderId } = await buy(client, "/api/checkout/ssl-basic-1m?lang=de");
    const order = await orderOf(services, orderId);
    const text = await invoiceText(client, orderId);
    for (const words of [
      `Invoice INV-${orderId}`,
      "Test payment (sandbox): no money was taken.",
      "Billed to:",
      `Date: ${formatDate("en", order.paidAt!)}`,
      "Status: Paid",
      "Item",
      "SSL certificates · Basic · 1 month",
      "Tax (as reported by the payment provider)",
      "Total",
      "$99.00",
    ])
      expect(text, words).toContain(words);
    const receipt = (await mailTo(services, "invoice-en@example.com")).find((m) => m.subject.includes(`#${orderId}`));
    expect(receipt!.text).toContain("Plan: SSL certificates · Basic · 1 month");
    expect(await paymentsRow(services, client, userId, "/payments", orderId)).toContain("SSL certificates · Basic · 1 month");
  });
});

describe.each(databaseKinds)("issue 15.1 guest receipt language through FastSpring and Stripe round trips on %s", (kind) => {
  let fsServices: Services;
  let stServices: Services;
  let fsHttp: ServerType;
  let stHttp: ServerType;
  let fs: Awaited<ReturnType<typeof fakeFastspring>>;
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  const port = kind === "pglite" ? 4450 : 4460;

  beforeAll(async () => {
    fs = await fakeFastspring(port, FS_SECRET, "apiuser", "apipass");
    stripe = await fakeStripe(port + 1, STRIPE_KEY, STRIPE_WHSEC);
    fsServices = await startTestServices(kind, {
      PAYMENT_PROVIDER: "fastspring",
      FASTSPRING_CHECKOUT_URL: fs.store,
      FASTSPRING_WEBHOOK_SECRET: FS_SECRET,
      FASTSPRING_API_URL: fs.api,
    });
    stServices = await startTestServices(kind, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_API_URL: stripe.api,
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_WHSEC,
    });
    fsHttp = serve({ fetch: apiApp(fsServices).fetch, port: port + 2, hostname: "127.0.0.1" });
    stHttp = serve({ fetch: apiApp(stServices).fetch, port: port + 3, hostname: "127.0.0.1" });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    fsHttp?.close();
    stHttp?.close();
    await fs?.close();
    await stripe?.close();
    await fsServices?.close();
    await stServices?.close();
  });

  it("FastSpring: the order.completed webhook of a guest order from /de/price sends the German receipt", async () => {
    const link = await guestLinkFrom(fsServices, "/de/price", "fs-gast@example.com", "ssl-standard-1m");
    const res = await apiClient(apiApp(fsServices)).get(link);
    expect(res.status).toBe(302);
    const tags = new URL(res.headers.get("location")!).searchParams.get("tags")!;
    const orderId = Number(/order=(\d+)/.exec(tags)![1]);
    const signed = fs.sign([
      {
        id: "evt-de-1",
        type: "order.completed",
        live: false,
        data: {
          order: "FS-DE-1",
          id: "FS-DE-1",
          currency: "USD",
          total: 149,
          tax: 0,
          tags: { order: orderId, total: 14900 },
          items: [{ product: "ssl-standard-1m", quantity: 1 }],
        },
      },
    ]);
    expect((await deliver(`http://127.0.0.1:${port + 2}/api/payments/webhook/fastspring`, signed.body, signed.headers)).status).toBe(200);
    const [receipt] = await mailTo(fsServices, "fs-gast@example.com");
    expect(receipt!.subject).toBe(`Beleg für Bestellung #${orderId}`);
    expect(receipt!.text).toContain("Vielen Dank für Ihre Zahlung.");
    expect(receipt!.text).toMatch(/Gesamt: 149,00\s\$/);
  });

  it("Stripe: the session is created in German with German return pages, and the guest's receipt is German", async () => {
    const link = await guestLinkFrom(stServices, "/de/price", "st-gast@example.com", "ssl-basic-1m");
    const res = await apiClient(apiApp(stServices)).get(link);
    expect(res.status).toBe(302);
    const form = new URLSearchParams(stripe.seen.at(-1)!.body);
    const orderId = Number(form.get("client_reference_id"));
    expect(form.get("locale")).toBe("de");
    expect(form.get("success_url")).toMatch(/\/de\/payment-result\/success\?order=\d+$/);
    expect(form.get("cancel_url")).toMatch(/\/de\/payment-result\/cancelled\?order=\d+$/);
    const event = stripe.sign({
      id: "evt_de_1",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_de_1",
          client_reference_id: String(orderId),
          payment_intent: "pi_de_1",
          payment_status: "paid",
          amount_total: 9900,
          currency: "usd",
        },
      },
    });
    expect((await deliver(`http://127.0.0.1:${port + 3}/api/payments/webhook/stripe`, event.body, event.headers)).status).toBe(200);
    const [receipt] = await mailTo(stServices, "st-gast@example.com");
    expect(receipt!.subject).toBe(`Beleg für Bestellung #${orderId}`);
    expect(receipt!.html).toContain('lang="de"');
  });
});
