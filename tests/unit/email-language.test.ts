import { describe, expect, it } from "vitest";
import { pageUrl } from "../../server/email/send.server.ts";
import type { Services } from "../../server/services.server.ts";
import { breachLine as line } from "../../server/speed/budget.server.ts";

/** The values of a breach line (a text with values). */
const breachLine = (...args: Parameters<typeof line>) => {
  const part = line(...args);
  return { values: "values" in part ? part.values : undefined };
};

const services = { env: { PUBLIC_ORIGIN: "https://rankforge.test" } } as unknown as Services;

describe("issue 15.1 e-mails written in the reader's language", () => {
  it("an e-mail's button opens our page in the reader's language, English without a prefix", () => {
    expect(pageUrl(services, "de", "/payments")).toBe("https://rankforge.test/de/payments");
    expect(pageUrl(services, "ua", "/page-speed?idp=3")).toBe("https://rankforge.test/ua/page-speed?idp=3");
    expect(pageUrl(services, "en", "/project/rankings?idp=7")).toBe("https://rankforge.test/project/rankings?idp=7");
  });

  it("speed budget breaches carry their figures in the owner's number format; English stays as it was", () => {
    const lcp = { template: "/*", metric: "lcp" as const, value: 2900, limit: 2500 };
    const cls = { template: "/*", metric: "cls" as const, value: 0.125, limit: 0.1 };
    expect(breachLine(lcp, "de").values).toMatchObject({ value: "2,9 s", limit: "2,5 s" });
    expect(breachLine(cls, "de").values).toMatchObject({ value: "0,125", limit: "0,1" });
    expect(breachLine({ ...lcp, metric: "tbt", value: 450, limit: 300 }, "de").values).toMatchObject({ value: "450 ms" });
    expect(breachLine(lcp).values).toMatchObject({ value: "2.9 s", limit: "2.5 s" });
    expect(breachLine(cls, "en").values).toMatchObject({ value: "0.125", limit: "0.1" });
  });
});
