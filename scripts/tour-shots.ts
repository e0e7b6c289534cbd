/**
 * Takes the /dsd-quick-tour screenshots from the real product and writes them, optimised, to
 * public/tour/step-1.webp … step-5.webp (1280×800 WebP through sharp).
 * Usage: node scripts/tour-shots.ts <product base URL> <site to audit>
 * e.g. with `npm run serve` on :3103 and a test site served on loopback (ALLOW_PRIVATE_NETWORKS=1).
 */
import path from "node:path";
import sharp from "sharp";
import { launchBrowser } from "../tests/helpers/browser.ts";

const [base, site] = process.argv.slice(2);
if (!base || !site) {
  console.error("usage: node scripts/tour-shots.ts <base URL> <site URL>");
  process.exit(2);
}
const outDir = path.resolve(import.meta.dirname, "../public/tour");
const size = { width: 1280, height: 800 };
const webp = (png: Buffer, n: number) =>
  sharp(png)
    .resize(size.width, size.height, { fit: "cover", position: "top" })
    .webp({ quality: 78 })
    .toFile(path.join(outDir, `step-${n}.webp`));

const browser = await launchBrowser();
const desktop = await browser.newContext({ viewport: size });
const page = await desktop.newPage();
await page.goto(base, { waitUntil: "networkidle" });
await webp(await page.screenshot(), 1);

await page.fill("#start-domain", site);
await page.click("form[aria-label='Check your website'] button[type=submit]");
await page.waitForURL(/\/project\?idp=\d+/, { timeout: 30_000 });
await webp(await page.screenshot(), 2);

await page.getByTestId("analysis-report").waitFor({ timeout: 60_000 });
await page.waitForLoadState("networkidle");
await webp(await page.screenshot(), 3);

await page.evaluate(() => {
  const top = document.getElementById("issues-title")!.getBoundingClientRect().top;
  window.scrollTo(0, window.scrollY + top - 90);
});
await webp(await page.screenshot(), 4);

const phone = await browser.newContext({
  viewport: { width: 375, height: 760 },
  deviceScaleFactor: 2,
  storageState: await desktop.storageState(),
});
const mobile = await phone.newPage();
await mobile.goto(page.url(), { waitUntil: "networkidle" });
const shot = await sharp(await mobile.screenshot())
  .resize({ height: 720 })
  .toBuffer();
const framed = await sharp({ create: { ...size, channels: 3, background: "#111a2e" } })
  .composite([{ input: shot, gravity: "center" }])
  .png()
  .toBuffer();
await webp(framed, 5);
await browser.close();
console.log(`wrote ${outDir}/step-1…5.webp`);
