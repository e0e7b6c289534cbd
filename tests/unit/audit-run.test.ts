import { englishText } from "../../server/analyzer/checks/texts.ts";
import { describe, expect, it } from "vitest";
import { runSiteAudit } from "../../server/audit/run.ts";
import { buildSite, html } from "../helpers/audit-site.ts";

describe("issue 3: runSiteAudit over a small site", () => {
  const input = buildSite({
    "/": { html: html("/", "Home", { body: '<a href="/about">About us</a> <a href="/old">Old page</a> <a href="/gone">Gone page</a>' }) },
    "/about": { html: html("/about", "About", { body: '<a href="/">Home page</a>' }) },
    "/old": { redirectTo: "/about" },
    "/gone": { status: 404, html: "<p>not here</p>" },
  });
  const result = runSiteAudit(input);
  const issue = (id: string) => result.issues.find((i) => i.check === id);

  it("reports the broken link on the page that holds it, with the link as evidence", () => {
    expect(issue("links-broken-internal")?.occurrences.map((o) => ({ ...o, message: englishText(o.message) }))).toEqual([
      {
        url: "https://www.example.com/",
        message: "Links to https://www.example.com/gone, which answers 404.",
        evidence: '<a href="https://www.example.com/gone">Gone page</a>',
        target: "https://www.example.com/gone",
      },
    ]);
  });
  it("reports links to redirects and page-level findings", () => {
    expect(issue("links-to-redirect")?.occurrences.map((o) => o.url)).toEqual(["https://www.example.com/"]);
    expect(issue("status-4xx")?.occurrences.map((o) => o.url)).toEqual(["https://www.example.com/gone"]);
  });
  it("computes a health score below 100 and the page metrics", () => {
    expect(result.healthScore).toBeGreaterThan(0);
    expect(result.healthScore).toBeLessThan(100);
    expect(result.pages.find((p) => p.url === "https://www.example.com/about")).toMatchObject({ inlinks: 1, indexable: true });
  });
});

describe("issue 3: site checks need only SITE_CHECK_FACT_FIELDS of the page facts", () => {
  it("gives the same result when the other facts are dropped (what a lean snapshot loads)", async () => {
    const { SITE_CHECK_FACT_FIELDS } = await import("../../server/audit/model.ts");
    const input = buildSite({
      "/": {
        html: html("/", "Home", {
          body: '<a href="/a">A page</a> <a href="/b">B page</a>',
          head: '<link rel="alternate" hreflang="de" href="/b">',
        }),
      },
      "/a": { html: html("/a", "Home", { body: '<a href="/">Home page</a>', text: "Same words here. ".repeat(40) }) },
      "/b": {
        html: html("/b", "B", {
          body: '<a href="/">Home page</a>',
          text: "Same words here. ".repeat(40),
          head: '<meta name="robots" content="noindex">',
        }),
      },
    });
    const lean = structuredClone(input);
    for (const p of lean.pages) {
      if (!p.facts) continue;
      const keep = Object.fromEntries(SITE_CHECK_FACT_FIELDS.map((k) => [k, p.facts![k]]));
      p.facts = keep as unknown as typeof p.facts;
    }
    expect(runSiteAudit(lean)).toEqual(runSiteAudit(input));
  });
});

describe("issue 3: redirect checks on chains joined from one hop per request", () => {
  it("reports chains, temporary hops and HTTPS downgrades when the pages' findings lack them", () => {
    const input = buildSite({
      "/": { html: html("/", "Home", { body: '<a href="/a">A page</a> <a href="/c">C page</a>' }) },
      "/a": { redirectTo: "/b" },
      "/b": { redirectTo: "/c" },
      "/c": { html: html("/c", "C", { body: '<a href="/">Home page</a>' }) },
    });
    const a = input.pages.find((p) => p.url === "https://www.example.com/a")!;
    a.redirects = [
      { url: "https://www.example.com/a", statusCode: 302, location: "http://www.example.com/b" },
      { url: "http://www.example.com/b", statusCode: 301, location: "https://www.example.com/c" },
    ];
    for (const p of input.pages) if (p.redirects.length > 0) p.findings = [];
    const ids = (check: string) =>
      runSiteAudit(input)
        .issues.find((i) => i.check === check)
        ?.occurrences.map((o) => o.url);
    expect(ids("redirect-chain")).toEqual(["https://www.example.com/a"]);
    expect(ids("redirect-temporary")).toEqual(["https://www.example.com/a"]);
    expect(ids("redirect-https-to-http")).toEqual(["https://www.example.com/a"]);
  });

  it("does not repeat a finding the page already has", () => {
    const input = buildSite({
      "/": { html: html("/", "Home", { body: '<a href="/a">A page</a>' }) },
      "/a": { redirectTo: "/b" },
      "/b": { redirectTo: "/c" },
      "/c": { html: html("/c", "C", { body: '<a href="/">Home page</a>' }) },
    });
    const chain = runSiteAudit(input).issues.find((i) => i.check === "redirect-chain")!;
    expect(chain.occurrences.map((o) => o.url)).toEqual(["https://www.example.com/a"]);
  });
});
