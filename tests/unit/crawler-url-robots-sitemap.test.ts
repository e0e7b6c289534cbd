import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseRobots, productToken } from "../../server/crawler/robots.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { parseSitemap } from "../../server/crawler/sitemap.server.ts";
import { MAX_URL_LENGTH, createScope, normalizeUrl } from "../../server/crawler/url.server.ts";
import { parseRetryAfter } from "../../server/crawler/fetcher.server.ts";

describe("issue 3 Crawler — URL normalisation", () => {
  it.each([
    ["http://Example.COM:80/a#frag", "http://example.com/a"],
    ["https://example.com:443//a//b/", "https://example.com/a/b/"],
    ["http://example.com/%7euser/%41%2f", "http://example.com/~user/A%2F"],
    ["http://example.com/p?utm_source=x&b=2&gclid=1", "http://example.com/p?b=2"],
    ["http://example.com/p?utm_source=x", "http://example.com/p"],
    ["http://user:pw@example.com/", "http://example.com/"],
    ["http://example.com/a b", "http://example.com/a%20b"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it("resolves against a base and refuses other schemes, empty hosts and overlong URLs", () => {
    expect(normalizeUrl("../c?x=1", "http://example.com/a/b/")).toBe("http://example.com/a/c?x=1");
    expect(normalizeUrl("mailto:a@b.c")).toBeNull();
    expect(normalizeUrl("javascript:void(0)", "http://example.com/")).toBeNull();
    expect(normalizeUrl("ftp://example.com/")).toBeNull();
    expect(normalizeUrl(`http://example.com/${"a".repeat(MAX_URL_LENGTH)}`)).toBeNull();
  });

  it("sorts or strips query parameters on request", () => {
    expect(normalizeUrl("http://e.com/?b=2&a=1", undefined, "sort")).toBe("http://e.com/?a=1&b=2");
    expect(normalizeUrl("http://e.com/?b=2&a=1", undefined, "strip")).toBe("http://e.com/");
    expect(normalizeUrl("http://e.com/?b=2&a=1", undefined, "keep")).toBe("http://e.com/?b=2&a=1");
  });
});

describe("issue 3 Crawler — scope", () => {
  const base = { subdomains: false, include: [], exclude: [] };
  it("keeps the host with or without www, on http and https; other hosts are external", () => {
    const scope = createScope("https://www.example.com/", base);
    expect(scope("https://www.example.com/a")).toBe("internal");
    expect(scope("http://example.com/a")).toBe("internal");
    expect(scope("https://blog.example.com/")).toBe("external");
    expect(scope("https://example.org/")).toBe("external");
    expect(scope("https://www.example.com:8443/")).toBe("external");
  });
  it("takes subdomains of the registrable domain when asked", () => {
    const scope = createScope("https://example.co.uk/", { ...base, subdomains: true });
    expect(scope("https://blog.example.co.uk/")).toBe("internal");
    expect(scope("https://other.co.uk/")).toBe("external");
  });
  it("applies include and exclude patterns, never to the start URL", () => {
    const scope = createScope("https://e.com/", { ...base, include: ["/docs/"], exclude: ["\\.pdf$"] });
    expect(scope("https://e.com/")).toBe("internal");
    expect(scope("https://e.com/docs/a")).toBe("internal");
    expect(scope("https://e.com/docs/a.pdf")).toBe("excluded");
    expect(scope("https://e.com/blog/")).toBe("excluded");
  });
});

describe("issue 3 Crawler — robots.txt (RFC 9309)", () => {
  const ua = "Mozilla/5.0 (compatible; RankforgeBot/1.0; +https://rankforge.com/bot)";
  const robots = parseRobots(
    "https://e.com",
    [
      "User-agent: *",
      "Disallow: /private",
      "Allow: /private/open",
      "Disallow: /*.pdf$",
      "Disallow: /tmp/*/cache",
      "",
      "User-agent: rankforgebot",
      "Disallow: /only-us",
      "Allow: /only-us/yes",
      "Crawl-delay: 2.5",
      "Sitemap: https://e.com/s1.xml",
      "Sitemap: /relative.xml",
    ].join("\n"),
    ua,
  );
  it("picks the group of our product token, case-insensitively", () => {
    expect(productToken(ua)).toBe("RankforgeBot");
    expect(robots.isAllowed("https://e.com/private")).toBe(true);
    expect(robots.isAllowed("https://e.com/only-us/no")).toBe(false);
    expect(robots.isAllowed("https://e.com/only-us/yes")).toBe(true);
    expect(robots.crawlDelayMs).toBe(2500);
  });
  it("uses the longest match, wildcards and $ in the * group", () => {
    const other = parseRobots(
      "https://e.com",
      "User-agent: *\nDisallow: /private\nAllow: /private/open\nDisallow: /*.pdf$\nDisallow: /tmp/*/cache\n",
      ua,
    );
    expect(other.isAllowed("https://e.com/private/x")).toBe(false);
    expect(other.isAllowed("https://e.com/private/open/x")).toBe(true);
    expect(other.isAllowed("https://e.com/a/b.pdf")).toBe(false);
    expect(other.isAllowed("https://e.com/a/b.pdf?x=1")).toBe(true);
    expect(other.isAllowed("https://e.com/tmp/1/cache/x")).toBe(false);
    expect(other.isAllowed("https://e.com/tmp/cache")).toBe(true);
    expect(other.crawlDelayMs).toBeNull();
    expect(other.matchingLine("https://e.com/private/x")).toBe(2);
  });
  it("lists Sitemap lines as absolute URLs", () => {
    expect(robots.sitemaps).toEqual(["https://e.com/s1.xml", "https://e.com/relative.xml"]);
  });
});

describe("issue 3 Crawler — sitemaps", () => {
  const urlset = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc> https://e.com/a?x=1&amp;y=2 </loc><lastmod>2024-01-02</lastmod><priority>0.5</priority></url>
  <url><loc>https://e.com/b</loc></url>
</urlset>`;
  it("reads a urlset with entities, lastmod and priority", () => {
    const s = parseSitemap(Buffer.from(urlset));
    expect(s.kind).toBe("urlset");
    expect(s.entries.map((e) => e.loc)).toEqual(["https://e.com/a?x=1&y=2", "https://e.com/b"]);
    expect(s.entries[0]!.lastmod).toBe("2024-01-02");
    expect(s.entries[0]!.priority).toBe("0.5");
  });
  it("reads a gzip body and a sitemap index with a single child", () => {
    expect(parseSitemap(gzipSync(urlset)).entries).toHaveLength(2);
    const index = parseSitemap(Buffer.from('<sitemapindex xmlns="x"><sitemap><loc>https://e.com/s.xml.gz</loc></sitemap></sitemapindex>'));
    expect(index).toEqual({
      kind: "index",
      entries: [{ loc: "https://e.com/s.xml.gz", lastmod: null, changefreq: null, priority: null }],
      error: null,
    });
  });
  it("reads text sitemaps and reports broken XML", () => {
    expect(parseSitemap(Buffer.from("https://e.com/a\nnot a url\nhttps://e.com/b\n")).entries.map((e) => e.loc)).toEqual([
      "https://e.com/a",
      "https://e.com/b",
    ]);
    expect(parseSitemap(Buffer.from("<urlset><url><loc>x</loc></url>")).kind).toBe("invalid");
    expect(parseSitemap(Buffer.from("<html><body>hi</body></html>")).error).toMatch(/urlset/);
  });
});

describe("issue 3 Crawler — settings and Retry-After", () => {
  it("fills defaults and names bad fields", () => {
    const s = crawlSettingsSchema.parse({});
    expect(s).toMatchObject({ maxPages: 500, maxDepth: null, concurrency: 8, render: false, checkExternal: false });
    expect(crawlSettingsSchema.parse({ include: "/a/\n/b/", render: "1" })).toMatchObject({ include: ["/a/", "/b/"], render: true });
    const bad = crawlSettingsSchema.safeParse({ exclude: ["("] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["exclude"]);
    expect(crawlSettingsSchema.safeParse({ maxPages: 0 }).success).toBe(false);
  });
  it("parses seconds and HTTP dates", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(10_000);
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });
});
