/**
 * `npm run bench:lighthouse` (issue 4 "Speed and accessibility", issue 14.4): builds if needed, starts
 * the product on a free port with a fresh embedded database, and runs Lighthouse 13 (Debian chromium
 * or CHROME_PATH) on the main page, /autoseo, /analytics, a blog post (when the sitemap has one)
 * and /contacts, on mobile and desktop. Prints every category score and the JavaScript loaded
 * initially (bytes transferred, gzip). Targets: SEO, accessibility and best practices 100,
 * performance ≥ 98 on mobile, initial JS < 100 KB gzip. A benchmark, not a test: it never fails.
 *
 * Options (environment): LIGHTHOUSE_RUNS=n runs each page n times and prints the median of each
 * score (Lighthouse varies from run to run); LIGHTHOUSE_FORMS=mobile (or desktop) measures one form
 * only; LIGHTHOUSE_JSON_DIR=dir writes every report as dir/<form>-<page>-<run>.json to read the
 * LCP element, its phases and the other audits.
 *
 * Each page is fetched once before it is measured, as a visitor after the first one finds it: a
 * production server answers anonymous pages from its page cache (decision 0017), not with a cold
 * render of a process that has just started.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_ARGS, chromiumPath } from "../server/lib/browser.server.ts";
import { firstBlogPost, startProductServer } from "./product-server.ts";

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? "1") || 1);
const forms = (process.env.LIGHTHOUSE_FORMS ?? "mobile,desktop")
  .split(",")
  .filter((f): f is "mobile" | "desktop" => f === "mobile" || f === "desktop");
const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;
if (jsonDir) mkdirSync(jsonDir, { recursive: true });

const product = await startProductServer();
const { base } = product;
const post = await firstBlogPost(base);
const pages = ["/", "/autoseo", "/analytics", ...(post ? [post] : []), "/contacts"];
if (!post) console.log("(no blog post in the sitemap yet: skipped)");
for (const p of pages) await (await fetch(base + p)).text();

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const chrome = await chromeLauncher.launch({ chromePath: await chromiumPath(), chromeFlags: CHROMIUM_ARGS });
const cats = ["performance", "accessibility", "best-practices", "seo"] as const;
console.log(`\n${"page".padEnd(22)} ${"form".padEnd(8)} ${cats.map((c) => c.padStart(14)).join("")}  initial JS (gzip)`);
if (runs > 1) console.log(`(median of ${runs} runs; performance of each run in brackets)`);
try {
  for (const form of forms) {
    for (const p of pages) {
      const scores: Record<string, number[]> = Object.fromEntries(cats.map((c) => [c, []]));
      const failing = new Map<string, Set<string>>();
      let js = 0;
      for (let run = 1; run <= runs; run++) {
        const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...cats] };
        const result = await lighthouse(base + p, flags, form === "desktop" ? desktopConfig : undefined);
        const lhr = result!.lhr;
        if (jsonDir) {
          const slug = p.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
          writeFileSync(path.join(jsonDir, `${form}-${slug}-${run}.json`), JSON.stringify(lhr));
        }
        const items =
          (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ??
          [];
        js = items.filter((i) => i.resourceType === "Script").reduce((n, i) => n + (i.transferSize ?? 0), 0);
        for (const c of cats) {
          const cat = lhr.categories[c];
          scores[c]!.push(Math.round((cat?.score ?? 0) * 100));
          if (!cat || cat.score === 1) continue;
          for (const r of cat.auditRefs) {
            if (r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1) failing.set(c, (failing.get(c) ?? new Set()).add(r.id));
          }
        }
      }
      const cells = cats.map((c) => String(median(scores[c]!)).padStart(14)).join("");
      const each = runs > 1 ? `  [${scores.performance!.join(", ")}]` : "";
      console.log(`${p.padEnd(22)} ${form.padEnd(8)} ${cells}  ${(js / 1024).toFixed(1)} KB${each}`);
      for (const [c, ids] of failing) console.log(`${"".padEnd(31)}${c}: ${[...ids].join(", ")}`);
    }
  }
} finally {
  chrome.kill();
  await product.stop();
}
