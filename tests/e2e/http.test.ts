import { describe, expect, inject, it } from "vitest";
import { LANGUAGES } from "../../common/i18n/languages.ts";

const get = (path: string, init?: RequestInit) => fetch(inject("baseUrl") + path, { redirect: "manual", ...init });

describe("issue Foundation part 2 — one process: health, readiness, static assets", () => {
  it("GET /healthz and /readyz", async () => {
    expect((await get("/healthz")).status).toBe(200);
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: true, jobs: true });
  });

  it("serves hashed assets with immutable cache headers", async () => {
    const html = await (await get("/")).text();
    const asset = /\/assets\/[^"]+\.(?:js|css)/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await get(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("spec 2 — server-side rendering, the app21 mount, languages", () => {
  it("renders the main page on the server inside #app21 with canonical and hreflang for every language", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="app21"');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(`<link rel="canonical" href="${inject("baseUrl")}/"/>`);
    const lower = html.toLowerCase();
    for (const l of LANGUAGES) expect(lower).toContain(`hreflang="${l.bcp47}"`);
    expect(lower).toContain(`hreflang="x-default" href="${inject("baseUrl")}/"`);
    expect(html).toContain("Enter your domain");
  });

  it("a prefixed page has its own canonical and the reciprocal alternates", async () => {
    const html = (await (await get("/de/autoseo")).text()).replace(/hrefLang=/g, "hreflang=");
    expect(html).toContain('<html lang="de"');
    expect(html).toContain(`<link rel="canonical" href="${inject("baseUrl")}/de/autoseo"/>`);
    expect(html).toContain(`hreflang="uk" href="${inject("baseUrl")}/ua/autoseo"`);
    expect(html).toContain(`hreflang="en" href="${inject("baseUrl")}/autoseo"`);
  });

  it("an unknown path shows the main page with 404 and noindex", async () => {
    for (const p of ["/nothing/such/page", "/xx/autoseo", "/de/nothing-here", "/zz"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      const html = await res.text();
      expect(html, p).toContain('name="robots" content="noindex');
      expect(html, p).not.toContain('rel="canonical"');
      // The main page in the URL's language (German for /de/…, English otherwise).
      expect(html, p).toContain(p.startsWith("/de/") ? "Finden Sie, was Ihre Website" : "Find what keeps your site off page one");
    }
  });

  it("old project URLs redirect to the base path with idp (spec 2, 4)", async () => {
    const a = await get("/project/42?auto=1");
    expect(a.status).toBe(302);
    expect(a.headers.get("location")).toBe("/project?idp=42&auto=1");
    const b = await get("/de/sproject/7");
    expect(b.headers.get("location")).toBe("/de/sproject?idp=7");
  });

  it("dashboard, popup and chat-client have no header or footer; account screens are noindex", async () => {
    for (const p of ["/dashboard", "/popup/14", "/chat-client"]) {
      const html = await (await get(p)).text();
      expect(html, p).not.toContain("<header");
      expect(html, p).not.toContain("<footer");
    }
    const settings = await (await get("/settings")).text();
    expect(settings).toContain("<header");
    expect(settings).toContain('name="robots" content="noindex');
  });

  it("/unsubscribe exists without a language version", async () => {
    expect((await get("/unsubscribe")).status).toBe(200);
    expect((await get("/de/unsubscribe")).status).toBe(404);
  });
});
