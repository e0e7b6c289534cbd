import { chromium, type Browser, type BrowserContextOptions } from "playwright-core";
import { CONSENT_COOKIE } from "../../common/consent.ts";
import { CHROMIUM_ARGS, chromiumPath } from "../../server/lib/browser.server.ts";

/** The cookie banner answer every new context starts with; "none" leaves the banner to the test (issue 9, decision 0015). */
export type ConsentState = "accepted" | "rejected" | "none";

/**
 * Launches headless Chromium (never a downloaded browser) through playwright-core. Every context it
 * opens starts as a visitor who already answered the cookie banner (`consent`, default "accepted"),
 * so the banner covers nothing a test clicks; tests/e2e/consent.test.ts passes "none".
 */
export async function launchBrowser(opts: { consent?: ConsentState } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    args: CHROMIUM_ARGS.filter((a) => !a.startsWith("--headless")),
    headless: true,
  });
  const consent = opts.consent ?? "accepted";
  if (consent === "none") return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    await context.addCookies(
      ["127.0.0.1", "localhost"].map((domain) => ({ name: CONSENT_COOKIE, value: consent, domain, path: "/", sameSite: "Lax" as const })),
    );
    return context;
  };
  browser.newPage = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // When the browser closes first, the context is already gone: nothing is left to close.
    page.once("close", () => context.close().catch(() => undefined));
    return page;
  };
  return browser;
}
