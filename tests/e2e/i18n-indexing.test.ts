import { describe, expect, inject, it } from "vitest";
import { DEFAULT_LANG, LANGUAGES, localizePath } from "../../common/i18n/languages.ts";
import { screens } from "../../common/screens.ts";
import { readContentFiles } from "../../server/content/files.server.ts";
import { auditForCli, type AuditReportJson } from "../../server/crawler/cli.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { attrOf, tagsOf, textsOf } from "../helpers/html-regex.ts";

const ALL = LANGUAGES.map((l) => l.code);
const bcp47 = new Map(LANGUAGES.map((l) => [l.code, l.bcp47]));

/** Languages each kind of document is written in, read from content/ (not from the code under test). */
const langsOf = (kind: "blog" | "legal" | "cases", slug?: string) => [
  ...new Set(
    readContentFiles(kind)
      .files.filter((f) => slug === undefined || f.slug === slug)
      .map((f) => f.lang),
  ),
];
const blogFiles = readContentFiles("blog").files;
const translatedPost = blogFiles.find((f) => f.lang !== DEFAULT_LANG)!.slug;
const englishOnlyPost = blogFiles.find((f) => blogFiles.filter((o) => o.slug === f.slug).length === 1)!.slug;
const aCase = readContentFiles("cases").files[0]!.slug;

/** A page under test: path without language, where its content exists, and whether its main content is interface text. */
interface Page {
  path: string;
  langs: string[];
  texts: boolean;
}

const CONTENT: Record<string, () => string[]> = {
  "routes/whatsnew.tsx": () => [DEFAULT_LANG],
  "routes/cases.tsx": () => langsOf("cases"),
  "routes/blog/index.tsx": () => langsOf("blog"),
};

const PAGES: Page[] = [
  { path: "/", langs: ALL, texts: true },
  ...screens
    .filter((s) => s.audience === "public" && s.layout === "site" && !s.noindex && !s.path.includes(":") && s.id !== "price-ai")
    .map((s) => {
      const content = s.module === "routes/legal.tsx" ? langsOf("legal", s.path) : CONTENT[s.module]?.();
      return { path: `/${s.path}`, langs: content ? ALL.filter((l) => content.includes(l)) : ALL, texts: !content };
    }),
  { path: `/blog/${translatedPost}`, langs: ALL.filter((l) => langsOf("blog", translatedPost).includes(l)), texts: false },
  { path: `/blog/${englishOnlyPost}`, langs: [DEFAULT_LANG], texts: false },
  { path: `/case/${aCase}`, langs: ALL.filter((l) => langsOf("cases", aCase).includes(l)), texts: false },
];

/** Head facts of one page version. */
interface Head {
  status: number;
  lang: string | null;
  title: string;
  description: string | null;
  robots: string | null;
  canonical: string | null;
  alternates: Record<string, string>;
}

async function head(url: string): Promise<Head> {
  const res = await fetch(url, { redirect: "manual" });
  const html = await res.text();
  const metas = tagsOf(html, "meta");
  const links = tagsOf(html, "link");
  const meta = (name: string) => metas.find((t) => attrOf(t, "name") === name);
  const alternates: Record<string, string> = {};
  for (const l of links)
    if (attrOf(l, "rel") === "alternate" && attrOf(l, "hreflang")) alternates[attrOf(l, "hreflang")!] = attrOf(l, "href")!;
  return {
    status: res.status,
    lang: attrOf(tagsOf(html, "html")[0] ?? "", "lang"),
    title: textsOf(html, "title")[0] ?? "",
    description: meta("description") ? attrOf(meta("description")!, "content") : null,
    robots: meta("robots") ? attrOf(meta("robots")!, "content") : null,
    canonical: (() => {
      const c = links.find((l) => attrOf(l, "rel") === "canonical");
      return c ? attrOf(c, "href") : null;
    })(),
    alternates,
  };
}

/** Runs `fn` over `items` with at most `n` at a time. */
async function pool<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

describe("issue 15 rule 3 — every public route in every language: lang, localized title and description, indexing follows completeness", () => {
  const baseUrl = inject("baseUrl");

  for (const page of PAGES) {
    it(`${page.path} in all ${ALL.length} languages (indexable in ${page.langs.length})`, { timeout: 180_000 }, async () => {
      const heads = await pool(ALL, 4, async (lang) => [lang, await head(baseUrl + localizePath(lang, page.path))] as const);
      const en = heads.find(([l]) => l === DEFAULT_LANG)![1];
      const expectedAlternates = Object.fromEntries([
        ...page.langs.map((l) => [bcp47.get(l)!, baseUrl + localizePath(l, page.path)]),
        ["x-default", baseUrl + localizePath(page.langs.includes(DEFAULT_LANG) ? DEFAULT_LANG : page.langs[0]!, page.path)],
      ]);
      for (const [lang, h] of heads) {
        const url = baseUrl + localizePath(lang, page.path);
        expect(h.status, url).toBe(200);
        expect(h.lang, url).toBe(bcp47.get(lang));
        expect(h.title, url).not.toBe("");
        expect(h.description, url).toBeTruthy();
        if (page.langs.includes(lang)) {
          expect(h.robots ?? "", url).not.toContain("noindex");
          expect(h.canonical, url).toBe(url);
          expect(h.alternates, url).toEqual(expectedAlternates);
          if (page.texts && lang !== DEFAULT_LANG) expect(h.description, `${url} description in its language`).not.toBe(en.description);
        } else {
          expect(h.robots, url).toContain("noindex");
          expect(h.canonical, url).toBe(baseUrl + localizePath(DEFAULT_LANG, page.path));
          expect(h.alternates, url).toEqual({});
        }
      }
      if (page.texts) {
        // A title may equal English where the word is the same in that language ("Support" in German); most must not.
        const english = heads.filter(([l, h]) => l !== DEFAULT_LANG && h.title === en.title).map(([l]) => l);
        expect(english.length, `${page.path}: title still English in ${english.join(", ")}`).toBeLessThanOrEqual(ALL.length / 4);
      }
    });
  }

  it(
    "each language's sitemap lists exactly the indexable versions of these pages, with their hreflang cluster",
    { timeout: 120_000 },
    async () => {
      for (const lang of ALL) {
        const xml = await (await fetch(`${baseUrl}/sitemap-${lang}.xml`)).text();
        const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
        for (const page of PAGES) {
          const url = baseUrl + localizePath(lang, page.path);
          expect(locs.has(url), `${url} in /sitemap-${lang}.xml`).toBe(page.langs.includes(lang));
        }
        for (const loc of locs) expect(loc.startsWith(baseUrl + localizePath(lang, "/").replace(/\/$/, ""))).toBe(true);
      }
    },
  );
});

describe("issue 15 — our own site audit of our running site (every language)", () => {
  it("finds no duplicate titles or descriptions across languages and no hreflang errors", { timeout: 600_000 }, async () => {
    const baseUrl = inject("baseUrl");
    // The main page, marketing, request and legal pages and a translated post, in every language and their clusters.
    const sample = "^https?://[^/]+(/[a-z]{2})?(/(autoseo|ssl|support|privacy-policy|blog/canonical-urls-done-right))?/?$";
    const settings = crawlSettingsSchema.parse({ maxPages: 1000, concurrency: 4, include: [sample] });
    const report = JSON.parse(await auditForCli(`${baseUrl}/`, { settings, allowPrivate: true, format: "json" })) as AuditReportJson;
    const prefixes = new Set(report.pages.map((p) => /^\/([a-z]{2})(?:\/|$)/.exec(new URL(p.url).pathname)?.[1] ?? DEFAULT_LANG));
    const bad = report.issues.filter((i) => /^(title-duplicate|meta-description-duplicate|hreflang-)/.test(i.check));
    expect(bad.map((i) => `${i.check} ${i.url}: ${i.details.message}`)).toEqual([]);
    expect(prefixes.size).toBe(ALL.length);
    // At least the main page, /autoseo, /ssl, /support and /privacy-policy in every language.
    expect(report.pages.length).toBeGreaterThanOrEqual(ALL.length * 5);
  });
});
