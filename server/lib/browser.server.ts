import { existsSync } from "node:fs";

/** Chromium flags for headless runs on these machines (no sandbox as root, no background traffic). */
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The browser executable: CHROME_PATH, else Debian's /usr/bin/chromium, else the Chromium shipped
 * inside the npm package @sparticuz/chromium (unpacked to /tmp on first use).
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const { default: sparticuz } = await import("@sparticuz/chromium");
  return sparticuz.executablePath();
}
