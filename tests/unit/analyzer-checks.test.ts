import { describe, expect, it } from "vitest";
import { checkCatalogue, scoreIssues } from "../../server/analyzer/analyze.server.ts";
import { GOOD_HEADERS, PAGE_URL, type PageParts, analyse, fired, page } from "../helpers/analyzer-page.ts";
import type { ResponseMeta } from "../../server/analyzer/analyze.server.ts";

/** One table row: the check, a label, the page parts and response overrides, and whether it must fire. */
type Case = [check: string, label: string, parts: PageParts, meta: Partial<ResponseMeta>, fires: boolean, html?: string];

const noHeader = (name: string) => Object.fromEntries(Object.entries(GOOD_HEADERS).filter(([k]) => k !== name));
const links = (n: number) => Array.from({ length: n }, (_, i) => `<a href="/page-${i}">Audit report number ${i}</a>`).join("\n");
const hreflangs = (...pairs: [string, string][]) => pairs.map(([l, h]) => `<link rel="alternate" hreflang="${l}" href="${h}">`).join("");
const ld = (o: unknown) => JSON.stringify({ "@context": "https://schema.org", ...(o as object) });
const url = (path: string) => `https://www.example.com${path}`;

const CASES: Case[] = [
  // http
  ["status-4xx", "404", {}, { statusCode: 404 }, true],
  ["status-4xx", "410", {}, { statusCode: 410 }, true],
  ["status-4xx", "200", {}, {}, false],
  ["status-5xx", "503", {}, { statusCode: 503 }, true],
  ["status-5xx", "404", {}, { statusCode: 404 }, false],
  ["content-type-not-html", "JSON", {}, { headers: { ...GOOD_HEADERS, "content-type": "application/json" } }, true, '{"a":1}'],
  ["content-type-not-html", "XHTML", {}, { headers: { ...GOOD_HEADERS, "content-type": "application/xhtml+xml" } }, false],
  ["content-type-not-html", "no content-type but HTML", {}, { headers: noHeader("content-type") }, false],
  ["response-truncated", "cut body", {}, { truncated: true }, true],
  ["response-truncated", "whole body", {}, { truncated: false }, false],
  // redirects
  [
    "redirect-chain",
    "two hops",
    {},
    {
      redirects: [
        { url: url("/a"), statusCode: 301, location: url("/b") },
        { url: url("/b"), statusCode: 301, location: PAGE_URL },
      ],
    },
    true,
  ],
  ["redirect-chain", "one hop", {}, { redirects: [{ url: url("/a"), statusCode: 301, location: PAGE_URL }] }, false],
  ["redirect-temporary", "302", {}, { redirects: [{ url: url("/a"), statusCode: 302, location: PAGE_URL }] }, true],
  [
    "redirect-temporary",
    "301 and 308",
    {},
    {
      redirects: [
        { url: url("/a"), statusCode: 301, location: url("/b") },
        { url: url("/b"), statusCode: 308, location: PAGE_URL },
      ],
    },
    false,
  ],
  [
    "redirect-https-to-http",
    "downgrade",
    {},
    { redirects: [{ url: url("/a"), statusCode: 301, location: "http://www.example.com/b" }] },
    true,
  ],
  [
    "redirect-https-to-http",
    "upgrade",
    {},
    { redirects: [{ url: "http://www.example.com/a", statusCode: 301, location: PAGE_URL }] },
    false,
  ],
  ["meta-refresh", "meta refresh", { head: '<meta http-equiv="Refresh" content="0; url=/new">' }, {}, true],
  ["meta-refresh", "none", {}, {}, false],
  // indexability
  ["noindex", "NOINDEX, follow", { head: '<meta name="robots" content="NOINDEX, follow">' }, {}, true],
  ["noindex", "none", { head: '<meta name="robots" content="none">' }, {}, true],
  ["noindex", "googlebot noindex", { head: '<meta name="googlebot" content="noindex">' }, {}, true],
  ["noindex", "index, follow", { head: '<meta name="robots" content="index, follow">' }, {}, false],
  ["noindex", "other bot", { head: '<meta name="bingbot" content="noindex">' }, {}, false],
  ["nofollow-page", "nofollow", { head: '<meta name="robots" content="nofollow">' }, {}, true],
  ["nofollow-page", "none", { head: '<meta name="robots" content="none">' }, {}, true],
  ["nofollow-page", "noindex only", { head: '<meta name="robots" content="noindex">' }, {}, false],
  ["x-robots-tag-noindex", "noindex", {}, { headers: { ...GOOD_HEADERS, "x-robots-tag": "noindex" } }, true],
  ["x-robots-tag-noindex", "none", {}, { headers: { ...GOOD_HEADERS, "x-robots-tag": "none" } }, true],
  ["x-robots-tag-noindex", "NONE upper case", {}, { headers: { ...GOOD_HEADERS, "X-Robots-Tag": "NONE" } }, true],
  ["x-robots-tag-noindex", "googlebot: noindex", {}, { headers: { ...GOOD_HEADERS, "x-robots-tag": "googlebot: noindex" } }, true],
  [
    "x-robots-tag-noindex",
    "after a value directive",
    {},
    { headers: { ...GOOD_HEADERS, "x-robots-tag": "max-snippet: 20, noindex" } },
    true,
  ],
  ["x-robots-tag-noindex", "otherbot: noindex", {}, { headers: { ...GOOD_HEADERS, "x-robots-tag": "otherbot: noindex, nofollow" } }, false],
  [
    "x-robots-tag-noindex",
    "unavailable_after",
    {},
    { headers: { ...GOOD_HEADERS, "x-robots-tag": "unavailable_after: 25 Jun 2030 15:00:00 PST" } },
    false,
  ],
  [
    "x-robots-tag-noindex",
    "also on non-HTML",
    {},
    { headers: { "content-type": "application/pdf", "x-robots-tag": "noindex" } },
    true,
    "%PDF-1.4",
  ],
  // titles
  ["title-missing", "no title", { title: null }, {}, true],
  ["title-missing", "empty title", { title: "  " }, {}, true],
  ["title-missing", "SVG title does not count", { title: null, body: "<svg><title>Logo</title></svg>" }, {}, true],
  ["title-missing", "has title", {}, {}, false],
  ["title-too-long", "61 chars", { title: "x".repeat(61) }, {}, true],
  ["title-too-long", "60 chars", { title: "x".repeat(60) }, {}, false],
  ["title-too-short", "29 chars", { title: "x".repeat(29) }, {}, true],
  ["title-too-short", "30 chars", { title: "x".repeat(30) }, {}, false],
  ["title-multiple", "two titles", { head: "<title>Second title of this page here</title>" }, {}, true],
  ["title-multiple", "plus an SVG title", { body: "<svg><title>Icon</title></svg>" }, {}, false],
  ["meta-description-missing", "none", { description: null }, {}, true],
  ["meta-description-missing", "empty", { description: "" }, {}, true],
  ["meta-description-missing", "present", {}, {}, false],
  ["meta-description-too-long", "161 chars", { description: "d".repeat(161) }, {}, true],
  ["meta-description-too-long", "160 chars", { description: "d".repeat(160) }, {}, false],
  ["meta-description-too-short", "69 chars", { description: "d".repeat(69) }, {}, true],
  ["meta-description-too-short", "70 chars", { description: "d".repeat(70) }, {}, false],
  ["meta-description-multiple", "two", { head: `<meta name="description" content="${"e".repeat(90)}">` }, {}, true],
  ["meta-description-multiple", "one", {}, {}, false],
  // headings
  ["h1-missing", "no h1", { h1: null }, {}, true],
  ["h1-missing", "h1 inside SVG does not count", { h1: null, body: "<svg><h1>x</h1></svg>" }, {}, true],
  ["h1-missing", "has h1", {}, {}, false],
  ["h1-multiple", "two h1", { body: "<h1>Another main heading</h1>" }, {}, true],
  ["h1-multiple", "one h1", {}, {}, false],
  ["h1-empty", "empty", { h1: "  " }, {}, true],
  ["h1-empty", "image with alt", { h1: '<img src="/logo.png" alt="Rankforge" width="10" height="10">' }, {}, false],
  ["heading-order-skipped", "h1 → h3", { body: "<h3>Details</h3>" }, {}, true],
  ["heading-order-skipped", "h1 → h2 → h3 → h2", { body: "<h2>A</h2><h3>B</h3><h2>C</h2>" }, {}, false],
  // content
  ["thin-content", "50 words", { words: 50 }, {}, true],
  ["thin-content", "260 words", {}, {}, false],
  ["text-html-ratio-low", "huge inline script", { head: `<script>var data = "${"z".repeat(40_000)}";</script>` }, {}, true],
  ["text-html-ratio-low", "text-rich page", {}, {}, false],
  ["lang-missing", "no lang", { lang: null }, {}, true],
  ["lang-missing", "empty lang", { lang: "" }, {}, true],
  ["lang-missing", "lang=en", {}, {}, false],
  ["doctype-missing", "no doctype", { doctype: false }, {}, true],
  ["doctype-missing", "doctype", {}, {}, false],
  [
    "charset-missing",
    "neither header nor meta",
    { charsetMeta: false },
    { headers: { ...GOOD_HEADERS, "content-type": "text/html" } },
    true,
  ],
  ["charset-missing", "meta only", {}, { headers: { ...GOOD_HEADERS, "content-type": "text/html" } }, false],
  ["charset-missing", "header only", { charsetMeta: false }, {}, false],
  [
    "charset-missing",
    "http-equiv",
    { charsetMeta: false, head: '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">' },
    { headers: { ...GOOD_HEADERS, "content-type": "text/html" } },
    false,
  ],
  // links
  ["links-empty-anchor", "empty link", { body: '<a href="/x"></a>' }, {}, true],
  [
    "links-empty-anchor",
    "image link with alt",
    { body: '<a href="/x"><img src="/p.png" alt="Pricing" width="1" height="1"></a>' },
    {},
    false,
  ],
  ["links-empty-anchor", "aria-label", { body: '<a href="/x" aria-label="Pricing"><svg></svg></a>' }, {}, false],
  ["links-non-descriptive-text", "English 'Click here'", { body: '<a href="/x">Click here</a>' }, {}, true],
  ["links-non-descriptive-text", "English 'Read more »'", { body: '<a href="/x">Read more »</a>' }, {}, true],
  ["links-non-descriptive-text", "German 'Hier klicken'", { body: '<a href="/x">Hier klicken</a>' }, {}, true],
  ["links-non-descriptive-text", "Russian 'Подробнее…'", { body: '<a href="/x">Подробнее…</a>' }, {}, true],
  ["links-non-descriptive-text", "Russian 'тут'", { body: '<a href="/x">тут</a>' }, {}, true],
  ["links-non-descriptive-text", "French 'En savoir plus'", { body: '<a href="/x">En savoir plus</a>' }, {}, true],
  ["links-non-descriptive-text", "descriptive", { body: '<a href="/x">Read more about site audits</a>' }, {}, false],
  ["links-javascript", "javascript: URL", { body: '<a href="javascript:void(0)">Open the menu</a>' }, {}, true],
  ["links-javascript", "JavaScript: mixed case", { body: '<a href="JavaScript:go()">Open the menu</a>' }, {}, true],
  ["links-javascript", "normal link", {}, {}, false],
  ["links-localhost", "localhost link", { body: '<a href="http://localhost:3000/pricing">Pricing on dev</a>' }, {}, true],
  ["links-localhost", "127.0.0.1 link", { body: '<a href="http://127.0.0.1/pricing">Pricing on dev</a>' }, {}, true],
  [
    "links-localhost",
    "page itself on localhost",
    { body: '<a href="http://localhost:3000/pricing">Pricing</a>' },
    { url: "http://localhost:3000/" },
    false,
  ],
  ["links-localhost", "public links", {}, {}, false],
  ["too-many-links", "301 links", { links: links(301) }, {}, true],
  ["too-many-links", "300 links", { links: links(300) }, {}, false],
  ["links-internal-nofollow", "internal nofollow", { body: '<a rel="nofollow" href="/login">Sign in to Rankforge</a>' }, {}, true],
  [
    "links-internal-nofollow",
    "external nofollow",
    { body: '<a rel="nofollow ugc" href="https://other.example.net/">A user link</a>' },
    {},
    false,
  ],
  ["links-no-internal", "external only", { links: '<a href="https://www.example.org/">Our partner agency</a>' }, {}, true],
  ["links-no-internal", "internal link inside SVG", { links: '<svg><a href="/pricing"><text>Pricing</text></a></svg>' }, {}, false],
  ["links-no-internal", "www and bare host are the same site", { links: '<a href="https://example.com/pricing">Pricing</a>' }, {}, false],
  // images
  ["images-missing-alt", "no alt", { body: '<img src="/a.png" width="10" height="10">' }, {}, true],
  ["images-missing-alt", 'decorative alt=""', { body: '<img src="/a.png" alt="" width="10" height="10">' }, {}, false],
  ["images-missing-dimensions", "no height", { body: '<img src="/a.png" alt="Chart" width="10">' }, {}, true],
  ["images-missing-dimensions", "both", { body: '<img src="/a.png" alt="Chart" width="10" height="10">' }, {}, false],
  ["images-alt-too-long", "126 chars", { body: `<img src="/a.png" alt="${"a".repeat(126)}" width="1" height="1">` }, {}, true],
  ["images-alt-too-long", "125 chars", { body: `<img src="/a.png" alt="${"a".repeat(125)}" width="1" height="1">` }, {}, false],
  // canonical
  ["canonical-missing", "none", { canonical: null }, {}, true],
  [
    "canonical-missing",
    "Link header only",
    { canonical: null },
    { headers: { ...GOOD_HEADERS, link: `<${PAGE_URL}>; rel="canonical"` } },
    false,
  ],
  ["canonical-missing", "present", {}, {}, false],
  ["canonical-multiple", "two URLs", { head: `<link rel="canonical" href="${url("/other")}">` }, {}, true],
  ["canonical-multiple", "same URL twice", { head: `<link rel="canonical" href="${PAGE_URL}">` }, {}, false],
  ["canonical-relative", "relative", { canonical: "/tools/site-audit" }, {}, true],
  ["canonical-relative", "absolute", {}, {}, false],
  ["canonical-invalid", "empty", { canonical: "" }, {}, true],
  ["canonical-invalid", "javascript:", { canonical: "javascript:alert(1)" }, {}, true],
  ["canonical-invalid", "unparsable", { canonical: "http://[bad" }, {}, true],
  ["canonical-invalid", "valid", {}, {}, false],
  ["canonical-mismatch-link-header", "different", {}, { headers: { ...GOOD_HEADERS, link: `<${url("/other")}>; rel="canonical"` } }, true],
  ["canonical-mismatch-link-header", "same", {}, { headers: { ...GOOD_HEADERS, link: `<${PAGE_URL}>; rel=canonical` } }, false],
  ["canonical-in-body-ignored", "in body", { canonical: null, body: `<link rel="canonical" href="${PAGE_URL}">` }, {}, true],
  [
    "canonical-in-body-ignored",
    "after an <img> in the head (head ended)",
    { canonical: null, head: `<img src="/t.gif" alt=""><link rel="canonical" href="${PAGE_URL}">` },
    {},
    true,
  ],
  [
    "canonical-in-body-ignored",
    "after </head>, before <body> (still head)",
    { canonical: null },
    {},
    false,
    page({ canonical: null }).replace("</head>", `</head><link rel="canonical" href="${PAGE_URL}">`),
  ],
  ["canonical-in-body-ignored", "in head", {}, {}, false],
  ["canonical-points-elsewhere", "other URL", { canonical: url("/other") }, {}, true],
  ["canonical-points-elsewhere", "self", {}, {}, false],
  [
    "canonical-points-elsewhere",
    "another host (reported by canonical-other-domain)",
    { canonical: "https://www.example.org/tools/site-audit" },
    {},
    false,
  ],
  ["canonical-points-elsewhere", "self with fragment", { canonical: `${PAGE_URL}#top` }, {}, false],
  // hreflang
  ["hreflang-invalid-code", "en_US", { head: hreflangs(["en_US", PAGE_URL], ["x-default", PAGE_URL]) }, {}, true],
  ["hreflang-invalid-code", "en-UK", { head: hreflangs(["en-UK", PAGE_URL], ["x-default", PAGE_URL]) }, {}, true],
  ["hreflang-invalid-code", "eng", { head: hreflangs(["eng", PAGE_URL], ["x-default", PAGE_URL]) }, {}, true],
  [
    "hreflang-invalid-code",
    "EN-us and X-Default (mixed case is valid)",
    { head: hreflangs(["EN-us", PAGE_URL], ["X-Default", PAGE_URL]) },
    {},
    false,
  ],
  [
    "hreflang-invalid-code",
    "zh-Hant-TW, es-419",
    { head: hreflangs(["zh-Hant-TW", url("/tw")], ["es-419", url("/la")], ["en", PAGE_URL], ["x-default", PAGE_URL]) },
    {},
    false,
  ],
  ["hreflang-missing-self", "only other pages", { head: hreflangs(["de", url("/de/")], ["x-default", url("/")]) }, {}, true],
  ["hreflang-missing-self", "self listed", { head: hreflangs(["de", url("/de/")], ["en", PAGE_URL], ["x-default", url("/")]) }, {}, false],
  [
    "hreflang-missing-self",
    "self in Link header",
    {},
    {
      headers: {
        ...GOOD_HEADERS,
        link: `<${PAGE_URL}>; rel="alternate"; hreflang="en", <${url("/")}>; rel="alternate"; hreflang="x-default"`,
      },
    },
    false,
  ],
  ["hreflang-missing-x-default", "no x-default", { head: hreflangs(["en", PAGE_URL], ["de", url("/de/")]) }, {}, true],
  ["hreflang-missing-x-default", "with x-default", { head: hreflangs(["en", PAGE_URL], ["x-default", PAGE_URL]) }, {}, false],
  ["hreflang-missing-x-default", "no hreflang at all", {}, {}, false],
  ["hreflang-relative-url", "relative", { head: hreflangs(["en", PAGE_URL], ["de", "/de/"], ["x-default", PAGE_URL]) }, {}, true],
  ["hreflang-relative-url", "absolute", { head: hreflangs(["en", PAGE_URL], ["x-default", PAGE_URL]) }, {}, false],
  [
    "hreflang-conflicting",
    "same code twice",
    { head: hreflangs(["en", PAGE_URL], ["EN", url("/en2")], ["x-default", PAGE_URL]) },
    {},
    true,
  ],
  [
    "hreflang-conflicting",
    "distinct codes",
    { head: hreflangs(["en", PAGE_URL], ["de", url("/de/")], ["x-default", PAGE_URL]) },
    {},
    false,
  ],
  // structured data
  ["json-ld-invalid", "trailing comma", { jsonLd: '{"@type": "Organization", "name": "X",}' }, {}, true],
  ["json-ld-invalid", "valid, in an HTML comment wrapper", { jsonLd: `<!--${ld({ "@type": "Organization", name: "X" })}-->` }, {}, false],
  ["json-ld-context-missing", "no @context", { jsonLd: JSON.stringify({ "@type": "Organization", name: "X" }) }, {}, true],
  [
    "json-ld-context-missing",
    "@context on the @graph wrapper",
    { jsonLd: ld({ "@graph": [{ "@type": "Organization", name: "X" }] }) },
    {},
    false,
  ],
  ["json-ld-type-missing", "no @type", { jsonLd: ld({ name: "X" }) }, {}, true],
  ["json-ld-type-missing", "typed", {}, {}, false],
  ["sd-product-incomplete", "Product without offers/review/rating", { jsonLd: ld({ "@type": "Product", name: "Audit" }) }, {}, true],
  [
    "sd-product-incomplete",
    "offer without price",
    { jsonLd: ld({ "@type": "Product", name: "Audit", offers: { "@type": "Offer" } }) },
    {},
    true,
  ],
  [
    "sd-product-incomplete",
    "Product complete",
    { jsonLd: ld({ "@type": "Product", name: "Audit", offers: { "@type": "Offer", price: "9" } }) },
    {},
    false,
  ],
  ["sd-article-incomplete", "Article without headline", { jsonLd: ld({ "@type": "Article", author: "A" }) }, {}, true],
  ["sd-article-incomplete", "BlogPosting with headline", { jsonLd: ld({ "@type": "BlogPosting", headline: "H" }) }, {}, false],
  [
    "sd-article-incomplete",
    "Article in @graph without headline",
    { jsonLd: ld({ "@graph": [{ "@type": "WebPage" }, { "@type": "NewsArticle" }] }) },
    {},
    true,
  ],
  [
    "sd-article-incomplete",
    "type as full IRI, complete",
    { jsonLd: ld({ "@type": "https://schema.org/Article", headline: "H" }) },
    {},
    false,
  ],
  ["sd-breadcrumb-incomplete", "BreadcrumbList empty", { jsonLd: ld({ "@type": "BreadcrumbList", itemListElement: [] }) }, {}, true],
  [
    "sd-breadcrumb-incomplete",
    "item without position",
    {
      jsonLd: ld({ "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", name: "Home", item: "https://www.example.com/" }] }),
    },
    {},
    true,
  ],
  [
    "sd-breadcrumb-incomplete",
    "complete, name on the item",
    {
      jsonLd: ld({
        "@type": "BreadcrumbList",
        itemListElement: [{ "@type": "ListItem", position: 1, item: { "@id": "https://www.example.com/", name: "Home" } }],
      }),
    },
    {},
    false,
  ],
  [
    "sd-organization-incomplete",
    "Organization with url only",
    { jsonLd: ld({ "@type": "Organization", url: "https://www.example.com/" }) },
    {},
    false,
  ],
  ["sd-organization-incomplete", "Organization with neither", { jsonLd: ld({ "@type": "Organization", logo: "x.png" }) }, {}, true],
  ["sd-faq-incomplete", "FAQPage without mainEntity", { jsonLd: ld({ "@type": "FAQPage" }) }, {}, true],
  [
    "sd-faq-incomplete",
    "question without answer text",
    { jsonLd: ld({ "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Why?", acceptedAnswer: { "@type": "Answer" } }] }) },
    {},
    true,
  ],
  [
    "sd-faq-incomplete",
    "complete",
    {
      jsonLd: ld({
        "@type": "FAQPage",
        mainEntity: [{ "@type": "Question", name: "Why?", acceptedAnswer: { "@type": "Answer", text: "Because." } }],
      }),
    },
    {},
    false,
  ],
  ["sd-local-business-incomplete", "LocalBusiness without address", { jsonLd: ld({ "@type": "LocalBusiness", name: "Shop" }) }, {}, true],
  [
    "sd-local-business-incomplete",
    "Dentist complete",
    { jsonLd: ld({ "@type": "Dentist", name: "Dr A", address: "Main St 1" }) },
    {},
    false,
  ],
  [
    "sd-review-incomplete",
    "Review without author",
    { jsonLd: ld({ "@type": "Review", itemReviewed: { "@type": "Product", name: "X" }, reviewRating: { ratingValue: 4 } }) },
    {},
    true,
  ],
  [
    "sd-review-incomplete",
    "Review complete",
    {
      jsonLd: ld({
        "@type": "Review",
        itemReviewed: { "@type": "Product", name: "X" },
        author: { "@type": "Person", name: "A" },
        reviewRating: { ratingValue: 4 },
      }),
    },
    {},
    false,
  ],
  ["structured-data-missing", "none", { jsonLd: null }, {}, true],
  [
    "structured-data-missing",
    "microdata",
    { jsonLd: null, body: '<div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">R</span></div>' },
    {},
    false,
  ],
  ["structured-data-missing", "RDFa", { jsonLd: null, body: '<div vocab="https://schema.org/" typeof="Organization"></div>' }, {}, false],
  // social
  ["og-missing", "no Open Graph", { social: false }, {}, true],
  ["og-missing", "complete", {}, {}, false],
  ["twitter-card-missing", "none", { social: false }, {}, true],
  ["twitter-card-missing", "present", {}, {}, false],
  // mobile
  ["viewport-missing", "none", { viewport: null }, {}, true],
  ["viewport-missing", "present", {}, {}, false],
  ["viewport-not-device-width", "fixed width", { viewport: "width=1024" }, {}, true],
  ["viewport-not-device-width", "device-width", {}, {}, false],
  ["viewport-zoom-disabled", "user-scalable=no", { viewport: "width=device-width, user-scalable=no" }, {}, true],
  ["viewport-zoom-disabled", "maximum-scale=1", { viewport: "width=device-width, initial-scale=1, maximum-scale=1" }, {}, true],
  ["viewport-zoom-disabled", "maximum-scale=5", { viewport: "width=device-width, maximum-scale=5" }, {}, false],
  // security
  ["http-not-https", "http page", {}, { url: "http://www.example.com/tools/site-audit" }, true],
  ["http-not-https", "https page", {}, {}, false],
  [
    "mixed-content",
    "http image on https page",
    { body: '<img src="http://cdn.example.com/a.png" alt="A" width="1" height="1">' },
    {},
    true,
  ],
  [
    "mixed-content",
    "http script via <base>",
    { head: '<base href="http://cdn.example.com/"><script src="app.js" defer></script>' },
    {},
    true,
  ],
  ["mixed-content", "http link (not a resource)", { body: '<a href="http://www.example.org/">Old partner site</a>' }, {}, false],
  [
    "mixed-content",
    "http page",
    { body: '<img src="http://cdn.example.com/a.png" alt="A" width="1" height="1">' },
    { url: "http://www.example.com/" },
    false,
  ],
  ["hsts-missing", "no HSTS", {}, { headers: noHeader("strict-transport-security") }, true],
  ["hsts-missing", "HSTS", {}, {}, false],
  ["hsts-missing", "http page", {}, { url: "http://www.example.com/", headers: noHeader("strict-transport-security") }, false],
  ["x-content-type-options-missing", "missing", {}, { headers: noHeader("x-content-type-options") }, true],
  ["x-content-type-options-missing", "nosniff", {}, {}, false],
  ["form-posts-over-http", "http action", { body: '<form method="post" action="http://www.example.com/login"></form>' }, {}, true],
  [
    "form-posts-over-http",
    "relative action on http page",
    { body: '<form method="post" action="/login"></form>' },
    { url: "http://www.example.com/" },
    true,
  ],
  ["form-posts-over-http", "relative action on https page", { body: '<form method="post" action="/login"></form>' }, {}, false],
  // performance
  ["slow-ttfb", "601 ms", {}, { timings: { ttfbMs: 601 } }, true],
  ["slow-ttfb", "600 ms", {}, { timings: { ttfbMs: 600 } }, false],
  ["html-too-large", "2.1 MiB", { body: `<!--${"c".repeat(2.1 * 1024 * 1024)}-->` }, {}, true],
  ["html-too-large", "small", {}, {}, false],
  ["uncompressed-response", "no Content-Encoding", {}, { headers: noHeader("content-encoding") }, true],
  ["uncompressed-response", "gzip", {}, {}, false],
  [
    "uncompressed-response",
    "tiny page",
    {},
    { headers: noHeader("content-encoding") },
    false,
    "<!DOCTYPE html><html><title>t</title></html>",
  ],
  ["dom-too-large", "1600 elements", { body: "<i></i>".repeat(1600) }, {}, true],
  ["dom-too-large", "small DOM", {}, {}, false],
  [
    "render-blocking-resources",
    "4 sync scripts",
    { head: '<script src="/1.js"></script><script src="/2.js"></script><script src="/3.js"></script><script src="/4.js"></script>' },
    {},
    true,
  ],
  [
    "render-blocking-resources",
    "2 scripts + 2 stylesheets",
    {
      head: '<script src="/1.js"></script><script src="/2.js"></script><link rel="stylesheet" href="/a.css"><link rel="stylesheet" href="/b.css">',
    },
    {},
    true,
  ],
  [
    "render-blocking-resources",
    "deferred, async, module, print",
    {
      head: '<script src="/1.js" defer></script><script src="/2.js" async></script><script type="module" src="/3.js"></script><link rel="stylesheet" href="/p.css" media="print"><link rel="stylesheet" href="/a.css">',
    },
    {},
    false,
  ],
  [
    "render-blocking-resources",
    "scripts at the end of the body",
    { body: '<script src="/1.js"></script><script src="/2.js"></script><script src="/3.js"></script><script src="/4.js"></script>' },
    {},
    false,
  ],
  // urls
  ["url-uppercase", "upper case path", {}, { url: "https://www.example.com/Tools/Site-Audit" }, true],
  ["url-uppercase", "upper case host only", {}, { url: "https://WWW.EXAMPLE.COM/tools" }, false],
  ["url-underscores", "underscore", {}, { url: "https://www.example.com/site_audit" }, true],
  ["url-underscores", "hyphen", {}, { url: "https://www.example.com/site-audit" }, false],
  ["url-too-long", "116 chars", {}, { url: `https://www.example.com/${"a".repeat(116 - 24)}` }, true],
  ["url-too-long", "115 chars", {}, { url: `https://www.example.com/${"a".repeat(115 - 24)}` }, false],
  ["url-too-many-parameters", "4 parameters", {}, { url: `${PAGE_URL}?a=1&b=2&c=3&d=4` }, true],
  ["url-too-many-parameters", "3 parameters", {}, { url: `${PAGE_URL}?a=1&b=2&c=3` }, false],
  // headers
  ["csp-missing", "no CSP", {}, { headers: noHeader("content-security-policy") }, true],
  ["csp-missing", "CSP sent", {}, {}, false],
  ["clickjacking-protection-missing", "neither header", {}, { headers: { ...noHeader("content-security-policy") } }, true],
  [
    "clickjacking-protection-missing",
    "X-Frame-Options only",
    {},
    { headers: { ...noHeader("content-security-policy"), "x-frame-options": "DENY" } },
    false,
  ],
  ["hsts-short-max-age", "one day", {}, { headers: { ...GOOD_HEADERS, "strict-transport-security": "max-age=86400" } }, true],
  ["hsts-short-max-age", "one year", {}, {}, false],
  ["cache-headers-missing", "none", {}, { headers: noHeader("cache-control") }, true],
  ["cache-headers-missing", "ETag only", {}, { headers: { ...noHeader("cache-control"), etag: '"abc"' } }, false],
  // more on-page checks
  ["title-same-as-h1", "same text, other case", { title: "Site Audit Tool for agencies", h1: "site audit tool for AGENCIES" }, {}, true],
  ["title-same-as-h1", "different", {}, {}, false],
  ["h1-too-long", "71 characters", { h1: "a".repeat(71) }, {}, true],
  ["h1-too-long", "70 characters", { h1: "a".repeat(70) }, {}, false],
  ["heading-empty", "empty h2", { body: "<h2> </h2>" }, {}, true],
  ["heading-empty", "h2 with an image alt", { body: '<h2><img src="/x.png" alt="Pricing" width="1" height="1"></h2>' }, {}, false],
  ["lang-invalid", "underscore", { lang: "en_US" }, {}, true],
  ["lang-invalid", "mixed case region", { lang: "pt-br" }, {}, false],
  ["placeholder-text", "lorem ipsum", { body: "<p>Lorem ipsum dolor sit amet.</p>" }, {}, true],
  ["placeholder-text", "real text", {}, {}, false],
  ["placeholder-text", "a page that names the filler", { body: "<p>We flag placeholder text (lorem ipsum) left on pages.</p>" }, {}, false],
  [
    "robots-conflicting",
    "meta index + header noindex",
    { head: '<meta name="robots" content="index">' },
    { headers: { ...GOOD_HEADERS, "x-robots-tag": "noindex" } },
    true,
  ],
  ["robots-conflicting", "index, follow", { head: '<meta name="robots" content="index, follow">' }, {}, false],
  ["snippet-restricted", "max-snippet:0", { head: '<meta name="robots" content="max-snippet:0">' }, {}, true],
  ["snippet-restricted", "max-snippet:-1", { head: '<meta name="robots" content="max-snippet:-1">' }, {}, false],
  ["links-http-on-https", "http link to own site", { links: '<a href="http://example.com/pricing">Site audit pricing</a>' }, {}, true],
  [
    "links-http-on-https",
    "http link to another site",
    { links: '<a href="/pricing">Site audit pricing</a> <a href="http://www.example.org/">Partner agency</a>' },
    {},
    false,
  ],
  ["images-src-missing", "lazy image without src", { body: '<img data-src="/a.png" alt="A chart" width="10" height="10">' }, {}, true],
  ["images-src-missing", "image with src", { body: '<img src="/a.png" alt="A chart" width="10" height="10">' }, {}, false],
  ["canonical-other-domain", "other domain", { canonical: "https://www.example.org/tools/site-audit" }, {}, true],
  ["canonical-other-domain", "www and bare host", { canonical: "https://example.com/tools/site-audit" }, {}, false],
  ["canonical-http-on-https", "http canonical", { canonical: "http://www.example.com/tools/site-audit" }, {}, true],
  ["canonical-http-on-https", "https canonical", {}, {}, false],
  ["plugins-used", "embed", { body: '<embed src="/movie.swf">' }, {}, true],
  ["plugins-used", "video", { body: '<video src="/movie.mp4"></video>' }, {}, false],
  // social
  ["og-image-relative", "relative", { head: '<meta property="og:image" content="/og.png">', social: false }, {}, true],
  ["og-image-relative", "absolute", {}, {}, false],
  ["og-url-mismatch", "other URL", { head: '<meta property="og:url" content="https://www.example.com/other">', social: false }, {}, true],
  ["og-url-mismatch", "same as canonical", {}, {}, false],
  ["og-description-missing", "OG without description", { head: '<meta property="og:title" content="T">', social: false }, {}, true],
  ["og-description-missing", "no OG at all", { social: false }, {}, false],
  // URL shape
  ["url-spaces", "%20", {}, { url: "https://www.example.com/site%20audit" }, true],
  ["url-spaces", "hyphen", {}, {}, false],
  ["url-non-ascii", "umlaut", {}, { url: "https://www.example.com/pr%C3%BCfung" }, true],
  ["url-non-ascii", "ascii", {}, {}, false],
  ["url-double-slash", "double slash", {}, { url: "https://www.example.com/tools//site-audit" }, true],
  ["url-double-slash", "single", {}, {}, false],
  ["url-session-id", "PHPSESSID", {}, { url: `${PAGE_URL}?PHPSESSID=abc` }, true],
  ["url-session-id", "jsessionid path parameter", {}, { url: `${PAGE_URL};jsessionid=abc` }, true],
  ["url-session-id", "ordinary parameter", {}, { url: `${PAGE_URL}?page=2` }, false],
];

describe("spec 1 and 2 (/analyzer) — page analyzer checks: positive and negative pages", () => {
  it("the default test page passes every check", () => {
    const r = analyse();
    expect(r.issues).toEqual([]);
    expect(r.summary).toMatchObject({ errors: 0, warnings: 0, notices: 0, score: 100 });
    expect(r.summary.checksRun).toBe(checkCatalogue().length);
  });

  const rows = CASES.map(
    ([check, label, parts, meta, fires, html]) => [check, fires ? "fires" : "passes", label, parts, meta, fires, html] as const,
  );
  it.each(rows)("%s %s — %s", (check, _verb, _label, parts, meta, fires, html) => {
    const r = analyse(parts, meta, html);
    expect(fired(r).includes(check), `fired: ${fired(r).join(", ")}`).toBe(fires);
    if (fires) {
      const issue = r.issues.find((i) => i.check === check)!;
      expect(issue.message.length).toBeGreaterThan(0);
      expect(issue.url).toBe(new URL(meta.url ?? PAGE_URL).href);
    }
  });

  it("every check in the catalogue has a positive and a negative case", () => {
    const positive = new Set(CASES.filter((c) => c[4]).map((c) => c[0]));
    const negative = new Set(CASES.filter((c) => !c[4]).map((c) => c[0]));
    const ids = checkCatalogue().map((c) => c.id);
    expect(ids.filter((id) => !positive.has(id))).toEqual([]);
    expect(ids.filter((id) => !negative.has(id))).toEqual([]);
  });
});

describe("spec 1 and 2 (/analyzer) — page analyzer catalogue and score", () => {
  it("has at least 30 checks with unique kebab-case ids and complete texts", () => {
    const list = checkCatalogue();
    expect(list.length).toBeGreaterThanOrEqual(30);
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
    for (const c of list) {
      expect(c.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(["error", "warning", "notice"]).toContain(c.severity);
      expect(c.title && c.why && c.fix && c.category).toBeTruthy();
    }
  });

  it("scores 100 minus 10 per error, 3 per warning, 1 per notice, counting each check once", () => {
    const issues = [
      { check: "a", severity: "error" as const },
      { check: "a", severity: "error" as const },
      { check: "b", severity: "warning" as const },
      { check: "c", severity: "notice" as const },
      { check: "d", severity: "notice" as const },
    ];
    expect(scoreIssues(issues)).toBe(100 - 10 - 3 - 1 - 1);
    expect(scoreIssues(Array.from({ length: 20 }, (_, i) => ({ check: `e${i}`, severity: "error" as const })))).toBe(0);
  });

  it("the report score matches the issues", () => {
    const r = analyse({ title: null, description: null, h1: null });
    expect(fired(r).sort()).toEqual(["h1-missing", "meta-description-missing", "title-missing"]);
    expect(r.summary.score).toBe(100 - 10 - 3 - 3);
    expect(r.summary).toMatchObject({ errors: 1, warnings: 2, notices: 0 });
  });

  it("skips HTML checks on error pages and non-HTML responses", () => {
    const notFound = analyse({ title: null }, { statusCode: 404 });
    expect(fired(notFound)).toEqual(["status-4xx"]);
    expect(notFound.summary.checksRun).toBeLessThan(checkCatalogue().length);
  });
});
