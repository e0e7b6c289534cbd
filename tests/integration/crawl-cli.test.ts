import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditReportJson } from "../../server/crawler/cli.server.ts";
import { serveSite, walkSite } from "../helpers/site-model.ts";
import { testSitePath } from "../helpers/static-site.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs `npm run audit -- …` as the user would (node server/cli/audit.ts). */
function audit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "server/cli/audit.ts"), ...args], {
      cwd: root,
      env: { ...process.env, ALLOW_PRIVATE_NETWORKS: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("issue 3 CLI — npm run audit -- <url> --crawl", () => {
  let site: Awaited<ReturnType<typeof serveSite>>;
  beforeAll(async () => {
    site = await serveSite(testSitePath());
  });
  afterAll(() => site?.close());

  it("--json prints summary, pages and issues of the whole crawl", async () => {
    const { code, stdout } = await audit([
      `${site.origin}/`,
      "--crawl",
      "--json",
      "--allow-private",
      "--max-depth",
      "1",
      "--concurrency",
      "4",
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as AuditReportJson;
    const walk = walkSite(testSitePath(), site.origin, (p) => p.startsWith("/404/"));
    const expected = [...walk.depth].filter(([, d]) => d <= 1).map(([u]) => u);
    expect(new Set(report.pages.map((p) => p.url))).toEqual(new Set(expected));
    expect(report.summary.pagesCrawled).toBe(expected.length);
    expect(report.summary.healthScore).toBeGreaterThanOrEqual(0);
    expect(report.summary.durationMs).toBeGreaterThan(0);
    for (const severity of ["error", "warning", "notice"] as const) {
      expect(report.summary.issuesBySeverity[severity]).toBe(report.issues.filter((i) => i.severity === severity).length);
    }
    const home = report.pages.find((p) => p.url === `${site.origin}/`)!;
    expect(home).toMatchObject({ statusCode: 200, depth: 0, title: "Apache Jena - Home" });
    for (const key of ["metaDescription", "canonical", "inlinks", "indexable"]) expect(home).toHaveProperty(key);
    expect(report.issues[0]).toEqual({
      check: expect.any(String),
      severity: expect.any(String),
      url: expect.any(String),
      details: expect.objectContaining({ message: expect.any(String) }),
    });
  }, 120_000);

  it("--csv prints the issues; bad flags exit 2 naming the flag; private addresses need --allow-private", async () => {
    const csv = await audit([`${site.origin}/`, "--crawl", "--csv", "--allow-private", "--max-pages", "5"]);
    expect(csv.code).toBe(0);
    expect(csv.stdout.split("\r\n")[0]).toBe("Check,Category,Severity,Title,URL,Message,Evidence,Link target");
    const bad = await audit([`${site.origin}/`, "--crawl", "--max-pages", "0", "--allow-private"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--max-pages/);
    const both = await audit([`${site.origin}/`, "--crawl", "--json", "--csv", "--allow-private"]);
    expect(both.code).toBe(2);
    const refused = await audit([`${site.origin}/`, "--crawl"]);
    expect(refused.code).toBe(2);
  }, 120_000);
});

/** Module URLs a CLI run loads: a resolve hook (module.registerHooks) lists them on stderr at exit. */
const LIST_MODULES = `data:text/javascript,${encodeURIComponent(
  'import { registerHooks } from "node:module"; const seen = new Set(); registerHooks({ resolve(s, c, next) { const r = next(s, c); seen.add(r.url); return r; } }); process.on("exit", () => process.stderr.write("LOADED " + JSON.stringify([...seen]) + "\\n"));',
)}`;

describe("issue 14.1: the in-memory CLI audit loads only what it uses", () => {
  let site: Awaited<ReturnType<typeof serveSite>>;
  beforeAll(async () => {
    site = await serveSite(testSitePath());
  });
  afterAll(() => site?.close());

  it("a --crawl audit in memory never loads the database layer (Drizzle, pg, the schema)", async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          "--import",
          LIST_MODULES,
          path.join(root, "server/cli/audit.ts"),
          `${site.origin}/`,
          "--crawl",
          "--csv",
          "--allow-private",
          "--max-pages",
          "5",
        ],
        { cwd: root, stdio: ["ignore", "ignore", "pipe"] },
      );
      let err = "";
      child.stderr.on("data", (d: Buffer) => (err += d.toString()));
      child.on("close", (c) => resolve({ code: c, stderr: err }));
    });
    expect(code).toBe(0);
    const line = stderr.split("\n").find((l) => l.startsWith("LOADED "));
    const loaded = JSON.parse(line!.slice("LOADED ".length)) as string[];
    expect(loaded.some((u) => u.endsWith("/server/crawler/memory-store.server.ts"))).toBe(true);
    expect(loaded.filter((u) => /\/node_modules\/(drizzle-orm|pg|@electric-sql\/pglite)\/|\/server\/db\//.test(u))).toEqual([]);
  });
});
