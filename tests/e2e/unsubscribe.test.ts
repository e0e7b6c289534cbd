import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { signUnsubscribeToken } from "../../server/email/unsubscribe-token.server.ts";
import { launchBrowser } from "../helpers/browser.ts";

/** /unsubscribe in a real browser, with and without JavaScript (the button is a plain form post). */
describe("issue 5 /unsubscribe one click (real browser)", () => {
  const baseUrl = inject("baseUrl");
  const secret = readFileSync(path.join(inject("dataDir"), "session-secret"), "utf8").trim();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`unsubscribes with one click ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const token = signUnsubscribeToken(secret, "reader@example.com", "marketing");
      await page.goto(`${baseUrl}/unsubscribe?token=${encodeURIComponent(token)}`, { waitUntil: "networkidle" });
      expect(await page.locator("main").innerText()).toContain("reader@example.com");
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await page.getByRole("status").waitFor({ timeout: 10_000 });
      expect(await page.getByRole("status").innerText()).toContain("You are unsubscribed");
      await context.close();
    });
  }

  it("refuses a forged link", async () => {
    const page = await browser.newPage();
    const forged = signUnsubscribeToken("not-the-server-secret-at-all", "reader@example.com", "marketing");
    await page.goto(`${baseUrl}/unsubscribe?token=${encodeURIComponent(forged)}`, { waitUntil: "networkidle" });
    expect(await page.getByRole("alert").innerText()).toContain("invalid or has expired");
    expect(await page.getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);
    await page.close();
  });
});
