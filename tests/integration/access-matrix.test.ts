import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screens } from "../../common/screens.ts";
import type { Owner } from "../../server/access/owner.server.ts";
import { RESOURCES, type ResourceKind } from "../../server/access/resources.server.ts";
import { authorize, type Action } from "../../server/access/rule.server.ts";
import { API_ROUTES } from "../../server/api/index.server.ts";
import type { ApiRoute } from "../../server/api/route.server.ts";
import {
  audits,
  deliveries,
  orders,
  projectGroups,
  projects,
  rankCompetitors,
  rankEngines,
  rankKeywords,
  reportFiles,
  reports,
  speedTests,
  visitors,
  whiteLabels,
} from "../../server/db/schema.server.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import type { Services } from "../../server/services.server.ts";
import { apiApp, apiClient, signedInClient, type ApiClient } from "../helpers/accounts.ts";
import { startTestServices } from "../helpers/services.ts";

/** Fresh resources held by the owner, one of each kind (a new test fixture per call, so deletes are harmless). */
type Fixture = Record<ResourceKind, number>;

const ACTIONS: Action[] = ["read", "change", "delete"];
const IDENTITIES = ["owner", "another user", "another visitor", "anonymous"] as const;
type Identity = (typeof IDENTITIES)[number];

/**
 * How to call each /api route on an owned resource: query (ids go in the query or path) and JSON
 * body. A route on an owned resource that is missing here fails the test.
 */
const ROUTE_CALLS: Record<string, (f: Fixture) => { path: string; body?: unknown }> = {
  "get /project/status": (f) => ({ path: `/project/status?idp=${f.project}` }),
  "post /audits/start": (f) => ({ path: "/audits/start", body: { projectId: f.project } }),
  "get /audits/schedule": (f) => ({ path: `/audits/schedule?projectId=${f.project}` }),
  "post /audits/schedule": (f) => ({ path: "/audits/schedule", body: { projectId: f.project, frequency: "weekly" } }),
  "delete /audits/schedule": (f) => ({ path: `/audits/schedule?projectId=${f.project}` }),
  "get /audits/:id": (f) => ({ path: `/audits/${f.audit}` }),
  "get /audits/:id/status": (f) => ({ path: `/audits/${f.audit}/status` }),
  "get /audits/:id/events": (f) => ({ path: `/audits/${f.audit}/events` }),
  "post /audits/:id/cancel": (f) => ({ path: `/audits/${f.audit}/cancel` }),
  "get /payments/orders/:order": (f) => ({ path: `/payments/orders/${f.order}` }),
  "post /payments/orders/:order/:action{cancel|resume}": (f) => ({ path: `/payments/orders/${f.order}/cancel` }),
  "get /payments/orders/:order/invoice.pdf": (f) => ({ path: `/payments/orders/${f.order}/invoice.pdf` }),
  "post /payments/sandbox/:order": (f) => ({ path: `/payments/sandbox/${f.order}`, body: { outcome: "cancel" } }),
  "post /reports/delete_report": (f) => ({ path: "/reports/delete_report", body: { id: f.report } }),
  "post /reports/delete_white_label": (f) => ({ path: "/reports/delete_white_label", body: { id: f.whiteLabel } }),
  "post /reports/delete_delivery": (f) => ({ path: "/reports/delete_delivery", body: { id: f.delivery } }),
  "post /reports/generate": (f) => ({ path: "/reports/generate", body: { id: f.report } }),
  "post /reports/close_report": (f) => ({ path: "/reports/close_report", body: { idrg: f.reportFile } }),
  "get /rank/engines": (f) => ({ path: `/rank/engines?idp=${f.project}` }),
  "post /rank/engines": (f) => ({
    path: "/rank/engines",
    body: { idp: f.project, engine: "bing", country: "DE", language: "de", device: "mobile" },
  }),
  "delete /rank/engines/:engineId": (f) => ({ path: `/rank/engines/${f.engine}` }),
  "post /rank/keywords": (f) => ({ path: "/rank/keywords", body: { idp: f.project, keywords: "rank tracker" } }),
  "delete /rank/keywords/:keywordId": (f) => ({ path: `/rank/keywords/${f.keyword}` }),
  "post /rank/competitors": (f) => ({ path: "/rank/competitors", body: { idp: f.project, domain: "other.example" } }),
  "delete /rank/competitors/:competitorId": (f) => ({ path: `/rank/competitors/${f.competitor}` }),
  "get /rank/settings": (f) => ({ path: `/rank/settings?idp=${f.project}` }),
  "post /rank/settings": (f) => ({ path: "/rank/settings", body: { idp: f.project, timeZone: "UTC", checkHour: 6, moveThreshold: 5 } }),
  "post /rank/check": (f) => ({ path: "/rank/check", body: { idp: f.project } }),
  "get /rank/rankings": (f) => ({ path: `/rank/rankings?idp=${f.project}` }),
  "get /rank/rankings/export": (f) => ({ path: `/rank/rankings/export?idp=${f.project}` }),
  "get /search-console/connect": (f) => ({ path: `/search-console/connect?idp=${f.project}` }),
  "get /search-console/sites": (f) => ({ path: `/search-console/sites?idp=${f.project}` }),
  "post /search-console/property": (f) => ({
    path: "/search-console/property",
    body: { idp: f.project, siteUrl: "sc-domain:example.com" },
  }),
  "post /search-console/import": (f) => ({ path: "/search-console/import", body: { idp: f.project } }),
  "post /speed-tests": (f) => ({ path: "/speed-tests", body: { url: "https://example.com/", projectId: f.project } }),
  "get /speed-tests/list": (f) => ({ path: `/speed-tests/list?projectId=${f.project}` }),
  "post /speed-tests/sample": (f) => ({ path: "/speed-tests/sample", body: { projectId: f.project } }),
  "get /speed-tests/templates": (f) => ({ path: `/speed-tests/templates?projectId=${f.project}` }),
  "get /speed-tests/site": (f) => ({ path: `/speed-tests/site?projectId=${f.project}` }),
  "post /speed-tests/budget": (f) => ({ path: "/speed-tests/budget", body: { projectId: f.project, lcpMs: 2500 } }),
  "post /speed-tests/schedule": (f) => ({ path: "/speed-tests/schedule", body: { projectId: f.project, frequency: "weekly" } }),
  "get /speed-tests/:test": (f) => ({ path: `/speed-tests/${f.speedTest}` }),
  "get /best-pages": (f) => ({ path: `/best-pages?projectId=${f.project}` }),
  "get /best-pages/export": (f) => ({ path: `/best-pages/export?projectId=${f.project}` }),
  "get /insights": (f) => ({ path: `/insights?projectId=${f.project}` }),
  "post /insights/state": (f) => ({
    path: "/insights/state",
    body: { projectId: f.project, key: "new-error:title-missing", state: "done" },
  }),
  "post /audits/:id/continue": (f) => ({ path: `/audits/${f.audit}/continue`, body: { maxPages: 1000 } }),
  "get /audits/:id/pages": (f) => ({ path: `/audits/${f.audit}/pages` }),
  "get /audits/:id/page": (f) => ({ path: `/audits/${f.audit}/page?url=${encodeURIComponent("https://example.com/")}` }),
  "get /audits/:id/issues/:check": (f) => ({ path: `/audits/${f.audit}/issues/title-missing` }),
  "get /audits/:id/export/:file": (f) => ({ path: `/audits/${f.audit}/export/pages.csv` }),
  "patch /projects/groups/:groupId{[0-9]+}": (f) => ({ path: `/projects/groups/${f.group}`, body: { name: "Renamed" } }),
  "delete /projects/groups/:groupId{[0-9]+}": (f) => ({ path: `/projects/groups/${f.group}` }),
  "patch /projects/:idp{[0-9]+}": (f) => ({ path: `/projects/${f.project}`, body: { name: "Renamed", groupId: f.group } }),
  "delete /projects/:idp{[0-9]+}": (f) => ({ path: `/projects/${f.project}` }),
  "get /projects/:idp{[0-9]+}/verification": (f) => ({ path: `/projects/${f.project}/verification` }),
  "post /projects/:idp{[0-9]+}/verification": (f) => ({ path: `/projects/${f.project}/verification` }),
};

/** Routes that name no owned resource: public, or the caller's own (their lists are checked below). */
const NOT_OWNED = new Set([
  "post /main/get",
  "post /main/getmanager",
  "post /main/:fn{get[a-z]+}",
  "post /settings/profile",
  "post /settings/notifications",
  "post /settings/delete_account",
  "post /settings/restore_account",
  "post /settings/restore_account_p",
  "post /pagespeed/filter_url",
  "post /project/check_site",
  "post /project/add_site_wow",
  "get /phone/validate",
  "get /phone/flag/:file{[A-Za-z]{2}\\.svg}",
  "get /geo/ip2c",
  "post /support/blockrequest",
  "post /popups/seen",
  "get /audits/list",
  "post /analyzer/analyze",
  "get /chat/messages",
  "post /chat/send",
  "post /chat/reply",
  "get /projects",
  "get /projects/groups",
  "post /projects/groups",
  "get /checkout/:plan",
  "post /payments/webhook/:provider",
  "get /payments/orders",
  "post /affiliate/click",
  "get /affiliate/stats",
  "post /affiliate/payout",
  "post /reports/download_status",
  "post /download/report/:link",
  "get /download/report/:link",
  "get /rank/locations",
  "get /search-console/callback",
]);

const key = (r: ApiRoute) => `${r.method} ${r.path}`;

/** Path parameters that name no owned thing (language, slugs, public pages). */
const PUBLIC_PARAMS = new Set(["lang", "case_slug", "cat_slug", "tag_slug", "post_slug", "url", "id_popup", "status", "rpopup"]);
/** A loader reading an id parameter that names an owned thing: from the path (params.x) or the query (.get("x"), queryId(url, "x")). */
const OWNED_ID = /(?:params\.|\.get\(["']|queryId\([^,]+,\s*["'])(idp|id_project|pid|vald|sid|ids|audit|group|groupId|projectId)\b/;

describe("issue 8.1 access matrix: every resource × {owner, another user, another visitor, anonymous} × {read, change, delete}", () => {
  let s: Services;
  let app: ReturnType<typeof apiApp>;
  let ownerId = 0;
  let clients: Record<Exclude<Identity, "anonymous">, ApiClient> & { secondBrowser: ApiClient };
  const owners = {} as Record<Identity, Owner>;

  const fixture = async (): Promise<Fixture> => {
    const [g] = await s.db.insert(projectGroups).values({ userId: ownerId, name: "G" }).returning({ id: projectGroups.id });
    const [p] = await s.db
      .insert(projects)
      .values({ userId: ownerId, domain: "example.com", url: "https://example.com/", groupId: g!.id })
      .returning({ id: projects.id });
    const [a] = await s.db
      .insert(audits)
      .values({ projectId: p!.id, startUrl: "https://example.com/", settings: {}, status: "done", healthScore: 90, finishedAt: new Date() })
      .returning({ id: audits.id });
    const [o] = await s.db
      .insert(orders)
      .values({ userId: ownerId, productKey: "autoseo-1m", projectIds: [p!.id], totalCents: 9900, provider: "sandbox" })
      .returning({ id: orders.id });
    const [wl] = await s.db.insert(whiteLabels).values({ userId: ownerId, company: "Agency" }).returning({ id: whiteLabels.id });
    const [r] = await s.db.insert(reports).values({ projectId: p!.id, type: "as", format: "pdf" }).returning({ id: reports.id });
    const [rf] = await s.db
      .insert(reportFiles)
      .values({ projectId: p!.id, reportId: r!.id, type: "as", format: "pdf", periodDays: 30, filename: "audit.pdf" })
      .returning({ id: reportFiles.id });
    const [d] = await s.db
      .insert(deliveries)
      .values({ projectId: p!.id, frequency: "weekly", recipients: ["owner@example.com"], types: ["as"], format: "pdf" })
      .returning({ id: deliveries.id });
    const [e] = await s.db
      .insert(rankEngines)
      .values({ projectId: p!.id, engine: "google", country: "US", language: "en", device: "desktop" })
      .returning({ id: rankEngines.id });
    const [k] = await s.db.insert(rankKeywords).values({ projectId: p!.id, keyword: "seo audit" }).returning({ id: rankKeywords.id });
    const [c] = await s.db
      .insert(rankCompetitors)
      .values({ projectId: p!.id, domain: "rival.example" })
      .returning({ id: rankCompetitors.id });
    const [st] = await s.db
      .insert(speedTests)
      .values({ projectId: p!.id, userId: ownerId, url: "https://example.com/", runs: 1 })
      .returning({ id: speedTests.id });
    return {
      speedTest: st!.id,
      project: p!.id,
      audit: a!.id,
      group: g!.id,
      order: o!.id,
      report: r!.id,
      reportFile: rf!.id,
      delivery: d!.id,
      whiteLabel: wl!.id,
      engine: e!.id,
      keyword: k!.id,
      competitor: c!.id,
    };
  };

  const call = async (who: Identity | "secondBrowser", method: string, c: { path: string; body?: unknown }) => {
    const client = who === "anonymous" ? null : clients[who];
    const headers: Record<string, string> = { "content-type": "application/json", origin: "http://localhost:3000" };
    if (client) headers.cookie = client.jar.header();
    const res = await app.request(`/api${c.path}`, {
      method: method.toUpperCase(),
      headers,
      ...(method !== "get" && { body: JSON.stringify(c.body ?? {}) }),
    });
    return res;
  };

  beforeAll(async () => {
    s = await startTestServices("pglite");
    app = apiApp(s);
    const a = await signedInClient(s, app, "owner@example.com");
    ownerId = a.userId;
    const second = await signedInClient(s, app, "owner@example.com").catch(() => null);
    const b = await signedInClient(s, app, "other@example.com");
    const visitor = apiClient(app);
    await visitor.post("/api/projects/groups", { name: "Visitor's" });
    expect(visitor.jar.cookies.has("rf_vid")).toBe(true);
    // The same account signed in on a second browser: a new client, its own cookies.
    const secondBrowser = second?.client ?? apiClient(app);
    if (!second) {
      const res = await secondBrowser.post("/api/auth/sign-in/email", { email: "owner@example.com", password: "secret1" });
      expect(res.status).toBe(200);
    }
    clients = { owner: a.client, "another user": b.client, "another visitor": visitor, secondBrowser };
    const [v1, v2] = await s.db.insert(visitors).values([{}, {}]).returning({ id: visitors.id });
    owners.owner = { userId: ownerId, visitorId: v1!.id };
    owners["another user"] = { userId: b.userId, visitorId: v2!.id };
    owners["another visitor"] = { userId: null, visitorId: v1!.id };
    owners.anonymous = { userId: null, visitorId: null };
  }, 180_000);
  afterAll(() => s?.close(), 60_000);

  it("the rule: only the owner may read, change or delete each kind of resource (a guest's: only its visitor)", async () => {
    const f = await fixture();
    const kinds = Object.keys(RESOURCES) as ResourceKind[];
    expect(Object.keys(f).sort(), "every RESOURCES kind needs a fixture here").toEqual(kinds.sort());
    for (const resource of kinds)
      for (const who of IDENTITIES)
        for (const action of ACTIONS) {
          const outcome = await authorize({ db: s.db, owner: owners[who], resource, id: f[resource], action }).then(
            () => "ok",
            (e: { code?: string }) => e.code,
          );
          expect(outcome, `${resource} ${who} ${action}`).toBe(who === "owner" ? "ok" : "not_found");
        }
    // A guest's project: its visitor, not another visitor, not a user, not anonymous.
    const [g] = await s.db
      .insert(projects)
      .values({ visitorId: owners.owner.visitorId, domain: "g.example", url: "https://g.example/" })
      .returning({ id: projects.id });
    const guest: Owner = { userId: null, visitorId: owners.owner.visitorId };
    for (const [who, ok] of [
      [guest, true],
      [owners["another user"], false],
      [{ userId: null, visitorId: owners["another user"].visitorId }, false],
      [owners.anonymous, false],
    ] as const)
      expect(
        await authorize({ db: s.db, owner: who, resource: "project", id: g!.id, action: "read" }).then(
          () => true,
          () => false,
        ),
      ).toBe(ok);
  });

  it("every registered /api route is in the matrix: on an owned resource others get 404 naming the field; the owner, on any browser, succeeds", async () => {
    for (const r of API_ROUTES) {
      const k = key(r);
      if (r.access.kind !== "resource") {
        expect(NOT_OWNED.has(k), `${k} is not classified in the access matrix`).toBe(true);
        continue;
      }
      const make = ROUTE_CALLS[k];
      expect(make, `${k} (resource ${r.access.resource}) has no call in the access matrix`).toBeDefined();
      for (const who of ["another user", "another visitor", "anonymous"] as const) {
        const res = await call(who, r.method, make!(await fixture()));
        expect(res.status, `${k} as ${who}`).toBe(404);
        expect(((await res.json()) as { error: { field: string } }).error.field, k).toBe(r.access.field);
      }
      for (const who of ["owner", "secondBrowser"] as const) {
        const res = await call(who, r.method, make!(await fixture()));
        // Past the rule: success, or an answer about other input (e.g. a URL not in the audit) — never the resource's 404.
        const body = res.status >= 400 ? ((await res.json()) as { error: { field?: string } }) : null;
        expect(res.status === 404 && body?.error.field === r.access.field, `${k} as ${who}: ${JSON.stringify(body)}`).toBe(false);
        if (!body) await res.body?.cancel();
      }
    }
    for (const k of Object.keys(ROUTE_CALLS))
      expect(
        API_ROUTES.some((r) => key(r) === k),
        `${k} is no longer a route`,
      ).toBe(true);
  }, 120_000);

  it("the caller's own lists show the owner's things to the owner on both browsers, to nobody else", async () => {
    const f = await fixture();
    for (const [path, has] of [
      ["/projects", (body: { id: number }[]) => body.some((p) => p.id === f.project)],
      ["/projects/groups", (body: { id: number }[]) => body.some((g) => g.id === f.group)],
      ["/audits/list", (body: { audits: { id: number }[] }) => body.audits.some((a) => a.id === f.audit)],
    ] as const) {
      for (const who of ["owner", "secondBrowser", "another user", "another visitor", "anonymous"] as const) {
        const res = await call(who, "get", { path });
        const body = res.status === 200 ? await res.json() : null;
        expect(body !== null && (has as (b: unknown) => boolean)(body), `${path} as ${who}`).toBe(
          who === "owner" || who === "secondBrowser",
        );
      }
    }
  });

  it("every loader with an owned id parameter is in the matrix: others get nothing, the owner gets the resource", async () => {
    const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
    const modules = new Set<string>();
    for (const sc of screens) {
      const params = [...sc.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const source = readFileSync(path.join(routesDir, "..", `${sc.module}`), "utf8");
      if (params.some((p) => !PUBLIC_PARAMS.has(p)) || OWNED_ID.test(source)) modules.add(sc.module);
    }
    for (const extra of ["routes/project.tsx", "routes/project-redirect.tsx", "routes/tools.tsx"]) {
      if (OWNED_ID.test(readFileSync(path.join(routesDir, "..", extra), "utf8"))) modules.add(extra);
    }
    const load = async (module: string, who: Identity, url: string, params: Record<string, string>) => {
      const mod = (await import(/* @vite-ignore */ path.join(routesDir, "..", module))) as { loader?: (a: unknown) => Promise<unknown> };
      const context = new RouterContextProvider();
      context.set(servicesContext, s);
      context.set(requestInfoContext, {
        visitorId: owners[who].visitorId,
        requestId: "m",
        ip: "",
        nonce: "",
        owner: async () => owners[who],
      });
      try {
        return await mod.loader!({ request: new Request(`http://rankforge.test${url}`), params, context });
      } catch (thrown) {
        return thrown;
      }
    };
    const status = (x: unknown) => (x instanceof Response ? x.status : (x as { init?: { status?: number } } | null)?.init?.status);
    /** Per module: the URL for a fixture and what the loader gives the owner (true) versus anyone else (false). */
    const LOADERS: Record<string, { url: (f: Fixture) => [string, Record<string, string>]; granted: (x: unknown, f: Fixture) => boolean }> =
      {
        "routes/project.tsx": {
          url: (f) => [`/project?idp=${f.project}`, {}],
          granted: (x) => (x as { view?: string }).view === "project",
        },
        "routes/tools.tsx": {
          url: (f) => [`/project?idp=${f.project}`, {}],
          granted: (x, f) => (x as { idp: number | null }).idp === f.project,
        },
        "routes/addproject-vald.tsx": {
          url: (f) => [`/addproject/${f.project}`, { vald: String(f.project) }],
          granted: (x) => status(x) === undefined && !!(x as { verification?: unknown }).verification,
        },
        "routes/website-checker.tsx": {
          url: (f) => [`/website-checker?audit=${f.audit}`, {}],
          granted: (x) => (x as { view?: string }).view === "audit",
        },
        "routes/reports.tsx": {
          url: (f) => [`/reports/download/${f.reportFile}`, { rpopup: "download", sid: String(f.reportFile) }],
          granted: (x, f) => ((x as { items?: { id: number }[] } | null)?.items ?? []).some((i) => i.id === f.reportFile),
        },
        "routes/reports-form.tsx": {
          url: (f) => [`/reports/edit/${f.report}`, { pid: String(f.report) }],
          granted: (x, f) => (x as { values?: { idp?: number } } | null)?.values?.idp === f.project,
        },
        "routes/delivery-form.tsx": {
          url: (f) => [`/reports/delivery/edit/${f.delivery}`, { pid: String(f.delivery) }],
          granted: (x, f) => (x as { values?: { idp?: number } } | null)?.values?.idp === f.project,
        },
        "routes/white-label-form.tsx": {
          url: (f) => [`/reports/white-label/edit/${f.whiteLabel}`, { pid: String(f.whiteLabel) }],
          granted: (x) => (x as { values?: { company?: string } | null } | null)?.values?.company === "Agency",
        },
        "routes/dashboard.tsx": {
          url: (f) => [`/dashboard/${f.project}`, { id_project: String(f.project) }],
          granted: (x) => (x as { data?: { view?: string } | null } | null)?.data?.view === "dashboard",
        },
        "routes/addengine.tsx": {
          url: (f) => [`/addengine/${f.engine}`, { ids: String(f.engine) }],
          granted: (x, f) => (x as { project?: { id: number } | null } | null)?.project?.id === f.project,
        },
        "routes/rankings.tsx": {
          url: (f) => [`/project/rankings?idp=${f.project}`, {}],
          granted: (x, f) => (x as { project?: { id: number } | null } | null)?.project?.id === f.project,
        },
        "routes/insights.tsx": {
          url: (f) => [`/insights?idp=${f.project}`, {}],
          granted: (x) => Array.isArray((x as { items?: unknown } | null)?.items),
        },
        "routes/best-pages.tsx": {
          url: (f) => [`/best-pages?idp=${f.project}`, {}],
          granted: (x) => !!(x as { list?: unknown } | null)?.list,
        },
        "routes/page-speed.tsx": {
          url: (f) => [`/page-speed?test=${f.speedTest}&idp=${f.project}`, {}],
          granted: (x, f) => (x as { test?: { id?: number } | null } | null)?.test?.id === f.speedTest,
        },
        // Only redirects /project/{idp} to /project?idp= (spec 4): shows nothing itself, for anyone.
        "routes/project-redirect.tsx": { url: (f) => [`/project/${f.project}`, { idp: String(f.project) }], granted: () => true },
      };
    for (const module of modules) {
      const entry = LOADERS[module];
      expect(entry, `${module} has an id parameter and is not in the loader access matrix`).toBeDefined();
      for (const who of IDENTITIES) {
        const f = await fixture();
        const [url, params] = entry!.url(f);
        const out = await load(module, who, url, params);
        const redirect = out instanceof Response && out.status >= 300 && out.status < 400;
        if (module === "routes/project-redirect.tsx") {
          expect(redirect && out.headers.get("location"), who).toBe(`/project?idp=${f.project}`);
          continue;
        }
        expect(entry!.granted(out, f), `${module} as ${who}`).toBe(who === "owner");
        if (who !== "owner") expect(JSON.stringify(out ?? null)).not.toContain("example.com");
      }
    }
    expect([...modules].sort()).toEqual(expect.arrayContaining(Object.keys(LOADERS).sort()));
  }, 120_000);

  it("second browser (issue 8 'what was measured'): the signed-in user sees the project, its audit, its report and its schedule, and can start an audit", async () => {
    const added = await clients.owner.post("/api/project/add_site_wow", { page: "https://example.org/" });
    const projectId = ((await added.json()) as { ids_project: number[] }).ids_project[0]!;
    const [row] = await s.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row?.userId).toBe(ownerId);
    const [audit] = await s.db
      .insert(audits)
      .values({ projectId, startUrl: "https://example.org/", settings: {}, status: "done", healthScore: 80, finishedAt: new Date() })
      .returning({ id: audits.id });
    expect((await call("owner", "post", { path: "/audits/schedule", body: { projectId, frequency: "daily" } })).status).toBe(200);
    const two = "secondBrowser" as const;
    expect((await call(two, "get", { path: `/project/status?idp=${projectId}` })).status).toBe(200);
    const list = (await (await call(two, "get", { path: "/audits/list" })).json()) as { audits: { id: number }[] };
    expect(list.audits.map((a) => a.id)).toContain(audit!.id);
    expect((await call(two, "get", { path: `/audits/${audit!.id}` })).status).toBe(200);
    expect((await call(two, "get", { path: `/audits/schedule?projectId=${projectId}` })).status).toBe(200);
    const started = await call(two, "post", { path: "/audits/start", body: { projectId } });
    expect(started.status).toBe(201);
  });
});
