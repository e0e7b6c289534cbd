import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.server.ts";
import { ip2c } from "../../server/geo/ip2c.server.ts";
import { isValidPhone } from "../../server/phone/validate.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

describe("spec 7 phone validation (libphonenumber-js)", () => {
  it("strips spaces and plus signs and checks the international number", () => {
    expect(isValidPhone("442071838750")).toBe(true);
    expect(isValidPhone("+44 20 7183 8750")).toBe(true);
    expect(isValidPhone("12015550123")).toBe(true);
    expect(isValidPhone("4420")).toBe(false);
    expect(isValidPhone("12345678901234567890")).toBe(false);
    expect(isValidPhone("44-20-7183-8750")).toBe(false);
    expect(isValidPhone("")).toBe(false);
  });
  it("spec 8 phone failures: not a number, too short, too long, invalid country", () => {
    expect(isValidPhone("abc")).toBe(false);
    expect(isValidPhone("4420718")).toBe(false);
    expect(isValidPhone("44207183875012345")).toBe(false);
    expect(isValidPhone("999123456789")).toBe(false);
  });
});

describe("spec 7 IP-to-country lookup (bundled GeoLite2 country database)", () => {
  it("answers 1;alpha-2;alpha-3;name for a public address", () => {
    expect(ip2c("8.8.8.8")).toBe("1;US;USA;United States");
    expect(ip2c("2a00:1450:4001::1")).toMatch(/^1;[A-Z]{2};[A-Z]{3};.+$/);
  });
  it("answers a line not beginning with 1 for private and invalid addresses", () => {
    expect(ip2c("127.0.0.1")).toBe("2;;;UNKNOWN");
    expect(ip2c("10.1.2.3")).toBe("2;;;UNKNOWN");
    expect(ip2c("not-an-ip")).toBe("0;;;WRONG INPUT");
  });
});

describe("issue 5 GET /api/phone/validate, /api/phone/flag, /api/geo/ip2c", () => {
  let services: Services;
  let api: ReturnType<typeof createApi>;
  beforeAll(async () => {
    services = await startTestServices("pglite");
    api = createApi(services);
  });
  afterAll(async () => {
    await services?.close();
  });

  it("validate answers { valid } JSON", async () => {
    const good = await api.request("/phone/validate?number=442071838750");
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ valid: true });
    const bad = await api.request("/phone/validate?number=123");
    expect(await bad.json()).toEqual({ valid: false });
    const plus = await api.request(`/phone/validate?number=${encodeURIComponent("+1 201 555 0123")}`);
    expect(await plus.json()).toEqual({ valid: true });
    const tooLong = await api.request(`/phone/validate?number=${"1".repeat(251)}`);
    expect(tooLong.status).toBe(422);
  });

  it("ip2c answers the text format for ?ip= and for the caller's forwarded address", async () => {
    const res = await api.request("/geo/ip2c?ip=8.8.8.8");
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toBe("1;US;USA;United States");
    // One trusted proxy (TRUST_PROXY=1 in the test services): the entry it appended counts, a forged one to its left does not.
    const fwd = await api.request("/geo/ip2c", { headers: { "x-forwarded-for": "10.0.0.1, 8.8.4.4" } });
    expect(await fwd.text()).toBe("1;US;USA;United States");
    const none = await api.request("/geo/ip2c");
    expect((await none.text()).startsWith("1")).toBe(false);
  });

  it("serves SVG flags and 404s unknown codes", async () => {
    const res = await api.request("/phone/flag/DE.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(await res.text()).toContain("<svg");
    expect((await api.request("/phone/flag/QQ.svg")).status).toBe(404);
  });
});
