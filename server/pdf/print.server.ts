/**
 * HTML → PDF in Chromium (issue 11 point 2: a report's PDF is its own HTML printed, so screen and
 * PDF share one template; issue 13 invoices). The HTML must be self-contained (inline CSS, inline
 * SVG charts, data: images): every network request of the page is refused, so printing can never
 * reach a user-given or internal address. One browser is kept per process and closed after
 * {@link IDLE_CLOSE_MS} without work.
 */
import type { Browser } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../lib/browser.server.ts";

/** A browser left idle this long (ms) is closed. */
export const IDLE_CLOSE_MS = 60_000;

let browser: Promise<Browser> | null = null;
let idle: NodeJS.Timeout | null = null;
let busy = 0;

async function acquire(): Promise<Browser> {
  busy++;
  if (idle) clearTimeout(idle);
  // playwright-core is loaded on the first PDF (~75 MB a web process that prints none should not hold, issue 14).
  browser ??= Promise.all([chromiumPath(), import("playwright-core")]).then(([executablePath, { chromium }]) =>
    chromium.launch({ executablePath, args: CHROMIUM_ARGS }),
  );
  try {
    return await browser;
  } catch (err) {
    browser = null;
    busy--;
    throw err;
  }
}

function release(): void {
  busy--;
  if (busy > 0) return;
  idle = setTimeout(() => {
    const b = browser;
    browser = null;
    void b?.then((x) => x.close());
  }, IDLE_CLOSE_MS);
  idle.unref();
}

/** Options of {@link printPdf}. */
export interface PrintOptions {
  /** A complete, self-contained HTML document. */
  html: string;
  format?: "A4" | "Letter";
  landscape?: boolean;
  /** Chromium header/footer templates (may use the classes pageNumber, totalPages, date, title). */
  footerTemplate?: string;
}

/**
 * Prints `html` to PDF bytes.
 * @throws Error when Chromium cannot start or the page cannot be printed.
 */
export async function printPdf(o: PrintOptions): Promise<Buffer> {
  const b = await acquire();
  const context = await b.newContext({ javaScriptEnabled: false, serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    await page.route("**/*", (route) => (route.request().url().startsWith("data:") ? route.continue() : route.abort()));
    await page.setContent(o.html, { waitUntil: "load" });
    const pdf = await page.pdf({
      format: o.format ?? "A4",
      landscape: o.landscape ?? false,
      printBackground: true,
      margin: { top: "16mm", bottom: "18mm", left: "14mm", right: "14mm" },
      displayHeaderFooter: !!o.footerTemplate,
      headerTemplate: "<span></span>",
      footerTemplate: o.footerTemplate ?? "<span></span>",
    });
    return Buffer.from(pdf);
  } finally {
    await context.close();
    release();
  }
}

/** Closes the shared browser now (graceful shutdown, tests). */
export async function closePdfBrowser(): Promise<void> {
  if (idle) clearTimeout(idle);
  const b = browser;
  browser = null;
  await (await b?.catch(() => null))?.close();
}
