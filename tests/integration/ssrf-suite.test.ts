import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import { createApi } from "../../server/api/index.server.ts";
import { closeGuardedAgents, vetHost } from "../../server/net/ssrf.server.ts";
import { audits, projects, rankAlerts, rankChecks, rankEngines, rankKeywords, speedTests, users } from "../../server/db/schema.server.ts";
import { checkVerification } from "../../server/project/verify-site.server.ts";
import { evaluateAlerts } from "../../server/rank/alerts.server.ts";
import { saveRankSettings } from "../../server/rank/schedule.server.ts";
import type { Services } from "../../server/services.server.ts";
import {
  type Canary,
  hostileHosts,
  localPrivateAddresses,
  overrideHosts,
  payloads,
  redirectTargets,
  startCanary,
} from "../helpers/ssrf-payloads.ts";
import { startTestServices } from "../helpers/services.ts";
import { waitFor } from "../helpers/wait.ts";

type Api = ReturnType<typeof createApi>;

/** POSTs JSON as a new visitor (no cookie: the per-visitor limit of active audits never bites). */
const post = (api: Api, path: string, body: unknown) =>
  api.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Every entry point that fetches a user-given URL, as one async call per URL; `undefined` = refused. */
interface EntryPoints {
  analyzer(url: string): Promise<void>;
  analyzerRender(url: string): Promise<void>;
  crawlStart(url: string): Promise<void>;
  speedTest(url: string): Promise<void>;
  checkSite(url: string): Promise<void>;
  addSite(url: string): Promise<void>;
  verification(url: string): Promise<void>;
  rankWebhook(url: string): Promise<void>;
}

/**
 * Builds the entry points on `services`. Each asserts that the product refused the URL (no success
 * answer, never a 5xx); the suite asserts the canary saw nothing.
 */
async function entryPoints(services: Services, strict: boolean): Promise<EntryPoints> {
  const api = createApi(services);
  const [user] = await services.db
    .insert(users)
    .values({ email: `ssrf-${Date.now()}@example.com`, name: "S" })
    .returning();
  const owner: Owner = { visitorId: null, userId: user!.id };
  const [rankProject] = await services.db
    .insert(projects)
    .values({ userId: user!.id, domain: "ours.example", url: "https://ours.example/" })
    .returning();
  const projectId = rankProject!.id;
  const [engine] = await services.db
    .insert(rankEngines)
    .values({ projectId, engine: "google", country: "US", language: "en", device: "desktop" })
    .returning();
  const [keyword] = await services.db.insert(rankKeywords).values({ projectId, keyword: "seo tools" }).returning();
  const check = { projectId, keywordId: keyword!.id, engineId: engine!.id, status: "ok" as const, provider: "serpapi" };
  await services.db.insert(rankChecks).values([
    { ...check, day: "2026-11-10", position: 50, url: "https://ours.example/a" },
    { ...check, day: "2026-11-11", position: 2, url: "https://ours.example/a" },
  ]);
  /** A refusal: a 4xx naming the field, or the analyzer's 502 "unreachable" JSON answer; never a success or a crash. */
  const notOk = async (res: Response, url: string) => {
    const text = await res.text();
    expect(res.status, `${url}: ${text}`).not.toBe(200);
    if (res.status >= 500) expect([res.status, JSON.parse(text).error.code], url).toEqual([502, "unreachable"]);
  };
  return {
    analyzer: async (url) => notOk(await post(api, "/analyzer/analyze", { url }), url),
    analyzerRender: async (url) => notOk(await post(api, "/analyzer/analyze", { url, render: true }), url),
    crawlStart: async (url) => {
      const res = await post(api, "/audits/start", { url, settings: { maxPages: 5 } });
      if (res.status !== 201) return notOk(res, url);
      const { auditId } = (await res.json()) as { auditId: number };
      const audit = await waitFor(async () => {
        const [a] = await services.db.select().from(audits).where(eq(audits.id, auditId));
        return a && ["done", "failed", "cancelled"].includes(a.status) ? a : null;
      }, 60_000);
      // Issue 9.9: a start refused by the guard ends failed (a redirect to a private address is an error page).
      if (strict) expect(audit.status, url).toBe("failed");
      expect(audit.error ?? "").not.toMatch(/127\.0\.0\.1|::1|192\.0\.2|fd00/);
    },
    speedTest: async (url) => notOk(await post(api, "/speed-tests", { url, runs: 1 }), url),
    checkSite: async (url) => {
      const res = await post(api, "/project/check_site", { domain: url });
      if (res.status !== 200) return notOk(res, url);
      expect(((await res.json()) as { result: string }).result, url).not.toBe("reachable");
    },
    addSite: async (url) => {
      const res = await post(api, "/project/add_site_wow", { page: url });
      expect(res.status, url).toBeLessThan(500);
    },
    verification: async (url) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return;
      }
      const [p] = await services.db.insert(projects).values({ userId: user!.id, domain: target.host, url }).returning();
      const view = await checkVerification({ services, owner, projectId: p!.id, resolveTxt: async () => [] });
      expect(view.verifiedAt, url).toBeNull();
      expect(Object.keys(view.failures), url).toEqual(expect.arrayContaining(["meta", "file"]));
    },
    rankWebhook: async (url) => {
      if (!/^https?:\/\/\S+$/i.test(url)) return;
      await saveRankSettings({ services, owner, projectId, input: { timeZone: "UTC", checkHour: 7, moveThreshold: 5, webhookUrl: url } });
      await services.db.delete(rankAlerts).where(eq(rankAlerts.projectId, projectId));
      expect(await evaluateAlerts({ services, projectId, day: "2026-11-11" })).toBeGreaterThan(0);
      const sent = await services.db.select().from(rankAlerts).where(eq(rankAlerts.projectId, projectId));
      // 0: refused before any connection; a redirect is answered as it is (3xx), never followed.
      expect(
        sent.every((a) => (a.webhookStatus ?? 0) === 0 || ((a.webhookStatus ?? 0) >= 300 && (a.webhookStatus ?? 0) < 400)),
        url,
      ).toBe(true);
    },
  };
}

/** Runs `urls` through one entry point, 8 at a time (the webhook one by one: it reuses one project's alerts). */
async function runAll(entry: EntryPoints, name: keyof EntryPoints, urls: string[]): Promise<void> {
  const batch = name === "rankWebhook" ? 1 : 8;
  for (let i = 0; i < urls.length; i += batch) await Promise.all(urls.slice(i, i + batch).map((u) => entry[name](u)));
}

const ENTRY_NAMES: (keyof EntryPoints)[] = [
  "analyzer",
  "analyzerRender",
  "crawlStart",
  "speedTest",
  "checkSite",
  "addSite",
  "verification",
  "rankWebhook",
];

describe("issue 9 SSRF suite: ≥ 60 payloads against every entry point that fetches a user-given URL reach no private listener", () => {
  let canary: Canary;
  let undoHosts: () => void;
  const local = localPrivateAddresses();

  beforeAll(async () => {
    canary = await startCanary();
    undoHosts = overrideHosts(hostileHosts(local));
  });
  afterAll(async () => {
    undoHosts?.();
    await closeGuardedAgents();
    await canary?.close();
  });

  it("the canary counts a connection on every address it stands for (the suite would see a leak)", async () => {
    const before = canary.hits();
    const addresses = ["127.0.0.1", "[::1]", ...local.v4, ...local.v6.map((a) => `[${a}]`)];
    for (const a of addresses) {
      await new Promise<void>((resolve, reject) =>
        http.get(`http://${a}:${canary.port}/control`, (res) => res.resume().on("end", resolve)).on("error", reject),
      );
    }
    expect(canary.hits() - before).toBe(addresses.length);
    canary.seen.length = 0;
    // The hosts override answers the guard's resolver: a name is refused for its address, not for failing to resolve.
    expect(await vetHost("loopback.ssrf.test", true)).toEqual([{ address: "127.0.0.1", family: 4 }]);
    await expect(vetHost("metadata.ssrf.test", true)).rejects.toMatchObject({ code: "blocked" });
  });

  describe("production policy (private networks closed): direct payloads", () => {
    let services: Services;
    let entry: EntryPoints;
    beforeAll(async () => {
      services = await startTestServices("pglite", { ALLOW_PRIVATE_NETWORKS: "0" });
      entry = await entryPoints(services, true);
    }, 120_000);
    afterAll(async () => {
      await services?.close();
    });

    it("has at least 60 payloads", () => {
      expect(payloads(canary.port, local).length).toBeGreaterThanOrEqual(60);
    });

    it.each(ENTRY_NAMES)(
      "%s: every payload refused, the canary untouched",
      async (name) => {
        const before = canary.hits();
        const list = payloads(canary.port, local);
        await runAll(
          entry,
          name,
          list.map((p) => p.url),
        );
        expect(canary.hits() - before, canary.seen.join("\n")).toBe(0);
      },
      240_000,
    );
  });

  describe("loopback opened (ALLOW_PRIVATE_NETWORKS=1, development): redirects and rendered sub-requests to private addresses", () => {
    let services: Services;
    let entry: EntryPoints;
    let redirector: http.Server;
    let origin = "";
    const targets = () => redirectTargets(canary.port, local);

    /** A page whose every way of making the browser connect points at a private address, directly or by redirect. */
    const hostilePage = () => {
      const urls = targets().flatMap((t) => [t, `${origin}/to?target=${encodeURIComponent(t)}`]);
      const tags = urls.map((u) => `<a href="${u}">x</a><img src="${u}"><link rel="stylesheet" href="${u}"><iframe src="${u}"></iframe>`);
      const script = `const urls = ${JSON.stringify(urls)};
for (const u of urls) { fetch(u).catch(() => {}); try { navigator.sendBeacon(u, "x"); } catch {} try { new EventSource(u); } catch {} try { new WebSocket(u.replace(/^http/, "ws")); } catch {} }`;
      return `<!doctype html><html lang="en"><head><title>Hostile</title></head><body><h1>Hostile</h1>${tags.join("")}<script>${script}</script></body></html>`;
    };

    beforeAll(async () => {
      redirector = http.createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://x");
        if (url.pathname === "/to") {
          res.writeHead(302, { location: url.searchParams.get("target") ?? "/" });
          return res.end();
        }
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(hostilePage());
      });
      await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
      origin = `http://127.0.0.1:${(redirector.address() as { port: number }).port}`;
      services = await startTestServices("pglite", { ALLOW_PRIVATE_NETWORKS: "1" });
      entry = await entryPoints(services, false);
    }, 120_000);
    afterAll(async () => {
      await services?.close();
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    });

    it("control: loopback itself is reachable under this policy, so the canary would count a leak", async () => {
      const before = canary.hits();
      const res = await post(createApi(services), "/analyzer/analyze", { url: `http://127.0.0.1:${canary.port}/` });
      expect(res.status).toBe(200);
      expect(canary.hits() - before).toBeGreaterThan(0);
      canary.seen.length = 0;
    });

    it.each(["analyzer", "analyzerRender", "crawlStart", "checkSite", "addSite", "verification", "rankWebhook"] as const)(
      "%s: a redirect to each private address is refused, the canary untouched",
      async (name) => {
        const before = canary.hits();
        const list = targets().map((t) => `${origin}/to?target=${encodeURIComponent(t)}`);
        expect(list.length).toBeGreaterThanOrEqual(8);
        await runAll(entry, name, list);
        expect(canary.hits() - before, canary.seen.join("\n")).toBe(0);
      },
      240_000,
    );

    it("analyzer with render, a rendered crawl and a page speed test of a hostile page: no sub-request, link or redirect reaches a private address", async () => {
      const before = canary.hits();
      const api = createApi(services);
      expect((await post(api, "/analyzer/analyze", { url: `${origin}/page`, render: true })).status).toBe(200);
      const res = await post(api, "/audits/start", { url: `${origin}/page`, settings: { maxPages: 50, render: true } });
      expect(res.status).toBe(201);
      const { auditId } = (await res.json()) as { auditId: number };
      const speed = await post(api, "/speed-tests", { url: `${origin}/page`, runs: 1 });
      expect(speed.status).toBe(201);
      const { testId } = (await speed.json()) as { testId: number };
      const audit = await waitFor(async () => {
        const [a] = await services.db.select().from(audits).where(eq(audits.id, auditId));
        return a && ["done", "failed"].includes(a.status) ? a : null;
      }, 120_000);
      expect(audit.status).toBe("done");
      const test = await waitFor(async () => {
        const [t] = await services.db.select().from(speedTests).where(eq(speedTests.id, testId));
        return t && ["done", "failed"].includes(t.status) ? t : null;
      }, 240_000);
      expect(test.status).toBe("done");
      await new Promise((r) => setTimeout(r, 500));
      expect(canary.hits() - before, canary.seen.join("\n")).toBe(0);
    }, 360_000);
  });
});
