/**
 * Screenshot a page in headless Chromium, for looking at what we build (developers' guide).
 * Usage: node scripts/screenshot.ts <url> <out.png> [width=1280] [height=900]
 * Set RF_VID to a signed visitor cookie value to see a guest's own projects.
 */
import { launchBrowser } from "../tests/helpers/browser.ts";

const [url, out, width, height] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: node scripts/screenshot.ts <url> <out.png> [width] [height]");
  process.exit(2);
}
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: Number(width ?? 1280), height: Number(height ?? 900) } });
if (process.env.RF_VID) await context.addCookies([{ name: "rf_vid", value: process.env.RF_VID, url }]);
const page = await context.newPage();
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
