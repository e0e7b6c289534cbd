import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

describe("issue 5 chat component and /chat-client (spec 2): visitor ↔ manager through the e-mailed reply link (real browser)", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a guest opens the chat from a page and sends; the manager answers from the outbox link; the guest sees the answer", async () => {
    const visitor = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { "x-forwarded-for": "203.0.113.51" },
    });
    const page = await visitor.newPage();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/main/getrankforge"), { timeout: 30_000 }),
      page.goto(`${baseUrl}/cases`),
    ]);
    expect(await page.getByTestId("chat-frame").count()).toBe(0);
    const button = page.getByTestId("chat-button");
    const marketing = await page.getByTestId("marketing-button").boundingBox();
    const chat = await button.boundingBox();
    expect(marketing && chat && (chat.x + chat.width <= marketing.x || chat.y + chat.height <= marketing.y)).toBe(true);
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");

    const frame = page.frameLocator("[data-testid=chat-frame]");
    const text = `Hello from the e2e chat ${Date.now()}`;
    await frame.locator("form[data-ready=true]").waitFor();
    await frame.getByLabel("Your message").fill(text);
    await frame.getByRole("button", { name: "Send" }).click();
    await frame.getByText(text).waitFor();
    expect(await frame.getByTestId("chat-messages").getAttribute("aria-live")).toBe("polite");

    const manager = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const mpage = await manager.newPage();
    let link = "";
    await expect
      .poll(
        async () => {
          await mpage.goto(`${baseUrl}/dev/outbox`, { waitUntil: "domcontentloaded" });
          const html = await mpage.content();
          if (!html.includes(text)) return "";
          const m = /href="([^"]*\/chat-client\?reply=[^"]+)"/.exec(html.slice(0, html.indexOf(text) + 20000));
          link = m ? m[1]!.replace(/&amp;/g, "&") : "";
          return link;
        },
        { timeout: 15_000 },
      )
      .not.toBe("");
    await mpage.goto(new URL(new URL(link).pathname + new URL(link).search, baseUrl).toString(), { waitUntil: "networkidle" });
    await mpage.getByText(text).waitFor();
    await mpage.getByRole("heading", { name: "Reply to the visitor" }).waitFor();
    const answer = "Thanks, your manager here: I will look at it today.";
    await mpage.locator("form[data-ready=true]").waitFor();
    await mpage.getByLabel("Your message").fill(answer);
    await mpage.getByRole("button", { name: "Send" }).click();
    await mpage.getByText(answer).waitFor();

    await frame.getByText(answer).waitFor({ timeout: 15_000 });
    await manager.close();
    await visitor.close();
  });

  it("a forged reply link shows an error and no conversation", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/chat-client?reply=forged.token`, { waitUntil: "domcontentloaded" });
    expect(await page.getByRole("alert").textContent()).toContain("invalid or has expired");
    expect(await page.getByLabel("Your message").count()).toBe(0);
    await context.close();
  });
});
