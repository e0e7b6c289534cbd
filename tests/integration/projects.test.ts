import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as projectLoader } from "../../app/routes/project.tsx";
import type { Owner } from "../../server/access/owner.server.ts";
import { setSchedule } from "../../server/audit/schedule.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { auditSchedules, audits, pageAnalyses, projects, visitors } from "../../server/db/schema.server.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { addSiteWow } from "../../server/project/add-site.server.ts";
import { startAutoAudit } from "../../server/project/auto-audit.server.ts";
import { checkSite } from "../../server/project/check-site.server.ts";
import { filterUrl } from "../../server/project/filter-url.server.ts";
import { createGroup, deleteGroup, listGroups, moveProject, renameGroup } from "../../server/project/groups.server.ts";
import { listProjectCards } from "../../server/project/list-projects.server.ts";
import { deleteProject, projectFormSchema, renameProject } from "../../server/project/manage.server.ts";
import { healthSparkline } from "../../server/project/sparkline.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";
import { serveTinySite } from "../helpers/tiny-site.ts";
import { waitFor } from "../helpers/wait.ts";

const summary = (pagesCrawled: number, errors: number, healthScore: number) => ({
  pagesCrawled,
  indexablePages: pagesCrawled,
  issuesBySeverity: { error: errors, warning: 1, notice: 0 },
  checksFailedBySeverity: { error: 1, warning: 1, notice: 0 },
  checksRun: 50,
  healthScore,
});

describe("issue 8.5/8.7 projects (spec 2 /project, /project/group, auto=1; spec 5 start box)", () => {
  let s: Services;
  let site: Awaited<ReturnType<typeof serveTinySite>>;
  let guest: Owner;
  let other: Owner;
  const user: Owner = { visitorId: null, userId: 4242 };

  beforeAll(async () => {
    s = await startTestServices("pglite");
    site = await serveTinySite();
    const [a, b] = await s.db.insert(visitors).values([{}, {}]).returning({ id: visitors.id });
    guest = { visitorId: a!.id, userId: null };
    other = { visitorId: b!.id, userId: null };
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await s?.close();
  }, 60_000);

  it("spec 5: without a scheme https is tried, then http; a typed port is kept to the project", async () => {
    const typed = site.origin.replace("http://", "");
    expect(filterUrl(typed, { allowLoopback: true }).domain_before).toBe(typed);
    const checked = await checkSite(s, { domain: typed, pagelink: typed });
    expect(checked).toMatchObject({ result: "reachable", page: `${site.origin}/`, domain: typed });
    const https = await checkSite(s, { domain: typed, pagelink: `https://${typed}` });
    expect(https.result).toBe("unreachable");
    const added = await addSiteWow({ services: s, owner: guest, page: checked.page });
    const [row] = await s.db.select().from(projects).where(eq(projects.id, added.ids_project[0]!));
    expect(row).toMatchObject({ domain: typed, url: `${site.origin}/` });
  });

  it("issue 8.5: one project per normalised site per owner; adding it again answers the existing one", async () => {
    const first = await addSiteWow({ services: s, owner: guest, page: `${site.origin}/` });
    const again = await addSiteWow({ services: s, owner: guest, page: `${site.origin}/a.html` });
    expect(again.ids_project).toEqual(first.ids_project);
    expect(again.analysisId).toBeUndefined();
    const elsewhere = await addSiteWow({ services: s, owner: other, page: `${site.origin}/` });
    expect(elsewhere.ids_project[0]).not.toBe(first.ids_project[0]);
    const mine = await listProjectCards({ services: s, owner: guest });
    expect(mine.filter((p) => p.url.startsWith(site.origin))).toHaveLength(1);
  });

  it("issue 8.5: the list shows health, last audit, pages, errors and the trend of the finished audits", async () => {
    const { ids_project } = await addSiteWow({ services: s, owner: user, page: "https://example.com/" });
    const projectId = ids_project[0]!;
    const day = (d: number) => new Date(Date.UTC(2026, 10, d));
    await s.db.insert(audits).values([
      {
        projectId,
        startUrl: "https://example.com/",
        settings: {},
        status: "done",
        healthScore: 61,
        summary: summary(40, 9, 61),
        finishedAt: day(1),
      },
      { projectId, startUrl: "https://example.com/", settings: {}, status: "failed", finishedAt: day(2) },
      {
        projectId,
        startUrl: "https://example.com/",
        settings: {},
        status: "done",
        healthScore: 74,
        summary: summary(42, 5, 74),
        finishedAt: day(3),
      },
      { projectId, startUrl: "https://example.com/", settings: {}, status: "running" },
    ]);
    const [card] = await listProjectCards({ services: s, owner: user });
    expect(card).toMatchObject({
      id: projectId,
      name: "example.com",
      lastAudit: { healthScore: 74, pagesCrawled: 42, errors: 5, finishedAt: day(3).toISOString() },
      activeAudit: { status: "running" },
      trend: [
        { healthScore: 61, finishedAt: day(1).toISOString() },
        { healthScore: 74, finishedAt: day(3).toISOString() },
      ],
    });
    const chart = healthSparkline(card!);
    expect(chart?.svg).toMatch(/^<svg/);
    expect(chart?.table.rows).toEqual([
      ["2026-11-01", 61],
      ["2026-11-03", 74],
    ]);
    expect(healthSparkline({ name: "x", trend: [{ healthScore: 1, finishedAt: day(1).toISOString() }] })).toBeNull();
  });

  it("issue 8.5: rename, groups (create, rename, move, filter, delete keeps the projects); only the owner", async () => {
    const [card] = await listProjectCards({ services: s, owner: user });
    await renameProject({ services: s, owner: user, projectId: card!.id, name: "Shop" });
    await expect(renameProject({ services: s, owner: other, projectId: card!.id, name: "Mine" })).rejects.toMatchObject({
      code: "not_found",
      field: "idp",
    });
    const groupId = await createGroup({ services: s, owner: user, name: "Clients" });
    await expect(createGroup({ services: s, owner: user, name: "clients" })).rejects.toMatchObject({ code: "conflict", field: "name" });
    await renameGroup({ services: s, owner: user, groupId, name: "Client A" });
    await expect(moveProject({ services: s, owner: other, projectId: card!.id, groupId })).rejects.toMatchObject({ code: "not_found" });
    await moveProject({ services: s, owner: user, projectId: card!.id, groupId });
    expect(await listGroups({ services: s, owner: user })).toEqual([{ id: groupId, name: "Client A", projects: 1 }]);
    expect(await listGroups({ services: s, owner: other })).toEqual([]);
    const inGroup = await listProjectCards({ services: s, owner: user, groupId });
    expect(inGroup.map((p) => [p.name, p.groupName])).toEqual([["Shop", "Client A"]]);
    expect(await listProjectCards({ services: s, owner: user, groupId: 0 })).toEqual([]);
    await deleteGroup({ services: s, owner: user, groupId });
    const [after] = await listProjectCards({ services: s, owner: user });
    expect(after).toMatchObject({ id: card!.id, name: "Shop", groupId: null });
  });

  it("issue 8.5: delete needs the confirmation and removes the project's audits, schedule and analyses", async () => {
    const [card] = await listProjectCards({ services: s, owner: user });
    const id = card!.id;
    expect(projectFormSchema.safeParse({ intent: "delete", idp: String(id) }).success).toBe(false);
    expect(projectFormSchema.parse({ intent: "delete", idp: String(id), confirm: "1" })).toMatchObject({ intent: "delete", idp: id });
    await setSchedule({ services: s, owner: user, projectId: id, frequency: "weekly", settings: crawlSettingsSchema.parse({}) });
    await expect(deleteProject({ services: s, owner: other, projectId: id })).rejects.toMatchObject({ code: "not_found" });
    await deleteProject({ services: s, owner: user, projectId: id });
    expect(await s.db.select().from(projects).where(eq(projects.id, id))).toEqual([]);
    expect(await s.db.select().from(audits).where(eq(audits.projectId, id))).toEqual([]);
    expect(await s.db.select().from(auditSchedules).where(eq(auditSchedules.projectId, id))).toEqual([]);
    expect(await s.db.select().from(pageAnalyses).where(eq(pageAnalyses.projectId, id))).toEqual([]);
  });

  it("issue 8.7: auto=1 starts the whole-site audit once, redirects to the plain URL, and the audit finishes", async () => {
    const { ids_project } = await addSiteWow({ services: s, owner: guest, page: `${site.origin}/` });
    const projectId = ids_project[0]!;
    const context = new RouterContextProvider();
    context.set(servicesContext, s);
    context.set(requestInfoContext, { visitorId: guest.visitorId, requestId: "t", ip: "", nonce: "", owner: async () => guest });
    const load = (query: string) =>
      projectLoader({ request: new Request(`http://rankforge.test/project?${query}`), context, params: {} } as never) as Promise<unknown>;
    const res = (await load(`idp=${projectId}&auto=1`)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/project?idp=${projectId}`);
    // A client-side navigation fetches the ".data" URL: the redirect still names the screen.
    const data = (await projectLoader({
      request: new Request(`http://rankforge.test/sproject.data?idp=${projectId}&auto=1`),
      context,
      params: {},
    } as never)) as Response;
    expect(data.headers.get("location")).toBe(`/sproject?idp=${projectId}`);
    expect(await startAutoAudit({ services: s, owner: guest as Owner & { visitorId: string }, projectId })).toBeNull();
    const started = await s.db.select().from(audits).where(eq(audits.projectId, projectId));
    expect(started).toHaveLength(1);
    const done = await waitFor(async () => {
      const [a] = await s.db.select().from(audits).where(eq(audits.id, started[0]!.id));
      return a?.status === "done" ? a : null;
    }, 60_000);
    expect(done.healthScore).toBeGreaterThan(0);
    const view = (await load(`idp=${projectId}`)) as { view: string; audit: { lastDone: { id: number } | null }; progress: unknown };
    expect(view).toMatchObject({ view: "project", progress: null, audit: { lastDone: { id: done.id } } });
    await expect(startAutoAudit({ services: s, owner: other as Owner & { visitorId: string }, projectId })).rejects.toMatchObject({
      code: "not_found",
    });
  }, 90_000);
});
