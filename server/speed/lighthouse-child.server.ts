/**
 * One speed test's Lighthouse runs, in a child process of the worker (issue 12.1): one Chromium,
 * its traffic through the SSRF guard proxy, N runs on mobile then N on desktop, each result (the
 * LHR JSON as Lighthouse writes it) saved as `<dir>/<formFactor>-<i>.json`; hosts the guard refused
 * go to `<dir>/blocked.json`. A separate process keeps Lighthouse's memory and global state out of
 * the worker and lets the worker bound how many run at once.
 *
 * Usage: node lighthouse-child.server.ts '{"url":…,"runs":3,"allowPrivate":false,"dir":…}'
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_ARGS, chromiumPath } from "../lib/browser.server.ts";
import { startGuardProxy, proxyFlags } from "./guard-proxy.server.ts";
import { CATEGORIES, FORM_FACTORS } from "./model.ts";

/** Arguments of the child, one JSON argument. */
export interface ChildArgs {
  url: string;
  runs: number;
  allowPrivate: boolean;
  dir: string;
  /** Lighthouse's page-load deadline per run, ms. */
  maxWaitForLoad?: number;
}

async function main(args: ChildArgs): Promise<void> {
  const proxy = await startGuardProxy({ allowPrivate: args.allowPrivate });
  const chrome = await chromeLauncher.launch({
    chromePath: await chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS, ...proxyFlags(proxy.address)],
  });
  try {
    for (const form of FORM_FACTORS) {
      for (let i = 0; i < args.runs; i++) {
        const flags: Flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          maxWaitForLoad: args.maxWaitForLoad ?? 45_000,
        };
        let lhr: unknown;
        try {
          const result = await lighthouse(args.url, flags, form === "desktop" ? desktopConfig : undefined);
          lhr = result?.lhr ?? { runtimeError: { code: "NO_RESULT", message: "Lighthouse returned no result" } };
        } catch (err) {
          lhr = { runtimeError: { code: "LIGHTHOUSE_ERROR", message: err instanceof Error ? err.message : String(err) } };
        }
        writeFileSync(path.join(args.dir, `${form}-${i}.json`), JSON.stringify(lhr));
      }
    }
  } finally {
    writeFileSync(path.join(args.dir, "blocked.json"), JSON.stringify(proxy.blocked));
    chrome.kill();
    await proxy.close();
  }
}

await main(JSON.parse(process.argv[2] ?? "{}") as ChildArgs);
