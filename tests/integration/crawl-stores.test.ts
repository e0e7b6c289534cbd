import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { type AuditReportJson, auditForCli } from "../../server/crawler/cli.server.ts";
import { serveSite } from "../helpers/site-model.ts";
import { testSitePath } from "../helpers/static-site.ts";

/**
 * The report without what depends on the clock: the wall time, and "slow-ttfb" (response times of
 * a loopback server in this same process) with the counts and score it feeds. Rows in one order
 * (ids depend on batch timing in either store).
 */
function comparable(json: string) {
  const r = JSON.parse(json) as AuditReportJson;
  for (const severity of ["error", "warning", "notice"] as const)
    expect(r.summary.issuesBySeverity[severity]).toBe(r.issues.filter((i) => i.severity === severity).length);
  const { startUrl, status, pagesCrawled } = r.summary;
  const summary = { startUrl, status, pagesCrawled };
  const key = (i: AuditReportJson["issues"][number]) =>
    `${i.check}\u0000${i.url}\u0000${i.details.message}\u0000${i.details.evidence ?? ""}`;
  return {
    summary,
    pages: [...r.pages].sort((a, b) => (a.url < b.url ? -1 : 1)),
    issues: r.issues.filter((i) => i.check !== "slow-ttfb").sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)),
  };
}

describe("issue 14.1 CrawlStore — the in-memory store (pages parsed in a worker thread) and the database store (parsed in the crawl's thread) give the same report (jena-apache-org)", () => {
  let site: Awaited<ReturnType<typeof serveSite>>;
  beforeAll(async () => {
    site = await serveSite(testSitePath("jena-apache-org"));
  });
  afterAll(() => site?.close());

  it.each([
    ["the whole site, resources checked", { maxPages: 5000, checkResources: true }],
    ["a page limit that cuts the crawl", { maxPages: 40, concurrency: 3 }],
  ])(
    "%s",
    async (_name, raw) => {
      const settings = crawlSettingsSchema.parse(raw);
      const run = (store: "memory" | "database", format: "json" | "csv") =>
        auditForCli(`${site.origin}/`, { settings, allowPrivate: true, format, store, threads: store === "memory" ? 1 : 0 });
      const memory = comparable(await run("memory", "json"));
      const database = comparable(await run("database", "json"));
      expect(memory.pages.length).toBeGreaterThan(raw.maxPages === 40 ? 39 : 300);
      expect(memory.issues.length).toBeGreaterThan(0);
      expect(memory).toEqual(database);
      const lines = async (store: "memory" | "database") =>
        (await run(store, "csv"))
          .split("\r\n")
          .filter((l) => !l.startsWith("slow-ttfb,"))
          .sort();
      expect(await lines("memory")).toEqual(await lines("database"));
    },
    600_000,
  );
});
