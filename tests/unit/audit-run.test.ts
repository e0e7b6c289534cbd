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
