/**
 * Takes the /dsd-quick-tour screenshots (also shown on /dedicated-seo-dashboard) from the real
 * Dedicated SEO Dashboard: builds the product if needed, starts it in this process on an empty
 * embedded database, seeds the demo project (scripts/demo-project.ts), opens its shared
 * /dashboard/{id} link in Chromium and writes public/tour/step-1.webp … step-5.webp (1280×800 WebP
 * through sharp): the top of the dashboard, the audit charts, search traffic and rankings, ranking
 * moves and page speed, and the phone view.
 * Usage: node scripts/tour-shots.ts [port]   (default 4310)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { Page } from "playwright-core";
import sharp from "sharp";
import type * as AppModule from "../server/app.ts";
import { launchBrowser } from "../tests/helpers/browser.ts";
import { seedDemoProject } from "./demo-project.ts";
import { ensureBuild } from "./ensure-build.ts";

const port = Number(process.argv[2] ?? 4310);
const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "public/tour");
const size = { width: 1280, height: 800 };
const webp = (png: Buffer, n: number) =>
  sharp(png)
    .resize(size.width, size.height, { fit: "cover", position: "top" })
    .webp({ quality: 74 })
    .toFile(path.join(outDir, `step-${n}.webp`));

ensureBuild();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rf-tour-"));
const origin = `http://127.0.0.1:${port}`;
const bundle = pathToFileURL(path.join(root, "build/server/index.js")).href;
const { createApp } = (await import(bundle)) as typeof AppModule;
const app = await createApp({
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  PUBLIC_ORIGIN: origin,
});
const server = createServer(getRequestListener(app.app.fetch));
await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

const { projectId, token } = await seedDemoProject(app.services);
const url = `${origin}/dashboard/${projectId}?token=${token}`;

/** Scrolls so the panel titled `title` sits just under the top edge. */
const scrollTo = (page: Page, title: string) =>
  page.evaluate((t) => {
    const h = [...document.querySelectorAll("h2")].find((x) => x.textContent?.trim() === t);
    if (!h) throw new Error(`no panel "${t}"`);
    window.scrollTo(0, window.scrollY + h.closest("section")!.getBoundingClientRect().top - 16);
  }, title);

const browser = await launchBrowser();
try {
  const desktop = await browser.newContext({ viewport: size });
  const page = await desktop.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url, { waitUntil: "networkidle" });
  await page.getByTestId("dashboard").waitFor();
  await webp(await page.screenshot(), 1);
  await scrollTo(page, "Issues by category");
  await webp(await page.screenshot(), 2);
  await scrollTo(page, "Search Console clicks and impressions");
  await webp(await page.screenshot(), 3);
  await scrollTo(page, "Ranking changes");
  await webp(await page.screenshot(), 4);
  if (errors.length) throw new Error(`console errors on the dashboard: ${errors.join("; ")}`);

  const phone = await browser.newContext({ viewport: { width: 375, height: 760 }, deviceScaleFactor: 2 });
  const mobile = await phone.newPage();
  await mobile.goto(url, { waitUntil: "networkidle" });
  const shot = await sharp(await mobile.screenshot())
    .resize({ height: 720 })
    .toBuffer();
  const framed = await sharp({ create: { ...size, channels: 3, background: "#111a2e" } })
    .composite([{ input: shot, gravity: "center" }])
    .png()
    .toBuffer();
  await webp(framed, 5);
  console.log(`wrote ${outDir}/step-1…5.webp from ${url}`);
} finally {
  await browser.close();
  server.close();
  await app.services.close();
  rmSync(dataDir, { recursive: true, force: true });
}
