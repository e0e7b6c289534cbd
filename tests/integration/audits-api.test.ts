import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { serveSite, walkSite } from "../helpers/site-model.ts";
import { testSitePath } from "../helpers/static-site.ts";

type Json = Record<string, unknown>;

describe.each(databaseKinds)("issue 3 /api/audits on %s", (kind) => {
  let services: Services;
  let api: ReturnType<typeof createApi>;
  let site: Awaited<ReturnType<typeof serveSite>>;
  let cookie = "";
  let auditId = 0;

  beforeAll(async () => {
    services = await startTestServices(kind);
    api = createApi(services);
    site = await serveSite(testSitePath());
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await services?.close();
  }, 180_000);

  const call = async (method: string, p: string, body?: unknown, withCookie = true) => {
    const res = await api.request(p, {
      method,
      headers: { "content-type": "application/json", ...(withCookie && cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    if (set && withCookie) cookie = set.split(";")[0]!;
    return res;
  };

  it("refuses bad input with a 4xx naming the field", async () => {
    const cases: [unknown, string][] = [
      [{}, "url"],
      [{ url: "not a domain" }, "url"],
      [{ url: site.origin, settings: { maxPages: 0 } }, "settings.maxPages"],
      [{ url: site.origin, settings: { exclude: ["("] } }, "settings.exclude"],
      [{ url: site.origin, settings: { queryParams: "drop" } }, "settings.queryParams"],
      [{ projectId: 999_999 }, "projectId"],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", "/audits/start", body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    expect((await call("GET", "/audits/abc/status")).status).toBe(422);
    const pages = await call("GET", "/audits/1/pages?status=7xx");
    expect(((await pages.json()) as { error: { field: string } }).error.field).toBe("status");
  }, 180_000);

  it("starts a audit, streams progress until done, and serves overview, pages, page detail and issues", async () => {
    const res = await call("POST", "/audits/start", { url: `${site.origin}/`, settings: { maxPages: 1000, concurrency: 4 } });
    expect(res.status).toBe(201);
    auditId = ((await res.json()) as { auditId: number }).auditId;

    const events = await call("GET", `/audits/${auditId}/events`);
    expect(events.headers.get("content-type")).toMatch(/text\/event-stream/);
    const text = await events.text();
    const progress = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as Json);
    expect(progress.at(-1)).toMatchObject({ status: "done" });
    for (const key of ["pagesDone", "pagesQueued", "errors", "pagesPerSecond", "elapsedMs", "etaMs"])
      expect(progress[0]).toHaveProperty(key);

    const expected = walkSite(testSitePath(), site.origin, (p) => p.startsWith("/404/"));
    const status = (await (await call("GET", `/audits/${auditId}/status`)).json()) as Json;
    expect(status.pagesDone).toBe(expected.depth.size);

    const overview = (await (await call("GET", `/audits/${auditId}`)).json()) as { audit: Json; issues: { check: string; urls: number }[] };
    expect(overview.audit.status).toBe("done");
    expect(overview.issues.length).toBeGreaterThan(5);

    const broken = (await (await call("GET", `/audits/${auditId}/pages?status=4xx&limit=500`)).json()) as {
      total: number;
      rows: { url: string }[];
    };
    expect(broken.total).toBe(expected.broken.size);
    expect(new Set(broken.rows.map((r) => r.url))).toEqual(expected.broken);
    const sorted = (await (await call("GET", `/audits/${auditId}/pages?sort=inlinks&order=desc&limit=3&status=2xx`)).json()) as {
      rows: { inlinks: number }[];
    };
    expect(sorted.rows.map((r) => r.inlinks)).toEqual([...sorted.rows.map((r) => r.inlinks)].sort((a, b) => b - a));

    const home = (await (await call("GET", `/audits/${auditId}/page?url=${encodeURIComponent(`${site.origin}/`)}`)).json()) as {
      statusCode: number;
      depth: number;
      outgoing: unknown[];
    };
    expect(home).toMatchObject({ statusCode: 200, depth: 0 });
    expect(home.outgoing.length).toBeGreaterThan(10);

    const check = overview.issues.find((i) => i.check === "status-4xx")!;
    const detail = (await (await call("GET", `/audits/${auditId}/issues/status-4xx`)).json()) as {
      total: number;
      title: string;
      fix: string;
    };
    expect(detail.total).toBe(check.urls);
    expect(detail.fix.length).toBeGreaterThan(10);
  }, 180_000);

  it("exports pages and issues as CSV and XLSX", async () => {
    const csv = await call("GET", `/audits/${auditId}/export/pages.csv`);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="audit-\d+-pages\.csv"/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^URL,Status,/);
    const status = (await (await call("GET", `/audits/${auditId}/status`)).json()) as { pagesDone: number };
    expect(lines).toHaveLength(status.pagesDone + 1);

    const xlsx = await call("GET", `/audits/${auditId}/export/issues.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet("Issues")!;
    const issuesCsv = (await (await call("GET", `/audits/${auditId}/export/issues.csv`)).text()).trim().split("\r\n");
    expect(sheet.rowCount).toBe(issuesCsv.length);
    expect(sheet.getRow(1).getCell(1).value).toBe("Check");
    expect((await call("GET", `/audits/${auditId}/export/pages.pdf`)).status).toBe(422);
    expect((await call("GET", `/audits/${auditId}/export/pages.csv?lang=xx`)).status).toBe(422);
    // Issue 15: ?lang= picks the language of the headings (English per text until translated).
    const german = (await (await call("GET", `/audits/${auditId}/export/issues.csv?lang=de`)).text()).trim().split("\r\n");
    expect(german).toHaveLength(issuesCsv.length);
  }, 180_000);

  it("hides a crawl from other visitors and cancels only unfinished crawls", async () => {
    expect((await call("GET", `/audits/${auditId}`, undefined, false)).status).toBe(404);
    const cancelled = (await (await call("POST", `/audits/${auditId}/cancel`)).json()) as { cancelled: boolean };
    expect(cancelled.cancelled).toBe(false);
  }, 180_000);

  it("sets, reads and removes a project's re-crawl schedule", async () => {
    const added = await call("POST", "/project/add_site_wow", { page: `${site.origin}/` });
    const idp = ((await added.json()) as { ids_project: number[] }).ids_project[0]!;
    const bad = await call("POST", "/audits/schedule", { projectId: idp, frequency: "hourly" });
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe("frequency");
    const set = (await (
      await call("POST", "/audits/schedule", { projectId: idp, frequency: "weekly", settings: { maxPages: 50 } })
    ).json()) as { schedule: Json };
    expect(set.schedule).toMatchObject({ projectId: idp, frequency: "weekly", cron: "0 3 * * 1" });
    const read = (await (await call("GET", `/audits/schedule?projectId=${idp}`)).json()) as {
      schedule: { settings: { maxPages: number } };
    };
    expect(read.schedule.settings.maxPages).toBe(50);
    const schedules = await services.jobs.getSchedules();
    expect(schedules.some((s) => s.key === `project-${idp}` && s.cron === "0 3 * * 1")).toBe(true);
    expect((await (await call("DELETE", "/audits/schedule", { projectId: idp })).json()) as Json).toEqual({ removed: true });
    expect((await services.jobs.getSchedules()).some((s) => s.key === `project-${idp}`)).toBe(false);
  }, 180_000);
});
