import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../helpers/browser.ts";

const base = () => inject("baseUrl");
const shots = path.resolve(import.meta.dirname, "../../test-results/consent");

describe("issue 9 cookie consent banner (docs/decisions/0015-cookie-consent.md)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ consent: "none" });
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => browser?.close());

  it.each([1280, 390])(
    "at %i px: shown before a choice with nothing non-essential set; reject and accept are stored; the footer reopens it",
    async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${base()}/?ref=42&utm_source=newsletter`, { waitUntil: "networkidle" });
      const banner = page.getByRole("region", { name: "Cookies" });
      await expect.poll(() => banner.isVisible()).toBe(true);
      await page.screenshot({ path: path.join(shots, `banner-${width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const names = async () => (await context.cookies()).map((c) => c.name);
      // Nothing non-essential before consent: no referral or landing-query cookie.
      expect(await names()).not.toContain("rf_ref");
      expect(await names()).not.toContain("rf_get");

      // Keyboard: both choices are reachable buttons of equal weight.
      const reject = banner.getByRole("button", { name: "Reject" });
      const accept = banner.getByRole("button", { name: "Accept" });
      expect(await reject.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        await accept.evaluate((el) => getComputedStyle(el).backgroundColor),
      );
      await reject.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => banner.isVisible()).toBe(false);
      expect((await context.cookies()).find((c) => c.name === "rf_consent")?.value).toBe("rejected");
      await page.reload({ waitUntil: "networkidle" });
      expect(await banner.isVisible()).toBe(false);

      await page.getByRole("button", { name: "Cookie settings" }).click();
      await expect.poll(() => banner.isVisible()).toBe(true);
      await banner.getByRole("button", { name: "Accept" }).click();
      await expect.poll(() => banner.isVisible()).toBe(false);
      expect((await context.cookies()).find((c) => c.name === "rf_consent")?.value).toBe("accepted");
      await page.screenshot({ path: path.join(shots, `after-${width}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
