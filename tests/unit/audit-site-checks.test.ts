import { ENGLISH_CHECK_TEXTS, englishText } from "../../server/analyzer/checks/texts.ts";
import { checkTextsFrom, englishCheckTexts } from "../../server/audit/check-texts.server.ts";
import { describe, expect, it } from "vitest";
import { SITE_CHECKS } from "../../server/audit/checks/index.ts";
import type { AuditResource, SiteAuditInput } from "../../server/audit/model.ts";
import { runSiteAudit } from "../../server/audit/run.ts";
import { type HtmlParts, ORIGIN, type TestPage, type TestSiteOptions, buildSite, html } from "../helpers/audit-site.ts";

const a = (href: string, text = `Read about ${href.replace(/\W/g, " ")}`, rel = "") =>
  `<a href="${href}"${rel ? ` rel="${rel}"` : ""}>${text}</a>`;
const NAMES: Record<string, string> = { "/": "Home", "/a": "Alpha", "/b": "Beta", "/c": "Gamma" };
const SITEMAP = ["/", "/a", "/b", "/c"];

/** The healthy base site: four pages that all link to each other, all in the sitemap. */
function base(): Record<string, TestPage> {
  const pages: Record<string, TestPage> = {};
  for (const path of Object.keys(NAMES)) page(pages, path, {});
  return pages;
}

/** (Re)writes a base page with overrides; `extraLinks` go into its body next to the base links. */
function page(pages: Record<string, TestPage>, path: string, o: HtmlParts, extraLinks = ""): void {
  const links = Object.keys(NAMES)
    .filter((p) => p !== path)
    .map((p) => a(p))
    .join(" ");
  pages[path] = {
    html: html(path, NAMES[path] ?? path.replace(/\W/g, " ").trim(), { ...o, body: `${links} ${extraLinks} ${o.body ?? ""}` }),
  };
}

type Edit = (pages: Record<string, TestPage>) => void;

/** Builds the base site with `edit` applied, then `tweak` on the audit input. */
function site(edit: Edit = () => {}, opts: TestSiteOptions = {}, tweak: (i: SiteAuditInput) => void = () => {}): SiteAuditInput {
  const pages = base();
  edit(pages);
  const input = buildSite(pages, { sitemap: SITEMAP, ...opts });
  tweak(input);
  return input;
}

const res = (
  path: string,
  kind: AuditResource["kind"],
  statusCode: number | null,
  bytes: number | null,
  extra: Partial<AuditResource> = {},
): AuditResource => ({
  url: path.startsWith("http") ? path : `${ORIGIN}${path}`,
  kind,
  statusCode,
  bytes,
  contentType: null,
  usedBy: [`${ORIGIN}/`],
  ...extra,
});
const gone: Edit = (p) => (p["/gone"] = { status: 404, html: "<p>Not found</p>" });
const noindexB: Edit = (p) => page(p, "/b", { head: '<meta name="robots" content="noindex">' });
const render = (diff: Partial<NonNullable<SiteAuditInput["pages"][number]["render"]>>) => (i: SiteAuditInput) => {
  i.settings.rendered = true;
  i.pages.find((p) => p.url === `${ORIGIN}/a`)!.render = {
    title: null,
    canonical: null,
    metaDescription: null,
    linksOnlyRendered: [],
    wordCount: { raw: 640, rendered: 640 },
    robots: null,
    ...diff,
  };
};
const hreflangHead = (...pairs: [string, string][]) =>
  pairs.map(([l, h]) => `<link rel="alternate" hreflang="${l}" href="${ORIGIN}${h}">`).join("");
/** /a and /b with the same visible text (same heading, text and links), different titles. */
const twins =
  (text: string): Edit =>
  (p) => {
    for (const path of ["/a", "/b"])
      p[path] = { html: html(path, NAMES[path]!, { h1: "Twin", text, body: ["/", "/a", "/b", "/c"].map((x) => a(x)).join(" ") }) };
  };
const deep: Edit = (p) => {
  page(p, "/a", {}, a("/d1"));
  for (let i = 1; i <= 4; i++)
    p[`/d${i}`] = { html: html(`/d${i}`, `Deep ${i}`, { body: `${a("/")} ${a("/a")} ${i < 4 ? a(`/d${i + 1}`) : ""}` }) };
};

type Row = [check: string, label: string, input: () => SiteAuditInput, fires: boolean];

const ROWS: Row[] = [
  // http and redirects
  [
    "fetch-failed",
    "timeout",
    () => site((p) => (page(p, "/", {}, a("/slow")), (p["/slow"] = { fetchError: "timeout after 15000 ms" }))),
    true,
  ],
  [
    "fetch-failed",
    "blocked, not failed",
    () => site((p) => (page(p, "/", {}, a("/private")), (p["/private"] = { robotsBlocked: true }))),
    false,
  ],
  [
    "redirect-loop",
    "x → y → x",
    () => site((p) => (page(p, "/", {}, a("/x")), (p["/x"] = { redirectTo: "/y" }), (p["/y"] = { redirectTo: "/x" }))),
    true,
  ],
  [
    "redirect-loop",
    "chain ending at a page",
    () => site((p) => (page(p, "/", {}, a("/x")), (p["/x"] = { redirectTo: "/y" }), (p["/y"] = { redirectTo: "/a" }))),
    false,
  ],
  [
    "redirect-to-error",
    "301 to 404",
    () => site((p) => (gone(p), page(p, "/", {}, a("/old")), (p["/old"] = { redirectTo: "/gone" }))),
    true,
  ],
  ["redirect-to-error", "301 to 200", () => site((p) => (page(p, "/", {}, a("/old")), (p["/old"] = { redirectTo: "/b" }))), false],
  ["resource-broken", "script 404", () => site(undefined, { resources: [res("/app.js", "script", 404, null)] }), true],
  ["resource-broken", "image 404 is an image issue", () => site(undefined, { resources: [res("/a.png", "image", 404, null)] }), false],
  ["images-broken", "image 404", () => site(undefined, { resources: [res("/a.png", "image", 404, null)] }), true],
  [
    "images-broken",
    "image failed",
    () => site(undefined, { resources: [res("/a.png", "image", null, null, { error: "ECONNRESET" })] }),
    true,
  ],
  ["images-broken", "image 200", () => site(undefined, { resources: [res("/a.png", "image", 200, 1000)] }), false],
  ["images-oversized", "300 KB", () => site(undefined, { resources: [res("/a.png", "image", 200, 300 * 1024)] }), true],
  ["images-oversized", "100 KB", () => site(undefined, { resources: [res("/a.png", "image", 200, 100 * 1024)] }), false],
  ["resource-too-large", "600 KB script", () => site(undefined, { resources: [res("/app.js", "script", 200, 600 * 1024)] }), true],
  ["resource-too-large", "600 KB image", () => site(undefined, { resources: [res("/a.png", "image", 200, 600 * 1024)] }), false],
  [
    "page-weight-too-large",
    "4 MB of images",
    () => site(undefined, { resources: [1, 2, 3, 4].map((n) => res(`/${n}.jpg`, "image", 200, 1024 * 1024)) }),
    true,
  ],
  ["page-weight-too-large", "1 MB", () => site(undefined, { resources: [res("/1.jpg", "image", 200, 1024 * 1024)] }), false],
  // canonical and indexability
  [
    "canonical-to-redirect",
    "to a 301",
    () => site((p) => (page(p, "/a", { canonical: "/old" }), (p["/old"] = { redirectTo: "/b" }))),
    true,
  ],
  ["canonical-to-redirect", "to a 200", () => site((p) => page(p, "/a", { canonical: "/b" })), false],
  ["canonical-to-error", "to a 404", () => site((p) => (gone(p), page(p, "/a", { canonical: "/gone" }))), true],
  ["canonical-to-error", "self", () => site(), false],
  ["canonical-to-noindex", "to noindex", () => site((p) => (noindexB(p), page(p, "/a", { canonical: "/b" }))), true],
  ["canonical-to-noindex", "to indexable", () => site((p) => page(p, "/a", { canonical: "/b" })), false],
  [
    "canonical-to-non-canonical",
    "chain",
    () => site((p) => (page(p, "/a", { canonical: "/b" }), page(p, "/b", { canonical: "/c" }))),
    true,
  ],
  ["canonical-to-non-canonical", "to self-canonical", () => site((p) => page(p, "/a", { canonical: "/b" })), false],
  [
    "canonical-to-blocked",
    "to blocked",
    () => site((p) => (page(p, "/a", { canonical: "/private" }), (p["/private"] = { robotsBlocked: true }))),
    true,
  ],
  ["canonical-to-blocked", "to open", () => site((p) => page(p, "/a", { canonical: "/b" })), false],
  ["canonical-points-elsewhere", "canonical elsewhere", () => site((p) => page(p, "/a", { canonical: "/b" })), true],
  [
    "canonical-points-elsewhere",
    "canonical in the body is ignored",
    () => site((p) => page(p, "/a", { canonical: null, body: `<link rel="canonical" href="${ORIGIN}/b">` })),
    false,
  ],
  [
    "canonical-points-elsewhere",
    "canonical in a Link header",
    () => site((p) => (page(p, "/a", { canonical: null }), (p["/a"]!.headers = { link: `<${ORIGIN}/b>; rel="canonical"` }))),
    true,
  ],
  [
    "canonical-to-error",
    "Link header canonical to a 404",
    () => site((p) => (gone(p), page(p, "/a", { canonical: null }), (p["/a"]!.headers = { link: `</gone>; rel=canonical` }))),
    true,
  ],
  ["canonical-points-elsewhere", "canonical with a fragment to itself", () => site((p) => page(p, "/a", { canonical: "/a#top" })), false],
  [
    "robots-txt-blocked",
    "blocked URL",
    () => site((p) => (page(p, "/", {}, a("/private")), (p["/private"] = { robotsBlocked: true }))),
    true,
  ],
  ["robots-txt-blocked", "nothing blocked", () => site(), false],
  [
    "robots-txt-missing",
    "404",
    () => site(undefined, {}, (i) => (i.robotsTxt = { url: `${ORIGIN}/robots.txt`, statusCode: 404, sitemaps: [] })),
    true,
  ],
  [
    "robots-txt-missing",
    "503 is not missing",
    () => site(undefined, {}, (i) => (i.robotsTxt = { url: `${ORIGIN}/robots.txt`, statusCode: 503, sitemaps: [] })),
    false,
  ],
  [
    "robots-txt-unreachable",
    "503",
    () => site(undefined, {}, (i) => (i.robotsTxt = { url: `${ORIGIN}/robots.txt`, statusCode: 503, sitemaps: [] })),
    true,
  ],
  ["robots-txt-unreachable", "200", () => site(), false],
  // duplicates
  [
    "title-duplicate",
    "same title",
    () => site((p) => (p["/b"] = { html: html("/b", "Alpha", { body: `${a("/")} ${a("/a")} ${a("/c")}`, h1: "Beta" }) })),
    true,
  ],
  [
    "title-duplicate",
    "same title on a canonicalised copy",
    () => site((p) => (p["/b"] = { html: html("/b", "Alpha", { canonical: "/a", body: `${a("/")} ${a("/a")} ${a("/c")}`, h1: "Beta" }) })),
    false,
  ],
  [
    "meta-description-duplicate",
    "same description",
    () =>
      site(
        (p) => (
          page(p, "/a", { description: "Same text for both pages, long enough." }),
          page(p, "/b", { description: " same TEXT for both pages, long enough." })
        ),
      ),
    true,
  ],
  ["meta-description-duplicate", "unique", () => site(), false],
  ["h1-duplicate", "same h1", () => site((p) => (page(p, "/a", { h1: "Our services" }), page(p, "/b", { h1: "Our services" }))), true],
  ["h1-duplicate", "unique", () => site(), false],
  ["content-duplicate", "same text", () => site(twins("Same words here. ".repeat(40))), true],
  [
    "content-duplicate",
    "same short text",
    () => site((p) => (page(p, "/a", { text: "Contact us today." }), page(p, "/b", { text: "Contact us today." }))),
    false,
  ],
  [
    "content-near-duplicate",
    "one word of 320 differs",
    () =>
      site((p) => {
        const words = Array.from({ length: 320 }, (_, i) => `term${i % 97}x${i % 13}`);
        page(p, "/a", { text: words.join(" ") });
        words[150] = "changed";
        page(p, "/b", { text: words.join(" ") });
      }),
    true,
  ],
  ["content-near-duplicate", "exact duplicates are not near duplicates", () => site(twins("Same words here. ".repeat(40))), false],
  [
    "url-case-duplicates",
    "/Page and /page",
    () =>
      site(
        (p) => (
          page(p, "/", {}, `${a("/Page")} ${a("/page")}`),
          (p["/Page"] = { html: html("/Page", "Upper") }),
          (p["/page"] = { html: html("/page", "Lower") })
        ),
      ),
    true,
  ],
  ["url-case-duplicates", "distinct", () => site(), false],
  // links
  ["links-broken-internal", "404 target", () => site((p) => (gone(p), page(p, "/", {}, a("/gone")))), true],
  [
    "links-broken-internal",
    "blocked target is not broken",
    () => site((p) => (page(p, "/", {}, a("/private")), (p["/private"] = { robotsBlocked: true }))),
    false,
  ],
  ["links-to-redirect", "301 target", () => site((p) => (page(p, "/", {}, a("/old")), (p["/old"] = { redirectTo: "/b" }))), true],
  ["links-to-redirect", "direct", () => site(), false],
  [
    "links-broken-external",
    "external 404",
    () =>
      site((p) => page(p, "/", {}, a("https://other.example/x")), {
        externalLinksChecked: true,
        resources: [res("https://other.example/x", "external-link", 404, null)],
      }),
    true,
  ],
  [
    "links-broken-external",
    "not checked",
    () =>
      site((p) => page(p, "/", {}, a("https://other.example/x")), {
        externalLinksChecked: false,
        resources: [res("https://other.example/x", "external-link", 404, null)],
      }),
    false,
  ],
  [
    "links-external-redirect",
    "external 301",
    () =>
      site((p) => page(p, "/", {}, a("https://other.example/x")), {
        externalLinksChecked: true,
        resources: [res("https://other.example/x", "external-link", 200, 10, { redirectedTo: "https://other.example/y" })],
      }),
    true,
  ],
  [
    "links-external-redirect",
    "external 200",
    () =>
      site((p) => page(p, "/", {}, a("https://other.example/x")), {
        externalLinksChecked: true,
        resources: [res("https://other.example/x", "external-link", 200, 10)],
      }),
    false,
  ],
  [
    "links-to-blocked",
    "blocked target",
    () => site((p) => (page(p, "/", {}, a("/private")), (p["/private"] = { robotsBlocked: true }))),
    true,
  ],
  ["links-to-blocked", "open target", () => site(), false],
  ["links-to-noindex", "noindex target", () => site(noindexB), true],
  ["links-to-noindex", "indexable target", () => site(), false],
  // hreflang
  ["hreflang-missing-return", "no return link", () => site((p) => page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/b"]) })), true],
  [
    "hreflang-missing-return",
    "return link in mixed case code",
    () =>
      site(
        (p) => (
          page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/b"]) }),
          page(p, "/b", { head: hreflangHead(["EN", "/a"], ["De", "/b"]) })
        ),
      ),
    false,
  ],
  [
    "hreflang-missing-return",
    "alternates in Link headers on both pages",
    () =>
      site((p) => {
        const link = `<${ORIGIN}/a>; rel="alternate"; hreflang="en", <${ORIGIN}/b>; rel="alternate"; hreflang="DE"`;
        p["/a"]!.headers = { link };
        p["/b"]!.headers = { link };
      }),
    false,
  ],
  [
    "hreflang-missing-return",
    "Link header on one side only",
    () =>
      site(
        (p) =>
          (p["/a"]!.headers = { link: `<${ORIGIN}/a>; rel="alternate"; hreflang="en", <${ORIGIN}/b>; rel="alternate"; hreflang="de"` }),
      ),
    true,
  ],
  [
    "hreflang-to-redirect",
    "to 301",
    () => site((p) => (page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/old"]) }), (p["/old"] = { redirectTo: "/b" }))),
    true,
  ],
  [
    "hreflang-to-redirect",
    "to 200",
    () =>
      site(
        (p) => (
          page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/b"]) }),
          page(p, "/b", { head: hreflangHead(["en", "/a"], ["de", "/b"]) })
        ),
      ),
    false,
  ],
  ["hreflang-to-error", "to 404", () => site((p) => (gone(p), page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/gone"]) }))), true],
  ["hreflang-to-error", "to 200", () => site((p) => page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/b"]) })), false],
  [
    "hreflang-to-noindex",
    "to noindex",
    () =>
      site(
        (p) => (
          page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/b"]) }),
          page(p, "/b", { head: `<meta name="robots" content="noindex">${hreflangHead(["en", "/a"], ["de", "/b"])}` })
        ),
      ),
    true,
  ],
  ["hreflang-to-noindex", "to indexable", () => site((p) => page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/b"]) })), false],
  [
    "hreflang-to-non-canonical",
    "to canonicalised",
    () => site((p) => (page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/b"]) }), page(p, "/b", { canonical: "/c" }))),
    true,
  ],
  [
    "hreflang-to-non-canonical",
    "to canonical",
    () => site((p) => page(p, "/a", { head: hreflangHead(["en", "/a"], ["de", "/b"]) })),
    false,
  ],
  // sitemaps
  ["sitemap-missing", "none", () => buildSite(base()), true],
  ["sitemap-missing", "present", () => site(), false],
  ["sitemap-fetch-error", "404", () => site(undefined, {}, (i) => (i.sitemaps[0]!.statusCode = 404)), true],
  ["sitemap-fetch-error", "parse error", () => site(undefined, {}, (i) => i.sitemaps[0]!.errors.push("line 3: unclosed tag")), true],
  ["sitemap-fetch-error", "fine", () => site(), false],
  ["sitemap-too-many-urls", "50,001", () => site(undefined, {}, (i) => (i.sitemaps[0]!.urls = 50_001)), true],
  ["sitemap-too-many-urls", "50,000", () => site(undefined, {}, (i) => (i.sitemaps[0]!.urls = 50_000)), false],
  ["sitemap-not-in-robots", "no Sitemap: line", () => site(undefined, {}, (i) => (i.robotsTxt!.sitemaps = [])), true],
  ["sitemap-not-in-robots", "listed", () => site(), false],
  [
    "sitemap-url-other-host",
    "staging host",
    () => site(undefined, {}, (i) => i.sitemapEntries.push({ url: "https://staging.example.com/a", sitemap: `${ORIGIN}/sitemap.xml` })),
    true,
  ],
  [
    "sitemap-url-other-host",
    "bare host of a www site",
    () => site(undefined, {}, (i) => i.sitemapEntries.push({ url: "https://example.com/a", sitemap: `${ORIGIN}/sitemap.xml` })),
    false,
  ],
  ["sitemap-url-redirect", "lists a 301", () => site((p) => (p["/old"] = { redirectTo: "/b" }), { sitemap: [...SITEMAP, "/old"] }), true],
  ["sitemap-url-redirect", "final URLs", () => site(), false],
  ["sitemap-url-error", "lists a 404", () => site(gone, { sitemap: [...SITEMAP, "/gone"] }), true],
  ["sitemap-url-error", "all 200", () => site(), false],
  ["sitemap-url-noindex", "lists noindex", () => site(noindexB), true],
  ["sitemap-url-noindex", "X-Robots-Tag: none", () => site((p) => (p["/b"]!.headers = { "X-Robots-Tag": "none" })), true],
  ["sitemap-url-noindex", "noindex not listed", () => site(noindexB, { sitemap: ["/", "/a", "/c"] }), false],
  ["sitemap-url-non-canonical", "lists canonicalised", () => site((p) => page(p, "/b", { canonical: "/c" })), true],
  ["sitemap-url-non-canonical", "canonical URLs", () => site(), false],
  [
    "sitemap-url-blocked",
    "lists blocked",
    () => site((p) => (p["/private"] = { robotsBlocked: true }), { sitemap: [...SITEMAP, "/private"] }),
    true,
  ],
  ["sitemap-url-blocked", "open URLs", () => site(), false],
  ["sitemap-indexable-missing", "/c left out", () => site(undefined, { sitemap: ["/", "/a", "/b"] }), true],
  ["sitemap-indexable-missing", "noindex /b left out", () => site(noindexB, { sitemap: ["/", "/a", "/c"] }), false],
  // site structure
  [
    "orphan-page",
    "in the sitemap, not linked",
    () => site((p) => (p["/d"] = { html: html("/d", "Delta", { body: a("/") }) }), { sitemap: [...SITEMAP, "/d"] }),
    true,
  ],
  [
    "orphan-page",
    "linked",
    () => site((p) => (page(p, "/a", {}, a("/d")), (p["/d"] = { html: html("/d", "Delta", { body: a("/") }) }))),
    false,
  ],
  ["crawl-depth-too-deep", "4 clicks", () => site(deep), true],
  [
    "crawl-depth-too-deep",
    "3 clicks",
    () =>
      site(
        (p) => (deep(p), delete p["/d4"], delete p["/d3"], (p["/d2"] = { html: html("/d2", "Deep 2", { body: `${a("/")} ${a("/a")}` }) })),
      ),
    false,
  ],
  [
    "single-inlink",
    "one inlink",
    () => site((p) => (page(p, "/a", {}, a("/d")), (p["/d"] = { html: html("/d", "Delta", { body: a("/") }) }))),
    true,
  ],
  [
    "single-inlink",
    "two inlinks",
    () =>
      site((p) => (page(p, "/a", {}, a("/d")), page(p, "/b", {}, a("/d")), (p["/d"] = { html: html("/d", "Delta", { body: a("/") }) }))),
    false,
  ],
  [
    "nofollow-only-inlinks",
    "nofollow inlinks",
    () =>
      site(
        (p) => (
          page(p, "/a", {}, a("/d", "Delta page", "nofollow")),
          page(p, "/b", {}, a("/d", "Delta page", "nofollow")),
          (p["/d"] = { html: html("/d", "Delta", { body: a("/") }) })
        ),
      ),
    true,
  ],
  [
    "nofollow-only-inlinks",
    "one followed",
    () =>
      site(
        (p) => (
          page(p, "/a", {}, a("/d", "Delta page", "nofollow")),
          page(p, "/b", {}, a("/d")),
          (p["/d"] = { html: html("/d", "Delta", { body: a("/") }) })
        ),
      ),
    false,
  ],
  [
    "low-link-score",
    "one page linked from a page with 11 links",
    () =>
      buildSite(
        Object.fromEntries([
          ["/", { html: html("/", "Home", { body: Array.from({ length: 10 }, (_, i) => a(`/p${i + 1}`)).join(" ") }) }],
          ...Array.from({ length: 9 }, (_, i) => [
            `/p${i + 1}`,
            { html: html(`/p${i + 1}`, `Page ${i + 1}`, { body: `${a("/")} ${a(`/p${i + 2}`)}` }) },
          ]),
          [
            "/p10",
            {
              html: html("/p10", "Page 10", {
                body: [a("/"), ...Array.from({ length: 9 }, (_, i) => a(`/p${i + 1}`)), a("/weak")].join(" "),
              }),
            },
          ],
          ["/weak", { html: html("/weak", "Weak", { body: a("/") }) }],
        ]),
      ),
    true,
  ],
  ["low-link-score", "small site", () => site(), false],
  // JavaScript rendering
  ["render-title-changed", "title rewritten", () => site(undefined, {}, render({ title: { raw: "Loading…", rendered: "Alpha" } })), true],
  [
    "render-title-changed",
    "not rendered",
    () => site(undefined, {}, (i) => render({ title: { raw: "Loading…", rendered: "Alpha" } })(i) ?? (i.settings.rendered = false)),
    false,
  ],
  [
    "render-description-changed",
    "description set by JS",
    () => site(undefined, {}, render({ metaDescription: { raw: null, rendered: "Set by JS" } })),
    true,
  ],
  ["render-description-changed", "same", () => site(undefined, {}, render({})), false],
  [
    "render-canonical-changed",
    "canonical rewritten",
    () => site(undefined, {}, render({ canonical: { raw: `${ORIGIN}/a`, rendered: `${ORIGIN}/b` } })),
    true,
  ],
  ["render-canonical-changed", "same", () => site(undefined, {}, render({})), false],
  ["render-robots-changed", "noindex added", () => site(undefined, {}, render({ robots: { raw: [], rendered: ["noindex"] } })), true],
  ["render-robots-changed", "same", () => site(undefined, {}, render({})), false],
  ["render-links-only-rendered", "JS links", () => site(undefined, {}, render({ linksOnlyRendered: [`${ORIGIN}/js-only`] })), true],
  ["render-links-only-rendered", "none", () => site(undefined, {}, render({})), false],
  ["render-content-only-rendered", "20 → 400 words", () => site(undefined, {}, render({ wordCount: { raw: 20, rendered: 400 } })), true],
  ["render-content-only-rendered", "300 → 400 words", () => site(undefined, {}, render({ wordCount: { raw: 300, rendered: 400 } })), false],
];

const fired = (input: SiteAuditInput) => runSiteAudit(input).issues.map((i) => i.check);

describe("issue 3: site-wide checks — positive and negative crawls", () => {
  it("the base site reports no issue at all and scores 100", () => {
    const r = runSiteAudit(site());
    expect(r.issues.map((i) => `${i.check}: ${i.occurrences[0]!.url} ${i.occurrences[0]!.message}`)).toEqual([]);
    expect(r.healthScore).toBe(100);
  });

  it.each(ROWS.map(([check, label, input, fires]) => [check, fires ? "fires" : "passes", label, input, fires] as const))(
    "%s %s — %s",
    (check, _verb, _label, input, fires) => {
      const r = runSiteAudit(input());
      const issue = r.issues.find((i) => i.check === check);
      expect(issue !== undefined, `fired: ${r.issues.map((i) => i.check).join(", ")}`).toBe(fires);
      if (issue) for (const o of issue.occurrences) expect(o.url).toMatch(/^https:\/\//);
    },
  );

  it("every site check has a positive and a negative case", () => {
    const positive = new Set(ROWS.filter((r) => r[3]).map((r) => r[0]));
    const negative = new Set(ROWS.filter((r) => !r[3]).map((r) => r[0]));
    const ids = SITE_CHECKS.map((c) => c.id);
    expect(ids.filter((id) => !positive.has(id))).toEqual([]);
    expect(ids.filter((id) => !negative.has(id))).toEqual([]);
  });

  it("a broken link is reported on the linking page with the link as evidence", () => {
    const issue = runSiteAudit(site((p) => (gone(p), page(p, "/", {}, a("/gone", "Old offer"))))).issues.find(
      (i) => i.check === "links-broken-internal",
    )!;
    expect(issue.occurrences.map((o) => ({ ...o, message: englishText(o.message) }))).toEqual([
      {
        url: `${ORIGIN}/`,
        message: `Links to ${ORIGIN}/gone, which answers 404.`,
        evidence: `<a href="${ORIGIN}/gone">Old offer</a>`,
        target: `${ORIGIN}/gone`,
      },
    ]);
  });

  it("links inside SVG count as internal links (a page linked only from an SVG is not orphan)", () => {
    const input = site(
      (p) => (
        page(p, "/a", {}, `<svg><a href="/d"><text>Delta</text></a></svg>`),
        page(p, "/b", {}, a("/d")),
        (p["/d"] = { html: html("/d", "Delta", { body: a("/") }) })
      ),
    );
    expect(fired(input)).not.toContain("orphan-page");
    expect(input.links.some((l) => l.type === "svg" && l.to === `${ORIGIN}/d`)).toBe(true);
  });
});

describe("issue 3: near-duplicate content on a site of templated pages", () => {
  it("counts every near-copy of a page but keeps at most five as evidence", () => {
    const words = Array.from({ length: 320 }, (_, i) => `term${i % 97}x${i % 13}`);
    const input = site((p) => {
      for (let n = 0; n < 30; n++) {
        const text = [...words];
        text[n * 10] = `variant${n}`;
        page(p, `/t${n}`, { text: text.join(" ") });
      }
    });
    const issue = runSiteAudit(input).issues.find((i) => i.check === "content-near-duplicate")!;
    const templated = issue.occurrences.filter((o) => /\/t\d+$/.test(o.url));
    expect(templated).toHaveLength(30);
    for (const o of templated) {
      expect(englishText(o.message)).toBe("Nearly the same text as 29 other pages.");
      const evidence = englishCheckTexts().evidence(o.evidence);
      expect(evidence.split("/64)").length - 1).toBe(5);
      expect(evidence).toContain("… (+24)");
    }
  });
});

describe("issue 15.1 point 2: evidence is a value or a check text, shown in the reader's language", () => {
  /** The first occurrence of `check` in the positive crawl of ROWS. */
  const firstOf = (check: string) => {
    const row = ROWS.find(([c, , , fires]) => c === check && fires)!;
    return runSiteAudit(row[2]()).issues.find((i) => i.check === check)!.occurrences[0]!;
  };
  const de = checkTextsFrom(
    {
      ...ENGLISH_CHECK_TEXTS,
      60636: "aufgeführt in {sitemap}",
      60637: "Tiefe {depth}",
      60638: "Linkwert {score}/100",
      60639: "{raw} → {rendered, plural, one {# Wort} other {# Wörter}}",
    },
    "de",
  );

  it.each([
    ["sitemap-url-redirect", `listed in ${ORIGIN}/sitemap.xml`, `aufgeführt in ${ORIGIN}/sitemap.xml`],
    ["crawl-depth-too-deep", "depth 4", "Tiefe 4"],
    ["render-content-only-rendered", "20 → 400 words", "20 → 400 Wörter"],
  ])("%s: English as before, German from the German text", (check, english, german) => {
    const o = firstOf(check);
    expect(typeof o.evidence).toBe("object");
    expect(englishCheckTexts().evidence(o.evidence)).toBe(english);
    expect(de.evidence(o.evidence)).toBe(german);
  });

  it("low-link-score: the score is a value inside the text", () => {
    const o = firstOf("low-link-score");
    expect(englishCheckTexts().evidence(o.evidence)).toMatch(/^link score \d+\/100$/);
    expect(de.evidence(o.evidence)).toMatch(/^Linkwert \d+\/100$/);
  });

  it("no evidence of any site check carries an English word in brackets; a value is shown as it is in every language", () => {
    for (const [check, , input, fires] of ROWS) {
      if (!fires) continue;
      for (const o of runSiteAudit(input()).issues.find((i) => i.check === check)?.occurrences ?? []) {
        if (typeof o.evidence !== "string") continue;
        expect(o.evidence, check).not.toMatch(/\((none|empty|no [\w@]+)\)/);
        expect(de.evidence(o.evidence)).toBe(o.evidence);
      }
    }
    const titleChanged = runSiteAudit(site(undefined, {}, render({ title: { raw: null, rendered: "New" } }))).issues.find(
      (i) => i.check === "render-title-changed",
    )!;
    expect(titleChanged.occurrences[0]!.evidence).toBe('— → "New"');
  });
});
