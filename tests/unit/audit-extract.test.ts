import { describe, expect, it } from "vitest";
import { extractAuditPage } from "../../server/audit/extract.ts";

const URL_ = "https://www.example.com/dir/page";
const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  link: '<https://www.example.com/dir/page>; rel="canonical"',
  "x-frame-options": "DENY",
  server: "x",
};

const html = `<!doctype html><html lang="en"><head><title>Page</title>
<base href="/base/">
<meta http-equiv="refresh" content="5; url=/next">
<link rel="canonical" href="https://www.example.com/dir/page">
<link rel="alternate" hreflang="de-DE" href="https://www.example.com/de/page">
<link rel="stylesheet" href="/site.css">
<script src="/blocking.js"></script><script src="/deferred.js" defer></script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"X"}</script>
</head><body>
<a href="#top">Top</a>
<a href="rel/path#frag">Relative</a>
<a href="https://other.example/x" rel="nofollow">Other</a>
<a href="mailto:a@b.c">Mail</a>
<svg><a xlink:href="/from-svg"><text>SVG link</text></a></svg>
<map><area href="/area" alt="Area link"></map>
<img src="http://cdn.example.com/a.png" alt="">
<img src="/b.png" alt="B" width="1" height="1">
<form action="http://www.example.com/post" method="POST"></form>
<p>Hello world, this is some text.</p>
</body></html>`;

describe("issue 3: extractAuditPage — the crawler's view of one response", () => {
  const x = extractAuditPage(html, { url: URL_, statusCode: 200, headers: HEADERS });
  const to = (type: string) => x.links.filter((l) => l.type === type).map((l) => l.to);

  it("resolves links against <base href>, drops fragments, skips fragment-only links, types SVG and area links", () => {
    expect(to("anchor")).toEqual(["https://www.example.com/base/rel/path", "https://other.example/x", "mailto:a@b.c"]);
    expect(to("svg")).toEqual(["https://www.example.com/from-svg"]);
    expect(to("area")).toEqual(["https://www.example.com/area"]);
    expect(x.links.find((l) => l.to === "https://other.example/x")).toMatchObject({ rel: "nofollow", internal: false, anchor: "Other" });
    expect(x.links.find((l) => l.type === "svg")).toMatchObject({ internal: true, anchor: "SVG link" });
  });

  it("adds canonical (HTML and Link header), hreflang and meta refresh edges", () => {
    expect(to("canonical")).toEqual([URL_, URL_]);
    expect(x.links.find((l) => l.type === "hreflang")).toMatchObject({ to: "https://www.example.com/de/page", anchor: "de-DE" });
    expect(to("meta-refresh")).toEqual(["https://www.example.com/next"]);
  });

  it("lists sub-resources once each with their kind", () => {
    expect(x.resources).toEqual(
      expect.arrayContaining([
        { url: "https://www.example.com/site.css", kind: "stylesheet" },
        { url: "https://www.example.com/blocking.js", kind: "script" },
        { url: "http://cdn.example.com/a.png", kind: "image" },
        { url: "https://www.example.com/b.png", kind: "image" },
      ]),
    );
    expect(new Set(x.resources.map((r) => r.url)).size).toBe(x.resources.length);
  });

  it("fills the facts: canonicals from both sources, mixed content, render-blocking, forms, JSON-LD entities, hashes", () => {
    const f = x.facts!;
    expect(f.canonicals.map((c) => c.source)).toEqual(["html", "header"]);
    expect(f.canonical).toBe(URL_);
    expect(f.mixedContent).toEqual(["http://cdn.example.com/a.png"]);
    expect(f.renderBlocking).toEqual(["https://www.example.com/blocking.js", "https://www.example.com/site.css"]);
    expect(f.forms).toEqual([{ action: "http://www.example.com/post", method: "post" }]);
    expect(f.structuredData.entities[0]!.types).toEqual(["Product"]);
    expect(f.metaRefresh).toBe("https://www.example.com/next");
    expect(f.simhash).toMatch(/^[0-9a-f]{16}$/);
    expect(f.textHash).toMatch(/^[0-9a-f]{40}$/);
    expect(f.wordCount).toBeGreaterThan(5);
  });

  it("keeps only the headers the checks read and runs the page-level checks", () => {
    expect(x.headers).toEqual({ "content-type": HEADERS["content-type"], link: HEADERS.link, "x-frame-options": "DENY" });
    const ids = x.findings.map((f) => f.check);
    expect(ids).toContain("mixed-content");
    expect(ids).toContain("sd-product-incomplete");
    expect(ids).toContain("meta-refresh");
  });

  it("has no facts, links or resources for an error page, but response findings", () => {
    const e = extractAuditPage("<p>gone</p>", { url: URL_, statusCode: 404, headers: { "content-type": "text/html" } });
    expect(e.facts).toBeNull();
    expect(e.links).toEqual([]);
    expect(e.findings.map((f) => f.check)).toContain("status-4xx");
  });

  it("uses the crawler's normalisation and scope when given", () => {
    const y = extractAuditPage(
      '<a href="/A?b=1">x</a>',
      { url: URL_, headers: { "content-type": "text/html" } },
      {
        normalize: (u) => u.href.toLowerCase(),
        isInternal: (u) => u.pathname.startsWith("/dir/"),
      },
    );
    expect(y.links).toEqual([{ from: URL_, to: "https://www.example.com/a?b=1", anchor: "x", rel: "", type: "anchor", internal: false }]);
  });
});

describe("issue 3: a redirect hop is judged by where it goes, not by its own URL", () => {
  it("an http:// URL with upper case that 301s to HTTPS gets no plain-HTTP or URL-shape finding", () => {
    const hop = extractAuditPage("", {
      url: "http://www.example.com/Old_Page",
      statusCode: 301,
      headers: { location: "https://www.example.com/new" },
    });
    const ids = hop.findings.map((f) => f.check);
    expect(ids).not.toContain("http-not-https");
    expect(ids).not.toContain("url-uppercase");
    expect(ids).not.toContain("url-underscores");
  });
  it("the same URL answering 200 gets them", () => {
    const page = extractAuditPage("<p>x</p>", {
      url: "http://www.example.com/Old_Page",
      statusCode: 200,
      headers: { "content-type": "text/html" },
    });
    expect(page.findings.map((f) => f.check)).toEqual(expect.arrayContaining(["http-not-https", "url-uppercase", "url-underscores"]));
  });
});
