import { englishCheckTexts } from "../../server/audit/check-texts.server.ts";
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderChecksDoc } from "../../server/audit/checks-doc.ts";
import { compareAudits } from "../../server/audit/compare.ts";
import { extractAuditPage } from "../../server/audit/extract.ts";
import { linkScores, pageRank } from "../../server/audit/graph.ts";
import { healthScore } from "../../server/audit/health.ts";
import type { AuditPage, SiteIssue } from "../../server/audit/model.ts";
import { auditCatalogue } from "../../server/audit/run.ts";
import { NEAR_DUPLICATE_BITS, hammingDistance, simhash } from "../../server/audit/simhash.ts";

const JENA = new URL("../../../shared/testdata/sites/jena-apache-org/", import.meta.url);

describe("issue 3: check catalogue and docs/checks.md", () => {
  it("has at least 120 distinct checks in at least 12 categories, each explained", () => {
    const list = auditCatalogue();
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(120);
    expect(new Set(list.map((c) => c.category)).size).toBeGreaterThanOrEqual(12);
    for (const c of list) {
      expect(c.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      const en = englishCheckTexts();
      expect(en.title(c.id).length && en.why(c.id).length && en.fix(c.id).length).toBeGreaterThan(0);
    }
  });
  it("the committed docs/checks.md is up to date (npm run checks:doc)", () => {
    expect(readFileSync(new URL("../../docs/checks.md", import.meta.url), "utf8")).toBe(renderChecksDoc());
  });
});

describe("issue 3: simhash near-duplicate detection on real pages", () => {
  const texts = readdirSync(new URL("documentation/", JENA), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".html"))
    .slice(0, 40)
    .map(
      (f) =>
        extractAuditPage(readFileSync(new URL(`documentation/${f}`, JENA)), {
          url: `https://jena.apache.org/documentation/${f}`,
          headers: { "content-type": "text/html" },
        }).facts!,
    )
    .filter((f) => f.wordCount >= 300);

  it("an identical text hashes the same and a one-word edit stays within the near-duplicate distance", () => {
    expect(texts.length).toBeGreaterThan(5);
    for (const f of texts) {
      expect(f.simhash).toMatch(/^[0-9a-f]{16}$/);
      expect(f.textHash).toMatch(/^[0-9a-f]{40}$/);
    }
    const base = "The quick brown fox jumps over the lazy dog near the river bank today. ".repeat(30);
    const edited = base.replace("lazy dog near", "lazy cat near");
    expect(hammingDistance(simhash(base), simhash(base))).toBe(0);
    expect(hammingDistance(simhash(base), simhash(edited))).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS);
  });
  it("different documentation pages are far apart", () => {
    let min = 64;
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++)
        if (texts[i]!.textHash !== texts[j]!.textHash) min = Math.min(min, hammingDistance(texts[i]!.simhash, texts[j]!.simhash));
    expect(min).toBeGreaterThan(NEAR_DUPLICATE_BITS);
  });
});

describe("issue 3: internal PageRank", () => {
  it("two pages linking to each other share the rank evenly", () => {
    const r = pageRank(2, [
      [0, 1],
      [1, 0],
    ]);
    expect(r[0]).toBeCloseTo(0.5, 6);
    expect(r[1]).toBeCloseTo(0.5, 6);
  });
  it("a hub linked from every leaf ranks highest; scores run 0-100 on a log scale", () => {
    const edges: [number, number][] = [];
    for (let i = 1; i < 5; i++) edges.push([i, 0], [0, i]);
    const r = pageRank(5, edges);
    expect(r.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    // Closed form for a star: hub = (1 - d)/n + d·(1 - hub), i.e. hub = ((1 - d)/n + d) / (1 + d).
    expect(r[0]).toBeCloseTo((0.15 / 5 + 0.85) / 1.85, 4);
    expect(linkScores(r)).toEqual([100, 0, 0, 0, 0]);
  });
});

const page = (url: string): AuditPage => ({
  url,
  finalUrl: url,
  statusCode: 200,
  redirects: [],
  contentType: "text/html",
  timings: { ttfbMs: 10, totalMs: 12 },
  bytes: { wire: null, body: 1000 },
  headers: {},
  depth: 0,
  inSitemap: true,
  robotsBlocked: false,
  facts: null,
  findings: [],
});
const issue = (check: string, severity: SiteIssue["severity"], urls: string[]): SiteIssue => ({
  check,
  category: "links",
  severity,
  title: { id: 60000 },
  why: { id: 60001 },
  fix: { id: 60002 },
  occurrences: urls.map((url) => ({ url, message: { id: 60003 } })),
});

describe("issue 3: health score formula (docs/checks.md)", () => {
  const pages = Array.from({ length: 10 }, (_, i) => page(`https://e.com/${i}`));
  it("scores 100 without issues and 0 without pages", () => {
    expect(healthScore(pages, [])).toBe(100);
    expect(healthScore([], [])).toBe(0);
  });
  it("one error on one page of ten costs 4 points; each check counts once per page", () => {
    expect(healthScore(pages, [issue("a", "error", ["https://e.com/0", "https://e.com/0"])])).toBe(96);
  });
  it("warnings 0.1, notices 0.02 per page; page health floors at 0", () => {
    const all = pages.map((p) => p.url);
    expect(healthScore(pages, [issue("w", "warning", all), issue("n", "notice", all)])).toBe(88);
    const many = ["a", "b", "c"].map((c) => issue(c, "error", ["https://e.com/1"]));
    expect(healthScore(pages, many)).toBe(90);
  });
  it("issues only on non-page URLs (robots.txt, sitemaps) cost 5 per error and 2 per warning", () => {
    expect(
      healthScore(pages, [issue("r", "error", ["https://e.com/robots.txt"]), issue("s", "warning", ["https://e.com/sitemap.xml"])]),
    ).toBe(93);
  });
  it("blocked URLs are not averaged in; their notices cost nothing", () => {
    expect(
      healthScore(
        [...pages, { ...page("https://e.com/x"), robotsBlocked: true }],
        [issue("robots-txt-blocked", "notice", ["https://e.com/x"])],
      ),
    ).toBe(100);
  });
});

describe("issue 3: comparison with the previous crawl", () => {
  it("splits occurrences into new, fixed and persisting by check and URL", () => {
    const titled = (i: SiteIssue) => ({ ...i, title: i.check });
    const before = { healthScore: 80, issues: [issue("a", "error", ["u1", "u2"]), issue("b", "notice", ["u3"])].map(titled) };
    const after = { healthScore: 90, issues: [issue("a", "error", ["u2", "u4"]), issue("c", "warning", ["u5"])].map(titled) };
    const cmp = compareAudits(before, after);
    expect(cmp.scoreDelta).toBe(10);
    expect(cmp.totals).toEqual({ new: 2, fixed: 2, persisting: 1 });
    expect(cmp.checks.find((c) => c.check === "a")).toMatchObject({ newUrls: ["u4"], fixedUrls: ["u1"], persisting: 1 });
    expect(cmp.checks.find((c) => c.check === "b")).toMatchObject({ newUrls: [], fixedUrls: ["u3"], persisting: 0 });
    expect(cmp.checks.find((c) => c.check === "c")).toMatchObject({ newUrls: ["u5"], fixedUrls: [] });
  });
});
