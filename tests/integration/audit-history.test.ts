import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProjectAudit } from "../../server/audit/history.server.ts";
import { auditIssues, audits, projects } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

describe.each(databaseKinds)("issue 3 project screen: audit history and comparison on %s", (kind) => {
  let services: Services;
  let projectId: number;
  beforeAll(async () => {
    services = await startTestServices(kind);
    const [p] = await services.db
      .insert(projects)
      .values({ domain: "example.com", url: "https://example.com/" })
      .returning({ id: projects.id });
    projectId = p!.id;
    const settings = {};
    const add = async (status: "done" | "running", healthScore: number | null, issues: [string, string, string][]) => {
      const [c] = await services.db
        .insert(audits)
        .values({ projectId, startUrl: "https://example.com/", settings, status, healthScore })
        .returning({ id: audits.id });
      if (issues.length)
        await services.db.insert(auditIssues).values(
          issues.map(([check, severity, url]) => ({
            auditId: c!.id,
            check,
            category: "links",
            severity,
            url,
            details: { message: "m" },
          })),
        );
      return c!.id;
    };
    await add("done", 70, [
      ["links-broken-internal", "error", "https://example.com/a"],
      ["links-broken-internal", "error", "https://example.com/b"],
      ["title-duplicate", "warning", "https://example.com/c"],
    ]);
    await add("done", 85, [
      ["links-broken-internal", "error", "https://example.com/b"],
      ["orphan-page", "warning", "https://example.com/d"],
      ["orphan-page", "warning", "https://example.com/e"],
      ["og-missing", "notice", "https://example.com/"],
    ]);
    await add("running", null, []);
  });
  afterAll(async () => {
    await services?.close();
  });

  it("lists the latest audit, the trend of finished audits and the top issues of the last one", async () => {
    const audit = await getProjectAudit(services.db, projectId);
    expect(audit.latest?.status).toBe("running");
    expect(audit.lastDone?.healthScore).toBe(85);
    expect(audit.trend.map((t) => t.healthScore)).toEqual([70, 85]);
    expect(audit.topIssues.map((i) => [i.check, i.urls])).toEqual([
      ["links-broken-internal", 1],
      ["orphan-page", 2],
      ["og-missing", 1],
    ]);
    expect(audit.topIssues[0]!.title).toBe("Broken internal link");
  });

  it("compares the last finished crawl with the one before: new, fixed, persisting", async () => {
    const { comparison } = await getProjectAudit(services.db, projectId);
    expect(comparison?.scoreDelta).toBe(15);
    expect(comparison?.totals).toEqual({ new: 3, fixed: 2, persisting: 1 });
    expect(comparison?.checks.find((c) => c.check === "links-broken-internal")).toMatchObject({
      fixedUrls: ["https://example.com/a"],
      persisting: 1,
    });
  });

  it("has nothing for a project without crawls", async () => {
    const [p] = await services.db
      .insert(projects)
      .values({ domain: "empty.com", url: "https://empty.com/" })
      .returning({ id: projects.id });
    expect(await getProjectAudit(services.db, p!.id)).toEqual({ latest: null, lastDone: null, trend: [], topIssues: [], comparison: null });
  });
});
