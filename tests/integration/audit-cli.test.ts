import { englishText } from "../../server/analyzer/checks/texts.ts";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCatalogue } from "../../server/audit/run.ts";
import { regexFacts } from "../helpers/html-regex.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";

const REPO = path.resolve(import.meta.dirname, "../..");
const NODE = path.join(REPO, "node_modules/.bin/node");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node server/cli/audit.ts …` (Node 24 from devDependencies) and collects its output. */
function audit(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      NODE,
      ["server/cli/audit.ts", ...args],
      { cwd: REPO, env: { ...process.env, ALLOW_PRIVATE_NETWORKS: "", ...env }, timeout: 30_000, maxBuffer: 20 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const JENA_ROOT = testSitePath("jena-apache-org");
let site: { base: string; close: () => Promise<void> };

beforeAll(async () => {
  const served = await serveStatic(JENA_ROOT);
  site = { base: served.origin, close: served.close };
});

afterAll(async () => {
  await site.close();
});

describe("spec 1 and 2 (/analyzer) — npm run audit CLI", () => {
  it("--json prints one AnalyzerReport whose title matches the file on disk", async () => {
    const html = await readFile(path.join(JENA_ROOT, "index.html"), "utf8");
    const expected = regexFacts(html, `${site.base}/index.html`);
    const run = await audit([`${site.base}/index.html`, "--json", "--allow-private"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      url: `${site.base}/index.html`,
      finalUrl: `${site.base}/index.html`,
      statusCode: 200,
      page: {
        title: expected.title,
        metaDescription: expected.metaDescription,
        canonical: expected.canonical,
        h1: expected.h1,
        lang: expected.lang,
      },
    });
    for (const key of ["dnsMs", "connectMs", "ttfbMs", "downloadMs", "totalMs"]) expect(report.timings).toHaveProperty(key);
    expect(Array.isArray(report.page.robots)).toBe(true);
    expect(Array.isArray(report.page.hreflang)).toBe(true);
    expect(report.issues.length).toBeGreaterThan(0);
    for (const issue of report.issues) {
      expect(issue).toMatchObject({
        check: expect.any(String),
        severity: expect.stringMatching(/^(error|warning|notice)$/),
        message: expect.any(String),
        url: `${site.base}/index.html`,
      });
    }
    expect(typeof report.summary.score).toBe("number");
  });

  it("prints a readable summary without --json", async () => {
    const run = await audit([`${site.base}/tutorials/rdf_api.html`, "--allow-private"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Title:        Apache Jena - An Introduction to RDF and the Jena RDF API");
    expect(run.stdout).toContain(`URL:          ${site.base}/tutorials/rdf_api.html`);
    expect(run.stdout).toMatch(/Warnings \(\d+\)/);
    expect(run.stdout).toContain("Fix:");
  });

  it("ALLOW_PRIVATE_NETWORKS=1 also opens loopback", async () => {
    const run = await audit([`${site.base}/index.html`, "--json"], { ALLOW_PRIVATE_NETWORKS: "1" });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).statusCode).toBe(200);
  });

  it("exits 2 on bad usage", async () => {
    for (const args of [
      [],
      ["a.example", "b.example"],
      ["--bogus", "example.com"],
      ["example.com", "--timeout", "soon"],
      ["not a domain"],
    ]) {
      const run = await audit(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain("Usage:");
    }
  });

  it("refuses a loopback URL without --allow-private (exit 2, spec 8 message)", async () => {
    const run = await audit([`${site.base}/index.html`, "--json"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Enter your valid domain");
  });

  it("exits 1 with a clear message when the page cannot be fetched", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const run = await audit([`http://127.0.0.1:${port}/`, "--json", "--allow-private"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`could not analyse http://127.0.0.1:${port}/`);
    expect(run.stderr).toContain("(network)");
  });

  it("--list-checks --json prints the catalogue", async () => {
    const run = await audit(["--list-checks", "--json"]);
    expect(run.code).toBe(0);
    const list = JSON.parse(run.stdout);
    expect(list).toEqual(
      auditCatalogue().map(({ id, category, severity, title }) => ({ id, category, severity, title: englishText(title) })),
    );
    expect(new Set(list.map((c: { id: string }) => c.id)).size).toBeGreaterThanOrEqual(120);
    expect(new Set(list.map((c: { category: string }) => c.category)).size).toBeGreaterThanOrEqual(12);
  });
});
