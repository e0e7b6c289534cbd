import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../common/i18n/languages.ts";
import { inPreloadArea, LAZY_IMAGE } from "../../app/components/lazy-image.tsx";
import { breadcrumbLd, faqLd, localBusinessLd, organizationLd, productLd, type CompanyInfo } from "../../common/site/json-ld.ts";
import { monthlyCents, termLabel } from "../../common/site/plans.ts";
import { makeT, series } from "../../common/site/text.ts";
import { fill } from "../../common/i18n/message.ts";
import { languageSitemapXml, robotsTxt, sitemapIndexXml } from "../../server/seo/sitemap.server.ts";
import { collectSitemapEntries, registerSitemapSource, screenEntries } from "../../server/seo/sitemap-sources.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

const origin = "https://rankforge.test";

describe("issue 4 our own SEO — robots.txt and sitemaps", () => {
  it("robots.txt allows the site, keeps crawlers out of the API and names the sitemap index", () => {
    const txt = robotsTxt(origin);
    expect(txt).toMatch(/^User-agent: \*$/m);
    expect(txt).toMatch(/^Disallow: \/api\/$/m);
    expect(txt).toMatch(/^Sitemap: https:\/\/rankforge\.test\/sitemap\.xml$/m);
  });

  it("the sitemap index lists one sitemap per supported language", () => {
    const xml = sitemapIndexXml(origin);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(LANGUAGES.map((l) => `${origin}/sitemap-${l.code}.xml`));
  });

  it("the screen source lists public indexable screens only: no account, noindex or parameterised routes", async () => {
    const paths = screenEntries({}).map((e) => e.path);
    expect(paths).toContain("/");
    expect(paths).toContain("/autoseo");
    expect(paths).toContain("/contacts");
    expect(paths).not.toContain("/settings");
    expect(paths).not.toContain("/thank-you-serp-simulator");
    expect(paths).not.toContain("/video-message");
    expect(paths).toContain("/price");
    expect(paths).not.toContain("/price-ai");
    expect(paths.some((p) => p.includes(":"))).toBe(false);
  });

  it("a language sitemap gives each URL reciprocal hreflang alternates and x-default", () => {
    const xml = languageSitemapXml(origin, "ua", [{ path: "/autoseo" }, { path: "/blog/only-en-de", langs: ["en", "de"] }]);
    expect(xml).toContain(`<loc>${origin}/ua/autoseo</loc>`);
    expect(xml).not.toContain("only-en-de");
    const urls = xml.split("<url>").slice(1);
    expect(urls).toHaveLength(1);
    for (const l of LANGUAGES) {
      const href = l.code === "en" ? `${origin}/autoseo` : `${origin}/${l.code}/autoseo`;
      expect(urls[0]).toContain(`hreflang="${l.bcp47}" href="${href}"`);
    }
    expect(urls[0]).toContain(`hreflang="x-default" href="${origin}/autoseo"`);
    const de = languageSitemapXml(origin, "de", [{ path: "/blog/only-en-de", langs: ["en", "de"], lastmod: "2026-11-01" }]);
    expect(de).toContain(`<loc>${origin}/de/blog/only-en-de</loc><lastmod>2026-11-01</lastmod>`);
    expect(de).toContain(`hreflang="en" href="${origin}/blog/only-en-de"`);
    expect(de).not.toContain('hreflang="fr"');
  });
});

describe("issue 4 / issue 15 rule 3 — sitemap sources merged on a real database", () => {
  let s: Services;
  beforeAll(async () => {
    s = await startTestServices("pglite");
  }, 180_000);
  afterAll(() => s?.close());

  it("registered sources (e.g. the blog) are merged into the sitemap, one entry per path, languages intersected", async () => {
    registerSitemapSource(async () => [
      { path: "/blog/a-post", langs: ["en"] },
      { path: "/autoseo" },
      { path: "/contacts", langs: ["en", "de"] },
    ]);
    const entries = await collectSitemapEntries(s);
    expect(entries.filter((e) => e.path === "/autoseo")).toHaveLength(1);
    expect(entries.find((e) => e.path === "/autoseo")?.langs).toEqual(LANGUAGES.map((l) => l.code));
    expect(entries.find((e) => e.path === "/blog/a-post")?.langs).toEqual(["en"]);
    expect(entries.find((e) => e.path === "/contacts")?.langs).toEqual(["en", "de"]);
  });
});

const company: CompanyInfo = {
  name: "Rankforge",
  legalName: "Rankforge LLC",
  origin,
  email: "hello@rankforge.test",
  phone: "+380 44 300 12 34",
  street: "Khreshchatyk St 22",
  city: "Kyiv",
  postalCode: "01001",
  country: "UA",
  lat: 50.4475,
  lng: 30.5227,
};

describe("issue 4 our own SEO — JSON-LD", () => {
  it("Organization and LocalBusiness describe the Kyiv office with coordinates", () => {
    const org = organizationLd(company, "SEO services");
    expect(org["@type"]).toBe("Organization");
    expect(org.address.addressLocality).toBe("Kyiv");
    const lb = localBusinessLd(company, `${origin}/contacts`);
    expect(lb.geo).toEqual({ "@type": "GeoCoordinates", latitude: 50.4475, longitude: 30.5227 });
    expect(lb.address.addressCountry).toBe("UA");
  });

  it("BreadcrumbList numbers its items from 1; FAQPage holds the shown questions", () => {
    const bc = breadcrumbLd([
      { name: "Home", url: `${origin}/` },
      { name: "AutoSEO", url: `${origin}/autoseo` },
    ]);
    expect(bc.itemListElement.map((i) => i.position)).toEqual([1, 2]);
    const faq = faqLd([{ q: "Can I cancel?", a: "Yes." }]);
    expect(faq.mainEntity[0]).toEqual({ "@type": "Question", name: "Can I cancel?", acceptedAnswer: { "@type": "Answer", text: "Yes." } });
  });

  it("Product has one USD Offer per plan with the price from the plan", () => {
    const plan = {
      productKey: "autoseo-12m",
      package: "autoseo",
      tier: "",
      months: 12,
      days: 360,
      priceCents: 89100,
      regularCents: 118800,
      discountPercent: 25,
      bestDeal: true,
      link: "/price?plan=autoseo-12m",
    };
    const p = productLd({
      name: "AutoSEO",
      description: "d",
      url: `${origin}/autoseo`,
      image: `${origin}/og/en/autoseo.png`,
      origin,
      plans: [plan],
      planName: () => "AutoSEO — 12 months",
    });
    expect(p.offers).toEqual([
      expect.objectContaining({
        "@type": "Offer",
        price: "891.00",
        priceCurrency: "USD",
        sku: "autoseo-12m",
        url: `${origin}/price?plan=autoseo-12m`,
      }),
    ]);
  });
});

describe("issue 4 — texts and plans helpers (spec 9 plural rules, spec 3 terms)", () => {
  const t = makeT({ 30011: "{n} месяц", 30012: "{n} месяца", 30013: "{n} месяцев", 30014: "{n} месяца", 30017: "{n} дней" });
  it("term labels follow the language's plural rules", () => {
    expect(termLabel(t, "ru", { months: 1, days: 30 })).toBe("1 месяц");
    expect(termLabel(t, "ru", { months: 3, days: 90 })).toBe("3 месяца");
    expect(termLabel(t, "ru", { months: 12, days: 360 })).toBe("12 месяцев");
    expect(termLabel(t, "ru", { months: 0, days: 14 })).toBe("14 дней");
  });
  it("monthly equivalent of a 12-month AutoSEO plan is 74.25 USD", () => {
    expect(monthlyCents({ months: 12, priceCents: 89100 })).toBe(7425);
  });
  it("series reads consecutive pairs until a gap; fill replaces placeholders", () => {
    expect(series({ 10: "a", 11: "b", 12: "c", 13: "d", 16: "e" }, 10, 2, 5)).toEqual([
      [10, 11],
      [12, 13],
    ]);
    expect(fill("Save {n}%", { n: 25 }, "en")).toBe("Save 25%");
  });
});

describe("spec 2 global page behaviour — lazy images", () => {
  it("uses preload ratio 1.3, one attempt, threshold 0.1", () => {
    expect(LAZY_IMAGE).toEqual({ preloadRatio: 1.3, attempts: 1, threshold: 0.1 });
  });
  it("an image loads when it is within 1.3 viewport heights", () => {
    expect(inPreloadArea(1000, 1200, 800)).toBe(true);
    expect(inPreloadArea(1050, 1200, 800)).toBe(false);
    expect(inPreloadArea(-400, -200, 800)).toBe(true);
    expect(inPreloadArea(-600, -300, 800)).toBe(false);
  });
});
