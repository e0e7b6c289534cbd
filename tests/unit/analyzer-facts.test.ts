import { describe, expect, it } from "vitest";
import { analyzeHtml } from "../../server/analyzer/analyze.server.ts";
import { parseLinkHeader, parseXRobotsTag } from "../../server/analyzer/directives.server.ts";
import { isValidHreflang } from "../../server/analyzer/lang-code.server.ts";
import { countWords, decodeHtml } from "../../server/analyzer/page-facts.server.ts";

const URL_ = "https://www.example.com/docs/page.html";
const facts = (html: string, headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" }, url = URL_) =>
  analyzeHtml(html, { url, headers }).page;

describe("spec 1 and 2 (/analyzer) — page facts: URLs and links", () => {
  it("resolves links and images against <base href>, even a base written after them", () => {
    const p = facts(`<html><head><title>t</title></head><body>
      <a href="guide">Guide</a><img src="pic.png">
      <base href="https://cdn.example.net/assets/">
      <a href="/root">Root</a></body></html>`);
    expect(p.links.items.map((l) => l.href)).toEqual(["https://cdn.example.net/assets/guide", "https://cdn.example.net/root"]);
    expect(p.links.items.every((l) => !l.internal)).toBe(true);
    expect(p.links.external).toBe(2);
    expect(p.images.withoutAlt).toEqual(["https://cdn.example.net/assets/pic.png"]);
  });

  it("counts links inside SVG (href and xlink:href) with their text", () => {
    const p =
      facts(`<body><svg viewBox="0 0 10 10"><a href="/a"><text>Alpha</text></a><a xlink:href="/b"><text>Beta</text></a><path d="M0 0"/></svg>
      <a href="https://other.example.org/x" rel="NoFollow">Other</a><a name="anchor-only">no href</a></body>`);
    expect(p.links.items).toEqual([
      { href: "https://www.example.com/a", text: "Alpha", rel: "", internal: true },
      { href: "https://www.example.com/b", text: "Beta", rel: "", internal: true },
      { href: "https://other.example.org/x", text: "Other", rel: "nofollow", internal: false },
    ]);
    expect(p.links).toMatchObject({ internal: 2, external: 1, nofollow: 1 });
  });

  it("does not count mailto:, tel: and javascript: links as internal or external", () => {
    const p = facts(
      '<a href="mailto:a@example.com">Mail</a><a href="tel:+123">Call</a><a href="javascript:void 0">JS</a><a href="#top">Top</a>',
    );
    expect(p.links.items).toHaveLength(4);
    expect(p.links.internal).toBe(1); // #top
    expect(p.links.external).toBe(0);
  });

  it("uses the image alt, aria-label or title as the text of a link without text", () => {
    const p = facts(
      '<a href="/1"><img src="x.png" alt="Logo"></a><a href="/2" aria-label="Close"></a><a href="/3" title="Help">  </a><a href="/4"></a>',
    );
    expect(p.links.items.map((l) => l.text)).toEqual(["Logo", "Close", "Help", ""]);
  });
});

describe("spec 1 and 2 (/analyzer) — page facts: head elements", () => {
  it("reads title (entities decoded), description, lang, viewport, headings", () => {
    const p = facts(`<!doctype html><html lang="de-CH"><head><title> Caf&eacute; &amp;
      Bar </title><meta name="Description" content="Best &quot;coffee&quot;"><meta name="viewport" content="width=device-width"></head>
      <body><h1>Main <em>topic</em></h1><h2><img src="a.png" alt="ignored alt">Sub</h2><h3>Deep</h3></body></html>`);
    expect(p.title).toBe("Café & Bar");
    expect(p.metaDescription).toBe('Best "coffee"');
    expect(p.lang).toBe("de-CH");
    expect(p.viewport).toBe("width=device-width");
    expect(p.h1).toEqual(["Main topic"]);
    expect(p.headings).toEqual([
      { level: 1, text: "Main topic" },
      { level: 2, text: "Sub" },
      { level: 3, text: "Deep" },
    ]);
  });

  it("takes the canonical from the head, ignores one in the body, and falls back to the Link header", () => {
    expect(facts('<head><link rel="canonical" href="/c"></head><body><link rel="canonical" href="/body"></body>').canonical).toBe(
      "https://www.example.com/c",
    );
    expect(facts('<head></head><body><p>x</p><link rel="canonical" href="/body"></body>').canonical).toBeNull();
    const withHeader = analyzeHtml("<head><title>x</title></head>", {
      url: URL_,
      headers: { "Content-Type": "text/html", Link: '</from-header>; rel="canonical"' },
    });
    expect(withHeader.page.canonical).toBe("https://www.example.com/from-header");
  });

  it("keeps the head open across a <noscript> with an image (scripting on)", () => {
    const p = facts(
      '<head><noscript><img src="pixel.gif"></noscript><link rel="canonical" href="https://www.example.com/c"></head><body></body>',
    );
    expect(p.canonical).toBe("https://www.example.com/c");
  });

  it("collects hreflang from the head and the Link header, not from the body", () => {
    const r = analyzeHtml(
      '<head><link rel="alternate" hreflang="EN-us" href="/en/"><link rel="alternate" href="/feed" type="application/rss+xml"></head><body><p>x</p><link rel="alternate" hreflang="fr" href="/fr/"></body>',
      { url: URL_, headers: { "content-type": "text/html", link: '<https://www.example.com/de/>; rel="alternate"; hreflang="de"' } },
    );
    expect(r.page.hreflang).toEqual([
      { lang: "EN-us", href: "https://www.example.com/en/" },
      { lang: "de", href: "https://www.example.com/de/" },
    ]);
  });

  it("combines meta robots and X-Robots-Tag in lower case", () => {
    const r = analyzeHtml('<head><meta name="robots" content="NoIndex, Max-Snippet: 50"></head>', {
      url: URL_,
      headers: { "content-type": "text/html", "x-robots-tag": "NOARCHIVE, bingbot: nofollow" },
    });
    expect(r.page.robots).toEqual(["noindex", "max-snippet:50", "noarchive"]);
  });

  it("reads Open Graph, Twitter and structured data types", () => {
    const p = facts(`<head><meta property="og:title" content="OG"><meta name="twitter:card" content="summary">
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite"},{"@type":["Organization","Corporation"],"name":"R"}]}</script>
      <script type="application/ld+json">{ broken</script></head>
      <body><div itemscope itemtype="https://schema.org/Product"></div><div vocab="https://schema.org/" typeof="Person"></div></body>`);
    expect(p.openGraph).toEqual({ "og:title": "OG" });
    expect(p.twitter).toEqual({ "twitter:card": "summary" });
    expect(p.structuredData).toEqual({
      types: ["WebSite", "Organization", "Corporation", "Product", "Person"],
      jsonLdBlocks: 2,
      invalidJsonLd: 1,
      microdata: true,
      rdfa: true,
    });
  });

  it('counts images without an alt attribute, not those with alt=""', () => {
    const p = facts('<img src="/a.png"><img src="/b.png" alt=""><img src="/c.png" alt="C"><svg><image href="/d.png"/></svg>');
    expect(p.images).toEqual({ total: 3, withoutAlt: ["https://www.example.com/a.png"] });
  });
});

describe("spec 1 and 2 (/analyzer) — page facts: text and encoding", () => {
  it.each([
    ["one two three", 3],
    ["  spaced   out\nwords ", 3],
    ["— , . 42", 1],
    ["日本語のテキスト", 8],
    ["Hello 世界", 3],
    ["", 0],
  ])("countWords(%j) = %i", (text, n) => {
    expect(countWords(text)).toBe(n);
  });

  it("counts only visible text (no script, style, title, template)", () => {
    const p = facts(
      "<head><title>a b c</title><style>x y</style></head><body><script>var q = 1;</script><template>t u</template><p>one two</p><noscript>n</noscript></body>",
    );
    expect(p.wordCount).toBe(2);
  });

  it("decodes windows-1252 from the header and from <meta charset>", () => {
    const bytes = Buffer.from([...Buffer.from("<title>Caf"), 0xe9, ...Buffer.from("</title>")]);
    expect(decodeHtml(bytes, "text/html; charset=windows-1252")).toBe("<title>Café</title>");
    const meta = Buffer.concat([Buffer.from('<meta charset="iso-8859-1">'), bytes]);
    expect(decodeHtml(meta, "text/html")).toContain("Café");
    expect(decodeHtml(Buffer.from("<title>Café</title>"), undefined)).toBe("<title>Café</title>");
    const r = analyzeHtml(bytes, { url: URL_, headers: { "content-type": "text/html; charset=windows-1252" } });
    expect(r.page.title).toBe("Café");
    expect(r.page.htmlBytes).toBe(bytes.length);
  });
});

describe("spec 1 and 2 (/analyzer) — header and code parsers", () => {
  it("parses Link headers with quoted commas and several entries", () => {
    expect(
      parseLinkHeader(
        '<https://a.example/x,y>; rel="canonical", </de/>; rel=alternate; hreflang="de", <https://a.example/p>; title="a, b"; rel="prev"',
      ),
    ).toEqual([
      { href: "https://a.example/x,y", params: { rel: "canonical" } },
      { href: "/de/", params: { rel: "alternate", hreflang: "de" } },
      { href: "https://a.example/p", params: { title: "a, b", rel: "prev" } },
    ]);
    expect(parseLinkHeader(undefined)).toEqual([]);
    expect(parseLinkHeader("garbage")).toEqual([]);
  });

  it.each([
    ["noindex", ["noindex"]],
    ["googlebot: noindex, nofollow", ["noindex", "nofollow"]],
    ["otherbot: noindex, googlebot: nofollow", ["nofollow"]],
    ["unavailable_after: 2030-01-01, noarchive", ["unavailable_after:2030-01-01", "noarchive"]],
    ["", []],
  ])("X-Robots-Tag %j → %j", (value, expected) => {
    expect(parseXRobotsTag(value)).toEqual(expected);
  });

  it.each([
    ["en", true],
    ["EN-us", true],
    ["x-default", true],
    ["X-DEFAULT", true],
    ["zh-Hant-TW", true],
    ["es-419", true],
    ["fil", true],
    ["en_US", false],
    ["en-UK", false],
    ["eng", false],
    ["us", false],
    ["english", false],
    ["", false],
  ])("hreflang %j valid=%s", (code, ok) => {
    expect(isValidHreflang(code)).toBe(ok);
  });
});
