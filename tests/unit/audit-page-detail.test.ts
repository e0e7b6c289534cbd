import { describe, expect, it } from "vitest";
import { issuesByCategory, sizeText } from "../../app/audit/page-detail.tsx";

describe("issue 16 point 3: the page size is shown once", () => {
  const template = "{body} ({wire} transferred)";
  it("body and wire equal at one decimal: one figure, not '14.9 KB (14.9 KB)'", () => {
    expect(sizeText({ body: 15_258, wire: 15_300 }, template, "en")).toBe("14.9 KB");
    expect(sizeText({ body: 15_258, wire: null }, template, "en")).toBe("14.9 KB");
  });
  it("a compressed transfer names both figures", () => {
    expect(sizeText({ body: 15_258, wire: 4_200 }, template, "en")).toBe("14.9 KB (4.1 KB transferred)");
  });
});

describe("issue 16 point 8: page issues grouped by category in report order", () => {
  it("groups keep the catalogue's category order and every issue once", () => {
    const issues = [
      { check: "a", category: "images" },
      { check: "b", category: "http" },
      { check: "c", category: "images" },
      { check: "d", category: "titles" },
    ];
    const groups = issuesByCategory(issues);
    expect(groups.map(([c]) => c)).toEqual(["http", "titles", "images"]);
    expect(groups.flatMap(([, list]) => list.map((i) => i.check)).sort()).toEqual(["a", "b", "c", "d"]);
  });
});

describe("issue 16 point 7: 4xx/5xx are visibly different from 200", () => {
  it("status tones: 2xx ok, 3xx redirect, 4xx/5xx and fetch errors error, robots-blocked blocked", async () => {
    const { statusTone } = await import("../../app/audit/status-chip.tsx");
    expect(statusTone(200, "done")).toBe("ok");
    expect(statusTone(301, "done")).toBe("redirect");
    expect(statusTone(404, "done")).toBe("error");
    expect(statusTone(503, "done")).toBe("error");
    expect(statusTone(null, "done")).toBe("error");
    expect(statusTone(null, "blocked")).toBe("blocked");
  });
});
