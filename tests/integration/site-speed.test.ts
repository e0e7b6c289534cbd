import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import type { Services } from "../../server/services.server.ts";
import { getSpeedTest } from "../../server/speed/get.server.ts";
import { sampleSiteSpeed, siteSpeedByTemplate } from "../../server/speed/site-speed.server.ts";
import { sampleByTemplate, templateOf } from "../../server/speed/templates.ts";
import { startTestServices } from "../helpers/services.ts";
import { fixtureAudit, fixtureProject, fixtureSpeedTest } from "../helpers/speed-fixtures.ts";

const none = { performance: null, lcpMs: null, tbtMs: null, cls: null };
const medians = (performance: number | null, lcpMs: number | null) =>
  performance === null ? none : { performance, lcpMs, tbtMs: 0, cls: 0 };
const u = (p: string) => `http://127.0.0.1:8080${p}`; // resolvable: starting a test vets the host

describe("issue 12.2 site speed per project: pages sampled by template, queue positions, table by template", () => {
  it("templates: dynamic and last segments become *, a few pages of each spread over the group", () => {
    expect(templateOf(u("/"))).toBe("/");
    expect(templateOf(u("/about.html"))).toBe("/*");
    expect(templateOf(u("/blog/2024/post.html"))).toBe("/blog/*/*");
    expect(templateOf(u("/p/123/reviews"))).toBe("/p/*/*");
    const urls = ["/", "/a", "/b", "/blog/1", "/blog/2", "/blog/3", "/blog/4", "/blog/5"].map(u);
    expect(sampleByTemplate(urls, 3)).toEqual([
      { template: "/", urls: [u("/")], total: 1 },
      { template: "/*", urls: [u("/a"), u("/b")], total: 2 },
      { template: "/blog/*", urls: [u("/blog/1"), u("/blog/3"), u("/blog/5")], total: 5 },
    ]);
  });

  let services: Services;
  let projectId: number;
  const owner: Owner = { visitorId: null, userId: 41 };
  beforeAll(async () => {
    services = await startTestServices("pglite", { IN_PROCESS_WORKER: "0" });
    projectId = await fixtureProject(services.db, 41);
    const page = (p: string) => ({ url: u(p), wordCount: 100, inlinks: 1, linkScore: 1 });
    await fixtureAudit(services.db, projectId, ["/", "/a", "/b", "/blog/1", "/blog/2", "/blog/3", "/blog/4"].map(page));
  });
  afterAll(() => services?.close());

  it("queues one test per sampled page, each with its template and its place in the queue", async () => {
    const r = await sampleSiteSpeed({ services, owner, projectId, perTemplate: 2 });
    expect(r.templates).toBe(3);
    const tests = await Promise.all(r.tests.map((testId) => getSpeedTest({ db: services.db, owner, testId })));
    expect(tests.map((t) => [t.template, t.url, t.status, t.queuePosition])).toEqual([
      ["/", u("/"), "queued", 1],
      ["/*", u("/a"), "queued", 2],
      ["/*", u("/b"), "queued", 3],
      ["/blog/*", u("/blog/1"), "queued", 4],
      ["/blog/*", u("/blog/4"), "queued", 5],
    ]);
  });

  it("the table by template takes each sampled page's latest test; medians of score and LCP", async () => {
    await fixtureSpeedTest(services.db, projectId, u("/a"), 80, 2000, new Date(), "/*");
    await fixtureSpeedTest(services.db, projectId, u("/b"), 60, 3000, new Date(), "/*");
    await fixtureSpeedTest(services.db, projectId, u("/blog/1"), 90, 1500, new Date(), "/blog/*");
    expect(await siteSpeedByTemplate({ db: services.db, owner, projectId })).toEqual([
      { template: "/", tested: 0, pending: 1, mobile: medians(null, null), desktop: none },
      { template: "/*", tested: 2, pending: 0, mobile: medians(70, 2500), desktop: none },
      { template: "/blog/*", tested: 1, pending: 1, mobile: medians(90, 1500), desktop: none },
    ]);
  });

  it("another user cannot sample or read the project", async () => {
    const other: Owner = { visitorId: null, userId: 42 };
    await expect(sampleSiteSpeed({ services, owner: other, projectId })).rejects.toMatchObject({ code: "not_found" });
    await expect(siteSpeedByTemplate({ db: services.db, owner: other, projectId })).rejects.toMatchObject({ code: "not_found" });
  });
});
