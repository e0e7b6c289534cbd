import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

const base = () => inject("baseUrl");
const get = (path: string, init?: RequestInit) => fetch(base() + path, { redirect: "manual", ...init });

describe("issue 9 finding 8: security headers of the built product", () => {
  it("an HTML page carries a nonce CSP (no 'unsafe-inline' scripts) that every executable script tag matches", async () => {
    const res = await get("/");
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    expect(csp).toContain(`frame-ancestors 'self' https://rankforge.com https://app.rankforge.com`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((a) => !/type="application\/(ld\+)?json"/.test(a));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs, attrs).toContain(`nonce="${nonce}"`);
    // Every rendering gets a fresh nonce. The page cache (issue 14, decision 0017) answers anonymous visitors with
    // the page as rendered, so the CSP names the nonce its body carries; a browser with a session is rendered anew.
    const cached = await get("/");
    expect(cached.headers.get("content-security-policy")).toBe(csp);
    expect(await cached.text()).toBe(html);
    const rendered = (await get("/", { headers: { cookie: "rf.session_token=none" } })).headers.get("content-security-policy");
    expect(rendered).not.toBe(csp);
  });

  it("pages framed by our own sites only (spec 4 embedded checkout frame), Permissions-Policy set, no HSTS over plain http", async () => {
    const res = await get("/");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const chat = await get("/chat-client");
    expect(chat.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(chat.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect((await get("/api/geo/ip2c?ip=8.8.8.8")).headers.get("x-frame-options")).toBe("DENY");
  });

  describe("in a browser", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => browser?.close());

    it("pages run under the policy with no violation and hydrate (the start box answers)", async () => {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
      });
      for (const path of ["/", "/contacts", "/settings", "/chat-client"]) {
        await page.goto(base() + path, { waitUntil: "networkidle" });
      }
      await page.goto(base() + "/settings", { waitUntil: "networkidle" });
      expect(await page.evaluate(() => typeof (window as unknown as { __RF_ENV__?: unknown }).__RF_ENV__)).toBe("object");
      // The bundles ran and React Router hydrated.
      expect(
        await page.evaluate(() => typeof (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
      ).toBe("object");
      // The main page hydrates as islands (decision 0017): its nonce'd entry ran and the start box answers.
      await page.goto(base() + "/", { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Check my website" }).click();
      await page.getByRole("alert").filter({ hasText: "Enter your domain" }).waitFor();
      expect(violations).toEqual([]);
      await page.close();
    });
  });
});

describe("issue 9 findings 5 and 6 on React Router actions", () => {
  it("a cross-origin form post to an action is refused with 403 and changes nothing", async () => {
    const body = new URLSearchParams({ categories: "marketing" }).toString();
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    const foreign = await get("/unsubscribe?token=x", { method: "POST", body, headers: { ...headers, origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const crossSite = await get("/unsubscribe?token=x", { method: "POST", body, headers: { ...headers, "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
  });

  it("a NUL byte in an action's form field answers 400 naming the field", async () => {
    const res = await get("/unsubscribe?token=x", {
      method: "POST",
      body: new URLSearchParams({ categories: "a\u0000b" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base() },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe("categories");
  });
});
