import { existsSync } from "node:fs";
import type { Browser, BrowserContext, LaunchOptions } from "playwright-core";

/** Chromium flags for headless runs on these machines (no sandbox as root, no background traffic, no WebRTC leaks). */
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--dns-prefetch-disable",
  "--force-webrtc-ip-handling-policy",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
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

/**
 * A proxy that answers nothing: every connection the guarded browser would open itself (anything
 * request interception does not see) goes here and fails. Port 9 ("discard") on a TEST-NET-1
 * address (RFC 5737), which is never routed.
 */
const DEAD_PROXY = "http://192.0.2.1:9";

/**
 * Launch options of a Chromium whose page content may be hostile (issue 9 finding 1): every
 * connection it would make itself, loopback included, is sent to a dead proxy. The only way out
 * is {@link guardContext}'s interception, which answers through the SSRF guard.
 */
export async function guardedLaunchOptions(): Promise<LaunchOptions> {
  return { executablePath: await chromiumPath(), args: CHROMIUM_ARGS, proxy: { server: DEAD_PROXY, bypass: "<-loopback>" } };
}

/** Launches a guarded Chromium (see {@link guardedLaunchOptions}). */
export async function launchGuardedBrowser(): Promise<Browser> {
  // Loaded on the first launch: ~75 MB a web process that renders nothing should not hold (issue 14).
  const { chromium } = await import("playwright-core");
  return chromium.launch(await guardedLaunchOptions());
}

/** What a guarded sub-request is answered with; null refuses it. */
export interface GuardedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Options of {@link guardContext}. */
export interface GuardOptions {
  /** The rendered document: requests for `url` as a document are answered with `body` (already fetched). */
  document: { url: string; body: Buffer; contentType: string | null };
  /** Fetches a sub-resource through the SSRF guard; null (or a throw) refuses it. */
  fetch(url: string): Promise<GuardedAnswer | null>;
}

/**
 * The one Chromium request interception (issue 8 item 2, issue 9 finding 1) for every renderer:
 * the document comes from the bytes already fetched; every other GET over http(s) of every page,
 * frame and worker of the context is fetched by `opts.fetch` (the SSRF guard); other methods
 * (beacons, form posts) and schemes are refused; WebSockets are closed without ever connecting.
 * Service workers are blocked when the context is created (`serviceWorkers: "block"`).
 */
export async function guardContext(context: BrowserContext, opts: GuardOptions): Promise<void> {
  await context.routeWebSocket(/.*/, (ws) => ws.close({ code: 1008, reason: "Blocked" }));
  await context.route("**/*", async (route) => {
    const req = route.request();
    if (req.url() === opts.document.url && req.resourceType() === "document") {
      return route.fulfill({ status: 200, body: opts.document.body, contentType: opts.document.contentType ?? "text/html" });
    }
    if (!/^https?:/.test(req.url()) || req.method() !== "GET") return route.abort("blockedbyclient");
    const answer = await opts.fetch(req.url()).catch(() => null);
    if (!answer) return route.abort("blockedbyclient");
    const headers = { ...answer.headers };
    delete headers["content-encoding"];
    delete headers["content-length"];
    return route.fulfill({ status: answer.status, headers, body: answer.body });
  });
}
