import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../../server/lib/browser.server.ts";

/** Launches headless Chromium (never a downloaded browser) through playwright-core. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    args: CHROMIUM_ARGS.filter((a) => !a.startsWith("--headless")),
    headless: true,
  });
}
