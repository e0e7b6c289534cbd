/**
 * Site speed per project (issue 12.2): sample the latest audit's pages by template and queue a
 * speed test for each (bounded by the worker's concurrency, each test showing its queue position),
 * and the table by template: the median mobile performance score and LCP of each template's
 * latest sample tests.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { speedTests } from "../db/schema.server.ts";
import { AppError } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import type { SpeedResult } from "./model.ts";
import { projectPageUrls } from "./project-pages.server.ts";
import { startSpeedTest } from "./start.server.ts";
import { sampleByTemplate } from "./templates.ts";

/**
 * Queues speed tests of `perTemplate` pages per template of the project's latest audit.
 * @throws AppError "not_found" (field "idp"), "conflict" when the project has no finished audit.
 */
export async function sampleSiteSpeed(o: { services: Services; owner: Owner; projectId: number; perTemplate?: number; runs?: number }) {
  await authorize({ db: o.services.db, owner: o.owner, resource: "project", id: o.projectId, action: "change", field: "idp" });
  const urls = await projectPageUrls({ db: o.services.db, owner: o.owner, projectId: o.projectId, limit: 50_000 });
  if (urls.length === 0) throw new AppError("conflict", "Run an audit of this project first: its pages are sampled by template.", "idp");
  const groups = sampleByTemplate(urls, o.perTemplate ?? 3);
  const queued: number[] = [];
  for (const g of groups) {
    for (const url of g.urls) {
      const { testId } = await startSpeedTest({
        services: o.services,
        owner: o.owner,
        url,
        projectId: o.projectId,
        template: g.template,
        runs: o.runs,
      });
      queued.push(testId);
    }
  }
  return { templates: groups.length, tests: queued };
}

/** One template's row: pages tested, how many still wait or run, median mobile score and LCP (ms). */
export interface TemplateRow {
  template: string;
  tested: number;
  pending: number;
  performance: number | null;
  lcpMs: number | null;
}

const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The table by template from each sampled URL's latest test. */
export async function siteSpeedByTemplate(o: { db: Database; owner: Owner; projectId: number }): Promise<TemplateRow[]> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read", field: "idp" });
  const rows = await o.db
    .selectDistinctOn([speedTests.url], {
      url: speedTests.url,
      template: speedTests.template,
      status: speedTests.status,
      mobile: speedTests.mobile,
    })
    .from(speedTests)
    .where(and(eq(speedTests.projectId, o.projectId), isNotNull(speedTests.template)))
    .orderBy(speedTests.url, desc(speedTests.id));
  const by = new Map<string, typeof rows>();
  for (const r of rows) by.set(r.template!, [...(by.get(r.template!) ?? []), r]);
  return [...by]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([template, list]) => {
      const done = list.filter((r) => r.status === "done" && r.mobile).map((r) => (r.mobile as SpeedResult).median);
      return {
        template,
        tested: done.length,
        pending: list.filter((r) => r.status === "queued" || r.status === "running").length,
        performance: median(done.map((m) => m.scores.performance).filter((v): v is number => v !== null)),
        lcpMs: median(done.map((m) => m.metrics.find((x) => x.id === "lcp")?.value).filter((v): v is number => typeof v === "number")),
      };
    });
}
