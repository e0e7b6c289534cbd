import { describe, expect, it } from "vitest";
import { checkoutReferrer, checkoutTotalCents, discountedCents, licenseTypeOf, MAX_TOTAL_CENTS } from "../../common/commerce/checkout.ts";
import { icu } from "../../common/commerce/format.ts";
import { PRICE_PLANS, productKey } from "../../server/db/reference-data.server.ts";
import { fastspringInstantLink } from "../../server/commerce/providers/fastspring.server.ts";
import { paymentsEnvShape } from "../../server/commerce/config.server.ts";
import { z } from "zod";
import { fastspringSignature, stripeSignatureHeader, verifyFastspring, verifyStripe } from "../../server/commerce/signature.server.ts";

/** The spec 3 prices in USD as written in the tables, by product key. */
const SPEC_USD: Record<string, number> = {
  "autoseo-12m": 891,
  "autoseo-6m": 504,
  "autoseo-3m": 267,
  "autoseo-1m": 99,
  "autoseo-trial-14d": 0.99,
  "fullseo-12m": 7199,
  "fullseo-6m": 4079,
  "fullseo-3m": 2159,
  "fullseo-1m": 799,
  "analytics-standard-12m": 624,
  "analytics-professional-12m": 888,
  "analytics-advanced-12m": 2244,
  "analytics-standard-6m": 354,
  "analytics-professional-6m": 504,
  "analytics-advanced-6m": 1272,
  "analytics-standard-3m": 186,
  "analytics-professional-3m": 267,
  "analytics-advanced-3m": 672,
  "analytics-standard-1m": 69,
  "analytics-professional-1m": 99,
  "analytics-advanced-1m": 249,
  "ssl-basic-1m": 99,
  "ssl-standard-1m": 149,
  "ssl-premium-1m": 249,
};

describe("spec 9 cents rule: total in cents = price × 100 × project count", () => {
  it("holds as an integer for every plan and every project count 1…200", () => {
    expect(PRICE_PLANS.map(productKey).sort()).toEqual(Object.keys(SPEC_USD).sort());
    for (const plan of PRICE_PLANS) {
      const usd = SPEC_USD[productKey(plan)]!;
      for (let n = 1; n <= 200; n++) {
        const total = checkoutTotalCents(plan.priceCents, n);
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBe(Math.round(usd * 100) * n);
        // The float product (e.g. 0.99 × 100 = 98.99999999999999) is exactly what the rule avoids.
        expect(total).toBe(Math.round(usd * 100 * n));
      }
    }
  });

  it("refuses non-integer inputs and zero projects", () => {
    expect(() => checkoutTotalCents(98.99999999999999, 1)).toThrow(RangeError);
    expect(() => checkoutTotalCents(99, 0)).toThrow(RangeError);
    expect(() => checkoutTotalCents(99, 1.5)).toThrow(RangeError);
  });

  it("reseller discounts round to whole cents", () => {
    expect(discountedCents(89100, 20)).toBe(71280);
    expect(discountedCents(99, 15)).toBe(84);
  });
});

describe("spec 7 checkout link fields", () => {
  it("referrer is the user id then the project ids joined by *; a guest is 0", () => {
    expect(checkoutReferrer(42, [7, 9])).toBe("42*7*9");
    expect(checkoutReferrer(null, [])).toBe("0");
  });

  it("the FastSpring instant link carries tags total in cents, the order, integer markers, guest and contact prefill", () => {
    const url = new URL(
      fastspringInstantLink(
        "https://sites.fastspring.com/rankforge/",
        {
          id: 5,
          productKey: "fullseo-3m",
          months: 3,
          totalCents: 431800,
          referrer: "0*3*4",
          customerName: "Ada King Lovelace",
          customerEmail: "ada@example.com",
          guest: true,
          markers: { manager: "12", button: "price" },
          lang: "de",
        },
        true,
      ),
    );
    expect(url.pathname).toBe("/rankforge/instant/fullseo-3m");
    expect(url.searchParams.get("tags")).toBe("total=431800,order=5,manager=12,guest=1");
    expect(url.searchParams.get("referrer")).toBe("0*3*4");
    expect(url.searchParams.get("contact_fname")).toBe("Ada");
    expect(url.searchParams.get("contact_lname")).toBe("King Lovelace");
    expect(url.searchParams.get("mode")).toBe("test");
    expect(url.search).toContain("referrer=0*3*4");
  });

  it("issue 13: FastSpring test or live from configuration: FASTSPRING_TEST_MODE=1/true adds mode=test, unset is live", () => {
    const flag = z.object({ FASTSPRING_TEST_MODE: paymentsEnvShape.FASTSPRING_TEST_MODE });
    expect(flag.parse({ FASTSPRING_TEST_MODE: "1" }).FASTSPRING_TEST_MODE).toBe(true);
    expect(flag.parse({ FASTSPRING_TEST_MODE: "true" }).FASTSPRING_TEST_MODE).toBe(true);
    expect(flag.parse({ FASTSPRING_TEST_MODE: "0" }).FASTSPRING_TEST_MODE).toBe(false);
    expect(flag.parse({}).FASTSPRING_TEST_MODE).toBe(false);
    expect(() => flag.parse({ FASTSPRING_TEST_MODE: "yes" })).toThrow();
    const order = {
      id: 1,
      productKey: "autoseo-1m",
      months: 1,
      totalCents: 9900,
      referrer: "0",
      customerName: "",
      customerEmail: "",
      guest: true,
      markers: {},
      lang: "en",
    };
    expect(new URL(fastspringInstantLink("https://x.test/s", order, false)).searchParams.has("mode")).toBe(false);
    expect(new URL(fastspringInstantLink("https://x.test/s", order, true)).searchParams.get("mode")).toBe("test");
  });

  it("refuses a total above FastSpring's integer tag cap", () => {
    expect(() =>
      fastspringInstantLink(
        "https://x",
        {
          id: 1,
          productKey: "fullseo-12m",
          months: 12,
          totalCents: MAX_TOTAL_CENTS + 1,
          referrer: "0",
          customerName: "",
          customerEmail: "",
          guest: true,
          markers: {},
          lang: "en",
        },
        false,
      ),
    ).toThrow(/total/);
  });
});

describe("issue 13 webhook signatures (research/payments.md)", () => {
  it("FastSpring: base64 HMAC-SHA256 of the raw body; hex, other bodies and missing headers fail", () => {
    const body = '{"events":[]}';
    const sig = fastspringSignature("s3cret", body);
    expect(sig).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(verifyFastspring("s3cret", body, sig)).toBe(true);
    expect(verifyFastspring("s3cret", `${body} `, sig)).toBe(false);
    expect(verifyFastspring("s3cret", body, Buffer.from(sig, "base64").toString("hex"))).toBe(false);
    expect(verifyFastspring("s3cret", body, null)).toBe(false);
    expect(verifyFastspring("", body, sig)).toBe(false);
  });

  it("Stripe: t.body HMAC in hex, any v1 of a rotation, 300 s tolerance", () => {
    const body = '{"id":"evt_1"}';
    const header = stripeSignatureHeader("whsec_x", body, 1_000_000);
    expect(verifyStripe("whsec_x", body, header, 300, 1_000_300)).toBe(true);
    expect(verifyStripe("whsec_x", body, header, 300, 1_000_301)).toBe(false);
    expect(verifyStripe("whsec_x", body, `t=1000000,v1=${"0".repeat(64)},${header.split(",")[1]}`, 300, 1_000_000)).toBe(true);
    expect(verifyStripe("whsec_y", body, header, 300, 1_000_000)).toBe(false);
  });
});

describe("spec 3 user info license_type of each package", () => {
  it("maps product keys to licence types", () => {
    expect(licenseTypeOf("autoseo-12m")).toBe(1);
    expect(licenseTypeOf("autoseo-trial-14d")).toBe(1);
    expect(licenseTypeOf("fullseo-1m")).toBe(2);
    expect(licenseTypeOf("analytics-advanced-3m")).toBe(5);
    expect(licenseTypeOf("ssl-premium-1m")).toBe(6);
    expect(licenseTypeOf("unknown-1m")).toBe(0);
  });
});

describe("ICU plural texts of the commerce screens", () => {
  it("formats plurals with # and nested placeholders", () => {
    const text = "{n, plural, one {Total for # project: {price}} other {Total for # projects: {price}}}";
    expect(icu("en", text, { n: 1, price: "$99.00" })).toBe("Total for 1 project: $99.00");
    expect(icu("en", text, { n: 3, price: "$297.00" })).toBe("Total for 3 projects: $297.00");
    expect(icu("en", "Order #{id}", { id: 7 })).toBe("Order #7");
  });
});
