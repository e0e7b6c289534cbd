import { Hono } from "hono";
import { isLanguage } from "../../common/i18n/languages.ts";
import { PAGE_BASE, PAGE_OFFSETS } from "../../common/site/ids.ts";
import { H } from "../../common/site/home-ids.ts";
import { loadTexts } from "../i18n/texts.server.ts";
import { loadPageTexts } from "../site/page-texts.server.ts";
import { renderOgPng } from "./og-image.server.ts";
import type { Services } from "../services.server.ts";
import { collectSitemapEntries } from "./sitemap-sources.server.ts";
import { languageSitemapXml, robotsTxt, sitemapIndexXml } from "./sitemap.server.ts";

/** "SEO services and SEO tools" (site.json): the eyebrow of a card whose page has none. */
const OG_EYEBROW = 34600;

/**
 * /robots.txt, /sitemap.xml (index), /sitemap-<lang>.xml and the Open Graph images
 * /og/<lang>/<key>.png (issue 4 "Our own SEO"). An image's key is a marketing screen or "home": its
 * title and eyebrow are texts in that language (issue 15: no English on a localized card).
 */
export function seoRoutes(services: Services): Hono {
  const app = new Hono();
  const origin = services.env.PUBLIC_ORIGIN.replace(/\/$/, "");
  const xml = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };
  app.get("/robots.txt", (c) => c.text(robotsTxt(origin), 200, { "cache-control": "public, max-age=3600" }));
  app.get("/sitemap.xml", (c) => c.body(sitemapIndexXml(origin), 200, xml));
  app.get("/:file{sitemap-[a-z]{2}\\.xml}", async (c) => {
    const lang = c.req.param("file").slice(8, 10);
    if (!isLanguage(lang)) return c.notFound();
    return c.body(languageSitemapXml(origin, lang, await collectSitemapEntries(services)), 200, xml);
  });
  app.get("/og/:lang/:file{[a-z0-9-]+\\.png}", async (c) => {
    const lang = c.req.param("lang");
    const key = c.req.param("file").slice(0, -4);
    if (!isLanguage(lang)) return c.notFound();
    let title: string;
    let eyebrow: string | undefined;
    if (key in PAGE_BASE) {
      const base = PAGE_BASE[key as keyof typeof PAGE_BASE];
      const texts = await loadPageTexts(services.db, lang, key);
      title = texts[base + PAGE_OFFSETS.h1] ?? key;
      eyebrow = texts[base + PAGE_OFFSETS.eyebrow];
    } else if (key === "home") {
      const texts = await loadTexts(services.db, lang, { ids: [H.h1, H.eyebrow] });
      title = texts[H.h1] ?? "Rankforge";
      eyebrow = texts[H.eyebrow];
    } else return c.notFound();
    eyebrow ??= (await loadTexts(services.db, lang, { ids: [OG_EYEBROW] }))[OG_EYEBROW] ?? "";
    const png = renderOgPng(`${lang}/${key}`, title, eyebrow, new URL(origin).host);
    return c.body(new Uint8Array(png), 200, { "content-type": "image/png", "cache-control": "public, max-age=86400" });
  });
  return app;
}
