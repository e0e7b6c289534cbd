import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

/**
 * Issue 5 accounts in a real browser against the built product: sign up, confirm the e-mail from
 * the development outbox, sign out and in, change settings, delete the account and restore it
 * (spec 4: success alert then reload after 3 s; a failed restore opens popup type 10).
 */
describe("issue 5 accounts: sign up, sign in, settings, delete and restore (real browser)", () => {
  const baseUrl = inject("baseUrl");
  const email = `e2e-${Date.now()}@example.com`;
  const password = "correct-horse";
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Waits for a locator to be visible and returns its text. */
  async function textOf(locator: Locator): Promise<string> {
    await locator.waitFor({ timeout: 10_000 });
    return locator.innerText();
  }

  /** The newest link of a template's e-mail to the test address, from /dev/outbox. */
  async function outboxLink(template: string, pattern: RegExp): Promise<string> {
    for (let attempt = 0; attempt < 40; attempt++) {
      await page.goto(`${baseUrl}/dev/outbox`, { waitUntil: "domcontentloaded" });
      const card = page.locator(`[data-testid=outbox-email][data-to="${email}"][data-template="${template}"]`).first();
      if (await card.count()) {
        const hrefs = await card.locator("ul a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
        const link = hrefs.find((h) => pattern.test(h));
        if (link) return link;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no ${template} e-mail for ${email}`);
  }

  it("signs up from the header dialog and confirms the e-mail from the outbox link", async () => {
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
    const dialog = page.getByRole("dialog", { name: "Create your account" });
    await dialog.getByLabel("Your name").fill("Edith Tester");
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Sign up" }).click();
    expect(await textOf(dialog.getByRole("status"))).toContain("confirmation link");

    const link = await outboxLink("verify-email", /\/api\/auth\/verify-email\?token=/);
    await page.goto(link, { waitUntil: "networkidle" });
    // Issue 16 point 13: the confirmation opens the welcome step on the projects screen.
    expect(new URL(page.url()).pathname).toBe("/project");
    expect(await textOf(page.getByTestId("welcome"))).toContain("your e-mail address is confirmed");
    await page.goto(`${baseUrl}/settings`, { waitUntil: "networkidle" });
    expect((await textOf(page.getByTestId("settings-email"))).trim()).toBe(email);
  });

  it("signs out and signs in again from the header", async () => {
    await page.getByRole("banner").getByLabel("Edith Tester").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByLabel("Password").fill("wrong-password");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    expect((await textOf(dialog.getByRole("alert"))).trim()).toBe("The e-mail or password is not correct.");
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("settings-email").waitFor();
    expect((await textOf(page.getByTestId("settings-email"))).trim()).toBe(email);
  });

  it("changes the profile and notification settings, which persist after a reload", async () => {
    const profile = page.getByRole("form", { name: "Profile" });
    await profile.getByLabel("Your name").fill("Edith Q. Tester");
    await profile.getByLabel("Company").fill("Tester GmbH");
    await profile.getByRole("button", { name: "Save changes" }).click();
    expect((await textOf(profile.getByRole("status"))).trim()).toBe("Your changes are saved.");
    const prefs = page.getByRole("form", { name: "E-mail notifications" });
    await prefs.getByLabel("News and offers").uncheck();
    await prefs.getByRole("button", { name: "Save changes" }).click();
    expect((await textOf(prefs.getByRole("status"))).trim()).toBe("Your changes are saved.");

    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByRole("form", { name: "Profile" }).getByLabel("Your name").inputValue()).toBe("Edith Q. Tester");
    expect(await page.getByRole("form", { name: "Profile" }).getByLabel("Company").inputValue()).toBe("Tester GmbH");
    expect(await page.getByRole("form", { name: "E-mail notifications" }).getByLabel("News and offers").isChecked()).toBe(false);
    expect(await page.getByRole("form", { name: "E-mail notifications" }).getByLabel("Report e-mails").isChecked()).toBe(true);
  });

  it("deletes the account; a wrong password opens popup 10, the right one restores it with the alert and a reload", async () => {
    await page.getByRole("button", { name: "Delete account" }).click();
    await page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Yes, delete my account" }).click();
    expect((await textOf(page.getByRole("status"))).trim()).toBe("Your account has been deleted.");

    const restore = page.getByRole("form", { name: "Restore account" });
    await restore.getByLabel("E-mail").fill(email);
    await restore.getByLabel("Password").fill("not-my-password");
    await restore.getByRole("button", { name: "Restore account" }).click();
    const failed = page.locator("[role=dialog][data-popup-type='10']");
    await failed.waitFor({ timeout: 15_000 });
    await page.keyboard.press("Escape");
    await failed.waitFor({ state: "detached" });

    const again = page.getByRole("form", { name: "Restore account" });
    await again.getByLabel("E-mail").fill(email);
    await again.getByLabel("Password").fill(password);
    await again.getByRole("button", { name: "Restore account" }).click();
    const alert = page.getByTestId("account-alert");
    expect(await textOf(alert)).toContain("Success!");
    expect(await textOf(alert)).toContain("Your account has been successfully recovery!");
    await page.waitForEvent("load", { timeout: 10_000 });
    await page.getByTestId("settings-email").waitFor();
    expect(await page.getByRole("form", { name: "Profile" }).getByLabel("Your name").inputValue()).toBe("Edith Q. Tester");
  });

  it("resets a forgotten password from the sign-in dialog through the e-mailed link", async () => {
    await page.getByRole("banner").getByLabel("Edith Q. Tester").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset your password" });
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    expect(await textOf(dialog.getByRole("status"))).toContain("If an account exists");

    await page.goto(await outboxLink("reset-password", /\/api\/auth\/reset-password\//), { waitUntil: "networkidle" });
    expect(new URL(page.url()).searchParams.has("token")).toBe(true);
    const form = page.getByRole("form", { name: "Choose your password" });
    await form.getByLabel("New password").fill("brand-new-pass");
    await form.getByRole("button", { name: "Save password" }).click();
    expect((await textOf(page.getByRole("status"))).trim()).toBe("Your password is saved. You can now sign in.");
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("E-mail").fill(email);
    await signIn.getByLabel("Password").fill("brand-new-pass");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    expect((await textOf(page.getByTestId("settings-email"))).trim()).toBe(email);
  });
});
