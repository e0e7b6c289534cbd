import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

describe("issue 13 spec 4: the embedded checkout frame posts its close message to the parent (real browser)", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 390]) {
    it(`${width} px: inside a frame the payment result offers Close, which posts "close" to the parent; alone it does not`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${baseUrl}/payment-result/cancelled`, { waitUntil: "networkidle" });
      // Not framed: no close button (nothing to close).
      expect(await page.getByRole("button", { name: "Cancel" }).count()).toBe(0);

      // Framed by a page of the same site (frame-ancestors 'self'): the parent listens for messages.
      await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
      await page.evaluate((src) => {
        const w = window as unknown as { received: unknown[] };
        w.received = [];
        window.addEventListener("message", (e) => w.received.push(e.data));
        const frame = document.createElement("iframe");
        frame.src = src;
        frame.title = "checkout";
        frame.style.cssText = "position:fixed;inset:0;width:100%;height:100%;z-index:99999;background:#fff";
        document.body.append(frame);
      }, `${baseUrl}/payment-result/cancelled`);
      const frame = page.frameLocator('iframe[title="checkout"]');
      await frame.getByRole("button", { name: "Cancel" }).click();
      await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length > 0);
      expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual(["close"]);
      await page.close();
    });
  }
});
