import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

/**
 * Issue 10 end to end in a real browser against the built product, checking ranks with the local
 * SERP provider (SerpApi protocol, tests/e2e/setup.ts): sign up, add a site from /start, pick the
 * search engines in the /start step (/addengine/{ids}), add keywords on the rankings tab, "check
 * now", then move the product's clock a day ahead (/dev/clock), check again and see the history,
 * the change of position and the alert e-mail in the outbox. Screens looked at 1280 and 390 wide.
 */
describe("issue 10 end to end: engines and keywords → check → second day → history, position change, alert e-mail", () => {
  const baseUrl = inject("baseUrl");
  const siteOrigin = inject("siteOrigin");
  const serpOrigin = inject("serpOrigin");
  const stamp = Date.now();
  const email = `rank-${stamp}@example.com`;
  const alpha = `rank e2e alpha ${stamp}`;
  const beta = `rank e2e beta ${stamp}`;
  const shots = path.join(os.tmpdir(), "rank-e2e-shots");
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let idp = 0;
  let engineIds = "";
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
  });
  /** The rankings tab's status line (read from the DOM: an open modal popup hides it from the accessibility tree). */
  const statusLine = () => page.locator("main [role=status]");
  afterAll(async () => {
    // The server is shared with the other e2e files: its clock goes back to real time.
    await context?.request.post(`${baseUrl}/dev/clock`, { form: { days: "0" }, headers: { origin: baseUrl } });
    await browser?.close();
  });

  /** What the local provider answers for a keyword from now on: our page at `position`. */
  async function serpSays(keyword: string, slug: string, position: number | null) {
    const res = await fetch(`${serpOrigin}/local/scenario`, {
      method: "PUT",
      body: JSON.stringify({ keyword, url: `${siteOrigin}/${slug}`, position }),
    });
    expect(res.ok).toBe(true);
  }

  const row = (keyword: string) =>
    page.locator("[data-testid=rankings-table] tbody tr", { has: page.getByRole("rowheader", { name: keyword }) });

  /** Reloads the rankings tab until both keywords show the expected positions (the check runs as a job). */
  async function waitForPositions(expected: Record<string, string>) {
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/project/rankings?idp=${idp}`, { waitUntil: "domcontentloaded" });
          const out: Record<string, string> = {};
          for (const k of Object.keys(expected)) out[k] = (await row(k).getByTestId("position").innerText()).trim();
          return out;
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toEqual(expected);
  }

  it("signs up and adds the site from /start", async () => {
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
    const dialog = page.getByRole("dialog", { name: "Create your account" });
    await dialog.getByLabel("Your name").fill("Rita Ranks");
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByLabel("Password").fill("secret123");
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await dialog.getByRole("status").waitFor();
    let link = "";
    for (let attempt = 0; attempt < 40 && !link; attempt++) {
      await page.goto(`${baseUrl}/dev/outbox`, { waitUntil: "domcontentloaded" });
      const card = page.locator(`[data-testid=outbox-email][data-to="${email}"][data-template="verify-email"]`).first();
      if (await card.count())
        link = (await card.locator("ul a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))).find((h) =>
          h.includes("/api/auth/verify-email?token="),
        )!;
      else await new Promise((r) => setTimeout(r, 250));
    }
    await page.goto(link, { waitUntil: "networkidle" });

    await page.goto(`${baseUrl}/start`, { waitUntil: "networkidle" });
    const steps = page.getByTestId("onboarding").locator("li");
    expect(await steps.evaluateAll((ls) => ls.map((l) => l.getAttribute("data-step")))).toEqual([
      "add-site",
      "engines",
      "first-audit",
      "verify",
    ]);
    await page.locator("[data-step=add-site]").getByRole("link").click();
    await page.waitForURL(/\/addproject/);
    await page.locator("input[name=domain]").fill(siteOrigin);
    await page.locator("main button[type=submit]").click();
    await page.waitForURL(/\/project\?idp=\d+/, { timeout: 30_000 });
    idp = Number(new URL(page.url()).searchParams.get("idp"));
    expect(idp).toBeGreaterThan(0);
    // Spec 4: 2 s after the login state is known, the project page greets the new user (code 1) once.
    const welcome = page.getByRole("dialog").filter({ hasText: "Welcome to Rankforge!" });
    await welcome.waitFor({ timeout: 30_000 });
    await welcome.getByRole("button", { name: "Later" }).click();
    await welcome.waitFor({ state: "detached" });
  }, 120_000);

  it("spec 2 /start → /addengine/{ids}: the engines step is current, two engines are added, the step is done", async () => {
    await page.goto(`${baseUrl}/start`, { waitUntil: "networkidle" });
    const step = page.locator("[data-step=engines]");
    expect(await step.getAttribute("aria-current")).toBe("step");
    await step.getByRole("link").click();
    await page.waitForURL(new RegExp(`/addengine/new\\?idp=${idp}&from=start`));
    await page.screenshot({ path: path.join(shots, "addengine-new-1280.png"), fullPage: true });

    // Google, United States, English, desktop (the defaults).
    await page.getByRole("button", { name: "Add search engine" }).click();
    await page.waitForURL(/\/addengine\/\d+\?idp=\d+&added=\d+&from=start/);
    // Bing, United Kingdom (its language follows), mobile.
    await page.locator("select[name=engine]").selectOption("bing");
    await page.locator("select[name=country]").selectOption("GB");
    expect(await page.locator("select[name=language]").inputValue()).toBe("en");
    await page.locator("input[name=device][value=mobile]").check();
    await page.getByRole("button", { name: "Add search engine" }).click();
    await page.waitForURL(/\/addengine\/\d+,\d+\?idp=\d+&added=\d+&from=start/);
    engineIds = new URL(page.url()).pathname.split("/").pop()!;
    const engines = await page.getByTestId("engine-list").locator("li").allInnerTexts();
    expect(engines).toHaveLength(2);
    expect(engines[0]).toMatch(/^Google · United States · en · Whole country · Desktop/);
    expect(engines[1]).toMatch(/^Bing · United Kingdom · en · Whole country · Mobile/);
    await page.screenshot({ path: path.join(shots, "addengine-1280.png"), fullPage: true });

    await page.getByRole("link", { name: "Back to Get started" }).click();
    await page.waitForURL(/\/start$/);
    expect(await page.locator("[data-step=engines]").getAttribute("data-done")).toBe("1");
    await page.screenshot({ path: path.join(shots, "start-1280.png"), fullPage: true });
  });

  it("keywords added on the rankings tab, 'check now' against the local provider shows their positions", async () => {
    await serpSays(alpha, "alpha", 8);
    await serpSays(beta, "beta", 2);
    await page.goto(`${baseUrl}/addengine/${engineIds}?idp=${idp}`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Next: add keywords" }).click();
    await page.waitForURL(new RegExp(`/project/rankings\\?idp=${idp}`));
    expect(await page.getByTestId("live-status").innerText()).toContain("Live checks with SerpApi");
    await page.locator("textarea[name=keywords]").fill(`${alpha}\n${beta}\n${alpha}`);
    await page.locator("input[name=tags]").fill("e2e");
    await page.locator("form:has(textarea[name=keywords]) button[type=submit]").click();
    await expect.poll(() => statusLine().innerText(), { timeout: 60_000 }).toContain("2 keywords added");
    expect(await row(alpha).getByTestId("position").innerText()).toBe("Not checked yet");

    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Check now" }).click();
    await expect.poll(() => statusLine().innerText(), { timeout: 60_000 }).toContain("The check is queued");
    await waitForPositions({ [alpha]: "8", [beta]: "2" });
    expect(await row(alpha).locator("td a").first().getAttribute("href")).toBe(`${siteOrigin}/alpha`);
  }, 150_000);

  it("a second day (product clock a day ahead): positions move, the history has two days, the alert e-mail is in the outbox", async () => {
    await serpSays(alpha, "alpha", 2);
    await serpSays(beta, "beta", 15);
    await page.goto(`${baseUrl}/dev/clock`, { waitUntil: "networkidle" });
    const realDay = (await page.getByTestId("clock-now").innerText()).slice(0, 10);
    await page.getByLabel("Days ahead of real time").fill("1");
    await page.getByRole("button", { name: "Set the clock" }).click();
    await expect.poll(async () => (await page.getByTestId("clock-now").innerText()).slice(0, 10), { timeout: 30_000 }).not.toBe(realDay);
    const nextDay = (await page.getByTestId("clock-now").innerText()).slice(0, 10);

    await page.goto(`${baseUrl}/project/rankings?idp=${idp}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Check now" }).click();
    await expect.poll(() => statusLine().innerText(), { timeout: 30_000 }).toContain("The check is queued");
    await waitForPositions({ [alpha]: "2", [beta]: "15" });
    // Change over 1 day: alpha up 6, beta down 13; best positions so far.
    const cells = async (k: string) => (await row(k).locator("td").allInnerTexts()).map((c) => c.trim());
    expect((await cells(alpha)).slice(1, 2)).toEqual(["▲ 6"]);
    expect((await cells(beta)).slice(1, 2)).toEqual(["▼ 13"]);
    expect((await cells(alpha))[4]).toBe("2");
    expect((await cells(beta))[4]).toBe("2");

    // The history of alpha: its positions chart, two days, 8 then 2.
    await row(alpha).getByRole("link", { name: alpha }).click();
    await page.waitForURL(/&kw=\d+/);
    const history = () =>
      page
        .locator("section", { has: page.getByRole("heading", { name: "Positions over time" }) })
        .locator("tbody tr")
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim())));
    // The chart of the chosen keyword: one row a day.
    await expect.poll(history, { timeout: 30_000 }).toEqual([
      [realDay, "8"],
      [nextDay, "2"],
    ]);
    await page.screenshot({ path: path.join(shots, "rankings-1280.png"), fullPage: true });

    // The alert digest to the owner (category notifications), naming the moves, linking the tab.
    let card = page.locator("nothing");
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/dev/outbox`, { waitUntil: "domcontentloaded" });
          card = page.locator(`[data-testid=outbox-email][data-to="${email}"][data-template="message"]`).first();
          return card.count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    const text = await card.innerText();
    expect(text).toContain(`Ranking alerts for ${new URL(siteOrigin).host}`);
    expect(text).toContain(nextDay);
    expect(text).toContain("notifications");
    const links = await card.locator("ul a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(links).toContain(`${baseUrl}/project/rankings?idp=${idp}`);
    expect(consoleErrors).toEqual([]);
  }, 150_000);

  it("the screens fit a 390 px phone without horizontal scrolling", async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const [name, url] of [
      ["start", "/start"],
      ["addengine", `/addengine/${engineIds}?idp=${idp}&from=start`],
      ["rankings", `/project/rankings?idp=${idp}`],
      ["clock", "/dev/clock"],
    ] as const) {
      await phone.goto(baseUrl + url, { waitUntil: "networkidle" });
      await phone.screenshot({ path: path.join(shots, `${name}-390.png`), fullPage: true });
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      // On failure: the elements reaching furthest right (document coordinates).
      const wide = await phone.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .map((e) => ({ e, right: e.getBoundingClientRect().right + window.scrollX }))
          .filter((x) => x.right > window.innerWidth + 1)
          .sort((a, b) => b.right - a.right)
          .slice(0, 4)
          .map(({ e, right }) => `${e.tagName}.${String(e.className).slice(0, 60)} right=${Math.round(right)}`),
      );
      expect(overflow, `${name}: ${wide.join(" | ")}`).toBeLessThanOrEqual(0);
    }
    await phone.close();
  });
});
