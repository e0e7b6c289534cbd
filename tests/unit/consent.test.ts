import { afterEach, describe, expect, it } from "vitest";
import { consentCookie, readConsent } from "../../common/consent.ts";
import { currentTracking } from "../../common/tracking.ts";

/** A browser-like global `document`/`window` whose cookie setter records what is written. */
function fakeBrowser(cookie: string, search: string): string[] {
  const written: string[] = [];
  const g = globalThis as unknown as Record<string, unknown>;
  g.window = { location: { href: `https://rankforge.test/${search}`, search } };
  g.document = {
    referrer: "",
    get cookie() {
      return cookie;
    },
    set cookie(v: string) {
      written.push(v);
    },
  };
  return written;
}

describe("issue 9 cookie consent (docs/decisions/0015-cookie-consent.md)", () => {
  afterEach(() => {
    const g = globalThis as unknown as Record<string, unknown>;
    delete g.window;
    delete g.document;
  });

  it("reads and writes the stored choice", () => {
    expect(readConsent("a=1; rf_consent=accepted")).toBe("accepted");
    expect(readConsent("rf_consent=rejected")).toBe("rejected");
    expect(readConsent("rf_consent=maybe; b=2")).toBeNull();
    expect(readConsent("")).toBeNull();
    expect(consentCookie("accepted")).toMatch(/^rf_consent=accepted; Max-Age=15552000; Path=\/; SameSite=Lax$/);
  });

  it("tracking info is sent without consent, but the rf_get / rf_ref cookies are written only after Accept", () => {
    const before = fakeBrowser("", "?ref=42&utm_source=x");
    expect(currentTracking()).toMatchObject({ ref: "42", get: "ref=42&utm_source=x" });
    expect(before).toEqual([]);
    const rejected = fakeBrowser("rf_consent=rejected", "?ref=42");
    currentTracking();
    expect(rejected).toEqual([]);
    const after = fakeBrowser("rf_consent=accepted", "?ref=42");
    currentTracking();
    expect(after.map((c) => c.split("=")[0])).toEqual(["rf_get", "rf_ref"]);
  });
});
