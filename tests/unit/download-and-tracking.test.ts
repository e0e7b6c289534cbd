import { describe, expect, it } from "vitest";
import { acceptDownloadParam, withoutDownloadParam } from "../../app/lib/download-param.ts";
import { collectTracking } from "../../common/tracking.ts";

const OFFICIAL = ["https://rankforge.com", "https://app.rankforge.com"];

describe("spec 2 Global page behaviour — download query parameter", () => {
  it("is honoured only when it starts with an official origin", () => {
    expect(acceptDownloadParam("https://rankforge.com/ext/serp.zip", OFFICIAL)).toBe("https://rankforge.com/ext/serp.zip");
    expect(acceptDownloadParam("https://app.rankforge.com/r/1.pdf", OFFICIAL)).toBe("https://app.rankforge.com/r/1.pdf");
    expect(acceptDownloadParam("https://rankforge.com.evil.net/x", OFFICIAL)).toBeNull();
    expect(acceptDownloadParam("https://evil.net/?https://rankforge.com/", OFFICIAL)).toBeNull();
    expect(acceptDownloadParam("", OFFICIAL)).toBeNull();
    expect(acceptDownloadParam(null, OFFICIAL)).toBeNull();
  });
  it("is removed from the URL, keeping the rest", () => {
    expect(withoutDownloadParam("https://x.test/autoseo?a=1&download=https%3A%2F%2Frankforge.com%2Fa&b=2#top")).toBe(
      "/autoseo?a=1&b=2#top",
    );
    expect(withoutDownloadParam("https://x.test/autoseo?a=1")).toBeNull();
  });
});

describe("spec 3 — tracking info (href, referrer, get falling back to a saved cookie, ref)", () => {
  it("takes the query string and ref from the page and saves them", () => {
    const { info, setCookies } = collectTracking(
      { href: "https://x.test/?ref=aff42&utm_source=mail", search: "?ref=aff42&utm_source=mail" },
      "https://google.com/",
      "",
    );
    expect(info).toEqual({
      href: "https://x.test/?ref=aff42&utm_source=mail",
      referrer: "https://google.com/",
      get: "ref=aff42&utm_source=mail",
      ref: "aff42",
    });
    expect(setCookies.some((c) => c.startsWith("rf_get=ref%3Daff42"))).toBe(true);
    expect(setCookies.some((c) => c.startsWith("rf_ref=aff42"))).toBe(true);
  });
  it("falls back to the saved cookie when the page has no query string", () => {
    const { info, setCookies } = collectTracking(
      { href: "https://x.test/price", search: "" },
      "",
      "a=b; rf_get=utm_source%3Dmail; rf_ref=aff42",
    );
    expect(info.get).toBe("utm_source=mail");
    expect(info.ref).toBe("aff42");
    expect(setCookies).toEqual([]);
  });
});
