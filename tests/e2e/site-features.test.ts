import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

const get = (path: string) => fetch(inject("baseUrl") + path, { redirect: "manual" });

/** JSON-LD blocks of a page, parsed. */
async function jsonLd(path: string): Promise<Record<string, unknown>[]> {
  const html = await (await get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe("issue 4 our own SEO — robots.txt, sitemaps, Open Graph images, JSON-LD (served)", () => {
  it("robots.txt and the sitemap index point at one sitemap per language", async () => {
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${inject("baseUrl")}/sitemap.xml`);
    const index = await get("/sitemap.xml");
    expect(index.headers.get("content-type")).toContain("application/xml");
    expect(await index.text()).toContain(`<loc>${inject("baseUrl")}/sitemap-ua.xml</loc>`);
    const ua = await (await get("/sitemap-ua.xml")).text();
    expect(ua).toContain(`<loc>${inject("baseUrl")}/ua/autoseo</loc>`);
    expect(ua).toContain(`hreflang="uk" href="${inject("baseUrl")}/ua/autoseo"`);
    expect(ua).not.toContain("thank-you");
    expect((await get("/sitemap-xx.xml")).status).toBe(404);
  });

  it("every product page has an og:image that is a 1200×630 PNG, and Twitter card tags", async () => {
    const html = await (await get("/de/autoseo")).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toBe(`${inject("baseUrl")}/og/de/autoseo.png`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    const png = Buffer.from(await (await fetch(image!)).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });

  it("/autoseo carries Product with the spec 3 offers, FAQPage and BreadcrumbList", async () => {
    const blocks = await jsonLd("/autoseo");
    const product = blocks.find((b) => b["@type"] === "Product") as { offers: { price: string; priceCurrency: string }[] };
    expect(product.offers.map((o) => o.price)).toEqual(["891.00", "504.00", "267.00", "99.00"]);
    expect(product.offers.every((o) => o.priceCurrency === "USD")).toBe(true);
    expect(blocks.some((b) => b["@type"] === "FAQPage")).toBe(true);
    expect(blocks.some((b) => b["@type"] === "BreadcrumbList")).toBe(true);
  });

  it("/contacts carries Organization and LocalBusiness with the Kyiv office", async () => {
    const blocks = await jsonLd("/contacts");
    expect(blocks.find((b) => b["@type"] === "Organization")).toBeDefined();
    const office = blocks.find((b) => b["@type"] === "ProfessionalService") as { address: { addressLocality: string } };
    expect(office.address.addressLocality).toBe("Kyiv");
  });

  it("prices on /ua/autoseo are the database figures, formatted for Ukrainian", async () => {
    const html = await (await get("/ua/autoseo")).text();
    expect(html).toContain(new Intl.NumberFormat("uk", { style: "currency", currency: "USD", minimumFractionDigits: 0 }).format(891));
  });

  it("/wechat renders the QR code as inline SVG from configuration", async () => {
    const html = await (await get("/wechat")).text();
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(html).toContain("rankforge_cn");
  });

  it("/popup/{id} shows one popup alone (no header or footer); an unknown popup is 404", async () => {
    const html = await (await get("/popup/14")).text();
    expect(html).toContain('role="dialog"');
    expect(html).not.toContain("<footer");
    expect((await get("/popup/999")).status).toBe(404);
  });

  it("the video message page plays the database video with a WebVTT captions track", async () => {
    const html = await (await get("/video-message")).text();
    expect(html).toContain('src="/video/manager-message.webm"');
    expect(html).toMatch(/<track kind="captions" src="\/video\/manager-message\.en\.vtt"/);
    const vtt = await get("/video/manager-message.en.vtt");
    expect((await vtt.text()).startsWith("WEBVTT")).toBe(true);
  });
});

describe("issue 4 /worldwideseo/{url} and /worldseo/{url} — public overview from the analyzer", () => {
  it("analyses the real test site's home page, then serves the cached overview on both paths", async () => {
    const host = new URL(inject("siteOrigin")).host;
    const first = await get(`/worldwideseo/${encodeURIComponent(host)}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain(`SEO overview of ${host}`);
    expect(html).toContain("Apache Jena");
    const again = await (await get(`/worldseo/${encodeURIComponent(host)}`)).text();
    expect(again).toContain(`SEO overview of ${host}`);
    expect(again).toContain('name="robots" content="noindex');
  });

  it("an invalid address is refused with 422", async () => {
    expect((await get("/worldwideseo/not-a-site")).status).toBe(422);
  });
});

describe("issue 4 interactive parts (real browser): map, checklists, lazy images", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the contacts map shows a marker and opens the info window with the address on click", async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/contacts`, { waitUntil: "networkidle" });
    const marker = page.locator(".leaflet-marker-icon");
    await marker.waitFor({ timeout: 15_000 });
    expect(await marker.count()).toBe(1);
    await marker.click();
    const info = page.getByTestId("office-info");
    await info.waitFor();
    expect(await info.innerText()).toContain("Khreshchatyk St 22");
    await page.close();
  });

  for (const width of [1280, 390]) {
    it(`issue 16 point 16 (${width} px): the contacts map shows the address, and a static fallback when no tile loads`, async () => {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      // Every map tile fails to load (as when the tile server is unreachable).
      await ctx.addInitScript(() => {
        const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src")!;
        Object.defineProperty(HTMLImageElement.prototype, "src", {
          get() {
            return src.get!.call(this);
          },
          set(v: string) {
            // Leaflet sets a tile's src before giving it its class: recognise tiles by the test tile URL.
            src.set!.call(this, v.startsWith("data:image/gif") ? "http://127.0.0.1:9/tile.png" : v);
          },
        });
      });
      const p = await ctx.newPage();
      await p.goto(`${baseUrl}/contacts`, { waitUntil: "networkidle" });
      expect(await p.getByTestId("office-address").innerText()).toContain("Khreshchatyk St 22");
      await p.getByTestId("office-map").scrollIntoViewIfNeeded();
      const fallback = p.getByTestId("map-fallback");
      await fallback.waitFor({ timeout: 15_000 });
      expect(await fallback.innerText()).toContain("Khreshchatyk St 22");
      expect(await fallback.innerText()).toContain("could not load");
      await ctx.close();
    });
  }

  it("the contacts page works without JavaScript: address and a map link", async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const p = await ctx.newPage();
    await p.goto(`${baseUrl}/contacts`);
    expect(await p.getByTestId("office-map").innerText()).toContain("Kyiv");
    expect(await p.locator('a[href*="openstreetmap.org"]').count()).toBe(1);
    await ctx.close();
  });

  it("checklist ticks persist in localStorage across reloads and can be cleared", async () => {
    page = await browser.newPage();
    await page.goto(`${baseUrl}/autoseo-checklist`, { waitUntil: "networkidle" });
    const boxes = page.locator('main input[type="checkbox"]');
    expect(await boxes.count()).toBe(20);
    await boxes.nth(0).check();
    await boxes.nth(3).check();
    await expect.poll(() => page.getByTestId("checklist-progress").innerText()).toBe("2 of 20 done");
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => boxes.nth(3).isChecked()).toBe(true);
    expect(await boxes.nth(1).isChecked()).toBe(false);
    await page.goto(`${baseUrl}/fullseo-checklist`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByTestId("checklist-progress").innerText()).toBe("0 of 20 done");
    await page.goto(`${baseUrl}/autoseo-checklist`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Clear all ticks" }).click();
    await expect.poll(() => page.getByTestId("checklist-progress").innerText()).toBe("0 of 20 done");
    await page.close();
  });

  it("tour images load lazily: far images wait, near ones load once and take their natural size", async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    const requested: string[] = [];
    page.on("request", (r) => r.url().includes("/tour/") && requested.push(r.url()));
    await page.goto(`${baseUrl}/dsd-quick-tour`, { waitUntil: "networkidle" });
    const imgs = page.locator("img[data-lazy]");
    expect(await imgs.count()).toBe(5);
    expect(await imgs.nth(4).getAttribute("data-lazy")).toBe("waiting");
    expect(requested.some((u) => u.endsWith("step-5.webp"))).toBe(false);
    await imgs.nth(4).scrollIntoViewIfNeeded();
    await expect.poll(() => imgs.nth(4).getAttribute("data-lazy")).toBe("loaded");
    const natural = await imgs
      .nth(4)
      .evaluate((i: HTMLImageElement) => [i.naturalWidth, i.naturalHeight, i.getAttribute("width"), i.getAttribute("height")]);
    expect(natural).toEqual([1280, 800, "1280", "800"]);
    expect(requested.filter((u) => u.endsWith("step-5.webp"))).toHaveLength(1);
    await page.close();
  });
});
