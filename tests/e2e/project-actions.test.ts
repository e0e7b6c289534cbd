import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";

describe("projects list actions through one ProjectAction component: rename, move, delete (real browser)", () => {
  const baseUrl = inject("baseUrl");
  const siteOrigin = inject("siteOrigin");
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 390]) {
    it(`${width} px: a guest's project is renamed, then deleted after the confirmation`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
      await page.fill("#start-domain", `${siteOrigin}/`);
      await page.click("form[aria-label='Check my website'] button[type=submit]");
      await page.waitForURL(/\/project\?idp=\d+$/, { timeout: 30_000 });
      const idp = new URL(page.url()).searchParams.get("idp")!;
      await page.goto(`${baseUrl}/project`, { waitUntil: "networkidle" });
      const row = page.locator(`[data-testid=project-row][data-idp="${idp}"]`);

      await row.getByText("Rename", { exact: true }).click();
      await row.getByLabel("New name").fill(`Client site ${width}`);
      await row.getByTestId("rename-form").getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "The project was renamed." }).waitFor();
      // The list refreshes itself while the audit runs: wait for the renamed row.
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(`Client site ${width}`);

      expect(await row.getByTestId("move-form").locator("input[name=intent]").inputValue()).toBe("move");
      await row.getByText("Delete", { exact: true }).click();
      const del = row.getByTestId("delete-form");
      await del.getByRole("button", { name: "Delete the project" }).click();
      // The confirmation box is required: nothing was deleted yet.
      expect(await page.locator(`[data-testid=project-row][data-idp="${idp}"]`).count()).toBe(1);
      await del.getByLabel("I understand").check();
      await del.getByRole("button", { name: "Delete the project" }).click();
      await page.getByRole("status").filter({ hasText: "The project was deleted." }).waitFor();
      await expect.poll(() => page.locator(`[data-testid=project-row][data-idp="${idp}"]`).count(), { timeout: 15_000 }).toBe(0);
      await context.close();
    });
  }
});
