import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

describe("issue 16 points 10 and 12: header menus and the phone menu (real browser)", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const menus = () => page.getByRole("menu");

  it("1280 px: a menu closes on Escape, on a click outside, when another opens and on navigation", async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const banner = page.getByRole("banner");
    const services = banner.getByRole("button", { name: "Services" });
    const tools = banner.getByRole("button", { name: "SEO tools" });

    await services.click();
    await menus().waitFor();
    expect(await services.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await menus().waitFor({ state: "detached" });
    expect(await services.getAttribute("aria-expanded")).toBe("false");

    await services.click();
    await menus().waitFor();
    await page.mouse.click(640, 700);
    await menus().waitFor({ state: "detached" });

    await services.click();
    await menus().waitFor();
    await tools.click();
    await page.waitForFunction(() => document.querySelectorAll('[role="menu"]').length === 1);
    expect(await tools.getAttribute("aria-expanded")).toBe("true");
    expect(await services.getAttribute("aria-expanded")).toBe("false");

    await page.getByRole("menuitem", { name: "Page analyzer" }).click();
    await page.waitForURL(`${baseUrl}/analyzer`);
    expect(await menus().count()).toBe(0);
    await page.close();
  });

  it("1280 px: a press before the menu's code arrives opens the menu when it arrives, unless Escape came first", async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/header-menu-radix*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const services = page.getByRole("banner").getByRole("button", { name: "Services" });

    await services.click();
    expect(await services.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await services.getAttribute("aria-expanded")).toBe("false");
    const [code] = await Promise.all([page.waitForResponse((r) => r.url().includes("header-menu-radix")), release()]);
    await code.finished();
    await expect.poll(() => services.getAttribute("id")).toMatch(/^radix-/);
    expect(await menus().count()).toBe(0);
    expect(await services.getAttribute("aria-expanded")).toBe("false");

    await services.click();
    await menus().waitFor();
    expect(await services.getAttribute("aria-expanded")).toBe("true");
    await page.close();
  });

  it("390 px: the phone menu is grouped, holds Blog and Audit studies (issue 16.17 label), every link ≥ 44 px tall, and closes on Escape", async () => {
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await dialog.waitFor();
    const nav = dialog.getByRole("navigation", { name: "Menu" });
    expect(await nav.getByRole("heading").allInnerTexts()).toEqual(["SERVICES", "SEO TOOLS", "COMPANY"]);
    await nav.getByRole("link", { name: "Blog" }).waitFor();
    await nav.getByRole("link", { name: "Audit studies" }).waitFor();
    const heights = await nav.getByRole("link").evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(15);
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    await dialog.getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(`${baseUrl}/blog`);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.close();
  });
});

describe("issue 16 point 11: one floating dock that leaves the page bottom free (real browser)", () => {
  const baseUrl = inject("baseUrl");
  it.each([1280, 390])("%i px: chat and marketing buttons share one dock, and the footer's last line ends above it", async (width) => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${baseUrl}/cases`, { waitUntil: "networkidle" });
      const dock = page.locator("[data-floating-dock]");
      await page.getByTestId("chat-button").waitFor();
      expect(await page.locator("[data-floating-dock]").count()).toBe(1);
      expect(await dock.getByTestId("chat-button").count()).toBe(1);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const dockBox = (await dock.boundingBox())!;
      const lastLine = (await page.locator("footer p").last().boundingBox())!;
      expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(dockBox.y);
    } finally {
      await browser.close();
    }
  });
});
