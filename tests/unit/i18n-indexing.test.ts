import { describe, expect, it } from "vitest";
import { DEFAULT_LANG, LANGUAGES } from "../../common/i18n/languages.ts";
import { indexableLanguages, moduleContentLanguages, pageIndexing, screenTextGroups } from "../../common/i18n/indexing.ts";
import { screens } from "../../common/screens.ts";
import { readTextFiles } from "../../server/db/seed.server.ts";
import { languageSitemapXml } from "../../server/seo/sitemap.server.ts";
import { screenEntries } from "../../server/seo/sitemap-sources.server.ts";

const ALL = LANGUAGES.map((l) => l.code);
const englishGroups = new Set(
  readTextFiles()
    .filter((r) => r.lang === DEFAULT_LANG)
    .map((r) => r.group),
);

describe("issue 15 rule 3 — indexing follows completeness, page by page", () => {
  it("every public indexable screen's text groups exist in the English texts", () => {
    for (const s of screens.filter((x) => x.audience === "public" && !x.noindex)) {
      for (const g of screenTextGroups(s)) expect(englishGroups.has(g), `${s.id}: group ${g}`).toBe(true);
    }
    expect(screenTextGroups(undefined)).toEqual(["common", "site"]);
    expect(screenTextGroups(screens.find((s) => s.id === "autoseo"))).toEqual(["common", "site", "page:site", "page:autoseo"]);
  });

  it("a page is indexable only where all its text groups are complete and its content exists", () => {
    const gaps = { "page:autoseo": ["fr", "jp"], tools: ALL.slice(1) };
    const autoseo = indexableLanguages({ groups: ["common", "site", "page:site", "page:autoseo"], gaps });
    expect(autoseo).toHaveLength(ALL.length - 2);
    expect(autoseo).not.toContain("fr");
    expect(autoseo).not.toContain("jp");
    expect(indexableLanguages({ groups: ["common"], gaps, content: [["en", "de", "xx"], undefined, ["de", "en"]] })).toEqual(["en", "de"]);
    expect(moduleContentLanguages(screens.find((s) => s.id === "whatsnew"))).toEqual(["en"]);
    expect(moduleContentLanguages(screens.find((s) => s.id === "autoseo"))).toBeUndefined();
  });

  it("an indexable version is self-canonical in a cluster of the indexable versions; a fallback is noindex with an English canonical", () => {
    expect(pageIndexing("de", ["en", "de", "ru"])).toEqual({
      indexable: true,
      canonicalLang: "de",
      alternates: ["en", "de", "ru"],
      xDefault: "en",
    });
    expect(pageIndexing("fr", ["en", "de", "ru"])).toEqual({ indexable: false, canonicalLang: "en", alternates: [], xDefault: "en" });
    expect(pageIndexing("en", ["ru"])).toEqual({ indexable: false, canonicalLang: "ru", alternates: [], xDefault: "ru" });
  });

  it("the sitemaps list each screen only in its indexable languages, with exactly those alternates", () => {
    const entries = screenEntries({ "page:autoseo": ["fr"] });
    expect(entries.find((e) => e.path === "/autoseo")!.langs).not.toContain("fr");
    expect(entries.find((e) => e.path === "/whatsnew")!.langs).toEqual(["en"]);
    expect(entries.find((e) => e.path === "/")!.langs).toEqual(ALL);
    const origin = "https://rankforge.test";
    const fr = languageSitemapXml(origin, "fr", entries);
    expect(fr).toContain(`<loc>${origin}/fr/fullseo</loc>`);
    expect(fr).not.toContain(`<loc>${origin}/fr/autoseo</loc>`);
    expect(fr).not.toContain(`<loc>${origin}/fr/whatsnew</loc>`);
    const de = languageSitemapXml(origin, "de", entries);
    const autoseo = de.split("<url>").find((u) => u.includes(`<loc>${origin}/de/autoseo</loc>`))!;
    expect(autoseo).not.toContain('hreflang="fr"');
    expect(autoseo).toContain(`hreflang="x-default" href="${origin}/autoseo"`);
  });
});
