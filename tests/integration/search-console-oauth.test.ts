import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.server.ts";
import { projects, searchConsoleProperties, searchConsoleRows } from "../../server/db/schema.server.ts";
import {
  chooseSite,
  decryptToken,
  handleCallback,
  importSearchAnalytics,
  listSites,
  readState,
} from "../../server/search-console/oauth.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startGscServer, type GscServer } from "../helpers/gsc-server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

const SITE = "sc-domain:ours.example";

describe.each(databaseKinds)("issue 10.4 Search Console OAuth connection and import (%s)", (kind) => {
  let services: Services;
  let gsc: GscServer;
  let api: ReturnType<typeof createApi>;
  let cookie = "";
  let idp = 0;

  beforeAll(async () => {
    gsc = await startGscServer({ site: SITE, totalRows: 25_003 });
    services = await startTestServices(kind, {
      GSC_CLIENT_ID: "client-1",
      GSC_CLIENT_SECRET: "secret-1",
      GSC_AUTH_URL: `${gsc.origin}/auth`,
      GSC_TOKEN_URL: `${gsc.origin}/token`,
      GSC_API_URL: gsc.origin,
    });
    api = createApi(services);
    const res = await api.request("/project/add_site_wow", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ page: "ours.example" }),
    });
    cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    idp = ((await res.json()) as { ids_project: number[] }).ids_project[0]!;
  }, 120_000);
  afterAll(async () => {
    await services?.close();
    await gsc?.close();
  });

  it("connect redirects to the consent screen with a signed state; the callback stores the refresh token encrypted", async () => {
    const res = await api.request(`/search-console/connect?idp=${idp}`, { headers: { cookie } });
    expect(res.status).toBe(302);
    const consent = new URL(res.headers.get("location")!);
    expect(consent.origin + consent.pathname).toBe(`${gsc.origin}/auth`);
    expect(consent.searchParams.get("client_id")).toBe("client-1");
    expect(consent.searchParams.get("access_type")).toBe("offline");
    expect(consent.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/webmasters.readonly");
    const state = consent.searchParams.get("state")!;
    expect(readState(services, state).projectId).toBe(idp);
    expect(() =>
      readState(
        services,
        // The payload's first character carries 6 whole bits (the signature's last one has padding bits).
        state.replace(/^./, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toThrow(/not valid/);
    const other = await api.request(`/search-console/connect?idp=${idp}`);
    expect(other.status).toBe(404);

    const cb = await api.request(`/search-console/callback?code=good-code&state=${encodeURIComponent(state)}`);
    expect(cb.status).toBe(302);
    expect(cb.headers.get("location")).toBe(`/project/rankings?idp=${idp}&sc=connected`);
    const [p] = await services.db.select().from(searchConsoleProperties).where(eq(searchConsoleProperties.projectId, idp));
    expect(p!.source).toBe("oauth");
    expect(p!.refreshTokenEncrypted).not.toContain("rt-1");
    expect(decryptToken(services, p!.refreshTokenEncrypted!)).toBe("rt-1");
    await expect(handleCallback({ services, code: "bad-code", state })).rejects.toMatchObject({ code: "unreachable" });
  });

  it("lists the account's readable properties, chooses one, and imports searchAnalytics paged by 25,000 rows", async () => {
    const [project] = await services.db.select().from(projects).where(eq(projects.id, idp));
    const owner = { visitorId: project!.visitorId, userId: null };
    expect(await listSites({ services, owner, projectId: idp })).toEqual([{ siteUrl: SITE, permissionLevel: "siteOwner" }]);
    await expect(chooseSite({ services, owner, projectId: idp, siteUrl: "https://other.example/" })).rejects.toMatchObject({
      field: "siteUrl",
    });
    await chooseSite({ services, owner, projectId: idp, siteUrl: SITE });
    const r = await importSearchAnalytics({ services, projectId: idp, from: "2026-11-01", to: "2026-11-05" });
    expect(r).toEqual({ rows: 25_003, calls: 2 });
    expect(gsc.queries.map((q) => [q.startRow, q.rowLimit])).toEqual([
      [0, 25_000],
      [25_000, 25_000],
    ]);
    expect(gsc.queries[0]!.dimensions).toEqual(["query", "page", "date", "device", "country"]);
    const [{ n } = { n: 0 }] = await services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(searchConsoleRows)
      .where(eq(searchConsoleRows.projectId, idp));
    expect(n).toBe(25_003);
    const [row] = await services.db.select().from(searchConsoleRows).where(eq(searchConsoleRows.query, "query 1"));
    expect(row).toMatchObject({
      page: "https://ours.example/p1",
      date: "2026-11-01",
      device: "MOBILE",
      country: "usa",
      clicks: 1,
      impressions: 11,
      position: 2,
    });
  });
});
