import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import * as ResultModule from "../../app/routes/payment-result.tsx";
import type { Services } from "../../server/services.server.ts";
import { apiApp, signedInClient, type ApiClient } from "../helpers/accounts.ts";
import { renderScreen } from "../helpers/price-page.ts";
import { startTestServices } from "../helpers/services.ts";

const PENDING = "Your payment is being confirmed. This page updates by itself.";
const NONE = "We could not find a recent order. Choose a plan to start.";

describe("issue 13.6 /payment-result/{status}: the order's state from the database, never from the URL", () => {
  let s: Services;
  let app: Hono;
  let buyer: { client: ApiClient; userId: number };
  let stranger: { client: ApiClient; userId: number };
  let orderId = 0;
  beforeAll(async () => {
    s = await startTestServices("pglite");
    app = apiApp(s);
    buyer = await signedInClient(s, app, "result-buyer@example.com");
    stranger = await signedInClient(s, app, "result-stranger@example.com");
    const res = await buyer.client.get("/api/checkout/ssl-basic-1m");
    orderId = Number(/order=(\d+)$/.exec(res.headers.get("location") ?? "")?.[1]);
  }, 180_000);
  afterAll(() => s?.close());

  /** The screen's headline and loader data at `url` for `who`. */
  const render = async (who: { client: ApiClient; userId: number }, url: string) => {
    const { html, data } = await renderScreen(
      s,
      { id: "payment-result", path: "payment-result/:status?", module: ResultModule },
      url,
      who.client.jar.header(),
      { visitorId: null, userId: who.userId },
    );
    const headline = /data-testid="result-headline">([^<]*)</.exec(html)?.[1];
    return { headline, order: (data as { order: { id: number; status: string } | null }).order };
  };

  it("an unpaid order shows as pending (the page refreshes itself) whatever the URL's status says", async () => {
    expect(orderId).toBeGreaterThan(0);
    for (const status of ["success", "failed", "cancelled"]) {
      const { headline, order } = await render(buyer, `/payment-result/${status}?order=${orderId}`);
      expect(order).toMatchObject({ id: orderId, status: "pending" });
      expect(headline).toBe(PENDING);
    }
  });

  it("with no order to show (none yet, a checkout click never paid, another buyer's id) the screen says so and shows nobody's order", async () => {
    for (const [who, url] of [
      [stranger, "/payment-result"],
      [buyer, "/payment-result"],
      [stranger, `/payment-result/success?order=${orderId}`],
    ] as const) {
      const { headline, order } = await render(who, url);
      expect(order).toBeNull();
      expect(headline).toBe(NONE);
    }
  });
});
