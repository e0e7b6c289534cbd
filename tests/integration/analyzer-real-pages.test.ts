import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROGRESS, analyzePage } from "../../server/analyzer/analyze.server.ts";
import { SsrfError, closeGuardedAgents } from "../../server/net/ssrf.server.ts";
import { regexFacts } from "../helpers/html-regex.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";

const JENA_ROOT = testSitePath("jena-apache-org");
let site: { base: string; close: () => Promise<void> };

beforeAll(async () => {
  const served = await serveStatic(JENA_ROOT);
  site = { base: served.origin, close: served.close };
});

afterAll(async () => {
  await closeGuardedAgents();
  await site.close();
});

/** Pages of the jena.apache.org snapshot: request path and file on disk. */
const PAGES = [
  { request: "/index.html", file: "index.html" },
  { request: "/tutorials/rdf_api.html", file: "tutorials/rdf_api.html" },
  { request: "/documentation/inference/index.html", file: "documentation/inference/index.html" },
  { request: "/download/index.html", file: "download/index.html" },
];

describe("spec 1 and 2 (/analyzer) — page analyzer on real pages (jena.apache.org snapshot)", () => {
  it.each(PAGES)("$request matches the facts read independently from $file", async ({ request, file }) => {
    const html = await readFile(path.join(JENA_ROOT, file), "utf8");
    const finalUrl = `${site.base}${request}`;
    const expected = regexFacts(html, finalUrl);

    const report = await analyzePage(`${site.base}${request}`, { allowPrivate: true });

    expect(report.statusCode).toBe(200);
    expect(report.finalUrl).toBe(finalUrl);
    expect(report.redirects).toEqual([]);
    expect(report.page.htmlBytes).toBe(Buffer.byteLength(html));
    expect(report.page.title).toBe(expected.title);
    expect(report.page.metaDescription).toBe(expected.metaDescription);
    expect(report.page.canonical).toBe(expected.canonical);
    expect(report.page.h1).toEqual(expected.h1);
    expect(report.page.lang).toBe(expected.lang);
    expect(report.page.hreflang).toHaveLength(expected.hreflangCount);
    expect(report.page.images.total).toBe(expected.images);
    expect(report.page.images.withoutAlt).toEqual(expected.imagesWithoutAlt);
    expect(report.page.links.items).toHaveLength(expected.links);
    expect(report.page.links.internal).toBe(expected.internalLinks);
    expect(report.page.links.external).toBe(expected.externalLinks);
  });

  it("reports the issues that follow from those facts", async () => {
    const html = await readFile(path.join(JENA_ROOT, "documentation/inference/index.html"), "utf8");
    const expected = regexFacts(html, `${site.base}/documentation/inference/index.html`);
    const report = await analyzePage(`${site.base}/documentation/inference/index.html`, { allowPrivate: true });
    const ids = report.issues.map((i) => i.check);
    expect(ids).toContain("http-not-https");
    expect(ids.includes("meta-description-missing")).toBe(expected.metaDescription === null);
    expect(ids.includes("canonical-missing")).toBe(expected.canonical === null);
    const altIssue = report.issues.find((i) => i.check === "images-missing-alt");
    const missing = expected.imagesWithoutAlt.length;
    expect(altIssue?.message).toBe(`${missing} of ${expected.images} images ${missing === 1 ? "has" : "have"} no alt attribute.`);
    expect(report.summary.score).toBeGreaterThanOrEqual(0);
    expect(report.summary.score).toBeLessThan(100);
    expect(report.summary.errors + report.summary.warnings + report.summary.notices).toBe(report.issues.length);
  });

  it("reports progress in order and a 404 as an issue", async () => {
    const seen: number[] = [];
    const report = await analyzePage(`${site.base}/no-such-page.html`, { allowPrivate: true, onProgress: (p) => void seen.push(p) });
    expect(seen).toEqual([PROGRESS.started, PROGRESS.fetched, PROGRESS.parsed, PROGRESS.checked]);
    expect(report.statusCode).toBe(404);
    expect(report.issues.map((i) => i.check)).toContain("status-4xx");
  });

  it("refuses the loopback server without allowPrivate", async () => {
    const err = await analyzePage(`${site.base}/index.html`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SsrfError);
    expect((err as SsrfError).code).toBe("blocked");
  });
});
