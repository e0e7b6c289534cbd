import { statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MARKETING } from "../../app/site/marketing-pages.ts";
import { TOUR_IMAGES, TOUR_IMAGE_SIZE } from "../../common/site/tour.ts";

const file = (src: string) => path.resolve(import.meta.dirname, "../../public", src.slice(1));

describe("issue 11 point 7 /dsd-quick-tour and /dedicated-seo-dashboard screenshots of the real dashboard", () => {
  it.each(TOUR_IMAGES)("%s exists under public/ as a small 1280×800 WebP", async (src) => {
    const meta = await sharp(file(src)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", TOUR_IMAGE_SIZE.width, TOUR_IMAGE_SIZE.height]);
    expect(statSync(file(src)).size).toBeLessThan(60_000);
  });

  it("/dedicated-seo-dashboard shows the tour's first screenshot", () => {
    expect(MARKETING["dedicated-seo-dashboard"]!.screenshot!.src).toBe(TOUR_IMAGES[0]);
  });
});
