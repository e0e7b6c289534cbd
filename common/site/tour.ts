/**
 * Screenshots of the real Dedicated SEO Dashboard (issue 11 point 7), shown on /dsd-quick-tour (one
 * per step) and /dedicated-seo-dashboard (the first). Files under public/tour, written by
 * `node scripts/tour-shots.ts` from a seeded demo project's shared /dashboard/{id}.
 */
export const TOUR_IMAGES = [
  "/tour/step-1.webp",
  "/tour/step-2.webp",
  "/tour/step-3.webp",
  "/tour/step-4.webp",
  "/tour/step-5.webp",
] as const;

/** Size of each screenshot file, px (desktop shots 1280×800; the phone shot sits framed in the same box). */
export const TOUR_IMAGE_SIZE = { width: 1280, height: 800 } as const;
