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
    expect(issue("links-broken-internal")?.occurrences).toEqual([
      {
        url: "https://www.example.com/",
        message: "Links to https://www.example.com/gone, which answers 404.",
        evidence: '<a href="https://www.example.com/gone">Gone page</a>',
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
