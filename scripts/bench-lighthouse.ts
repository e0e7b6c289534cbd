/**
 * `npm run bench:lighthouse` (issue 4 "Speed and accessibility"): builds if needed, starts the
 * product on a free port with a fresh embedded database, and runs Lighthouse 13 (Debian chromium
 * or CHROME_PATH) on the main page, /autoseo, /analytics, a blog post (when the sitemap has one)
 * and /contacts, on mobile and desktop. Prints every category score and the JavaScript loaded
 * initially (bytes transferred, gzip). Targets: SEO, accessibility and best practices 100,
 * performance ≥ 95 on mobile, initial JS < 100 KB gzip. A benchmark, not a test: it never fails.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_ARGS, chromiumPath } from "../server/lib/browser.server.ts";
import { ensureBuild } from "./ensure-build.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = await new Promise<number>((resolve) => {
  const srv = createServer().listen(0, "127.0.0.1", () => {
    const p = (srv.address() as { port: number }).port;
    srv.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;

ensureBuild();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rf-lh-"));
const server = spawn(process.execPath, [path.join(root, "server/main.ts")], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_ORIGIN: base },
  stdio: ["ignore", "inherit", "inherit"],
});
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 360) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 250));
}

const sitemap = await (await fetch(`${base}/sitemap-en.xml`)).text();
const post = [...sitemap.matchAll(/<loc>([^<]+\/blog\/[^<]+)<\/loc>/g)]
  .map((m) => m[1]!)
  .find((u) => !/\/blog\/(category|tag|search)/.test(u));
const pages = ["/", "/autoseo", "/analytics", ...(post ? [new URL(post).pathname] : []), "/contacts"];
if (!post) console.log("(no blog post in the sitemap yet: skipped)");

const chrome = await chromeLauncher.launch({ chromePath: await chromiumPath(), chromeFlags: CHROMIUM_ARGS });
const cats = ["performance", "accessibility", "best-practices", "seo"] as const;
console.log(`\n${"page".padEnd(22)} ${"form".padEnd(8)} ${cats.map((c) => c.padStart(14)).join("")}  initial JS (gzip)`);
try {
  for (const form of ["mobile", "desktop"] as const) {
    for (const p of pages) {
      const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...cats] };
      const result = await lighthouse(base + p, flags, form === "desktop" ? desktopConfig : undefined);
      const lhr = result!.lhr;
      const items =
        (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ??
        [];
      const js = items.filter((i) => i.resourceType === "Script").reduce((n, i) => n + (i.transferSize ?? 0), 0);
      const scores = cats.map((c) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100)).padStart(14)).join("");
      console.log(`${p.padEnd(22)} ${form.padEnd(8)} ${scores}  ${(js / 1024).toFixed(1)} KB`);
      for (const c of cats) {
        const cat = lhr.categories[c];
        if (!cat || cat.score === 1) continue;
        const failing = cat.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => r.id);
        if (failing.length) console.log(`${"".padEnd(31)}${c}: ${failing.join(", ")}`);
      }
    }
  }
} finally {
  chrome.kill();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
