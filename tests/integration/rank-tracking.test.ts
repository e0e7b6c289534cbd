import { createServer } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import {
  emails,
  projects,
  rankAlerts,
  rankChecks,
  searchConsoleProperties,
  searchConsoleRows,
  users,
} from "../../server/db/schema.server.ts";
import { signWebhook } from "../../server/rank/alerts.server.ts";
import { addEngine, listEngines } from "../../server/rank/engines.server.ts";
import { addCompetitor, addKeywords, parseKeywordCsv, parsePasted } from "../../server/rank/keywords.server.ts";
import { getRankings, projectsVisibility } from "../../server/rank/rankings.server.ts";
import { rankingsScreen } from "../../server/rank/rankings-screen.server.ts";
import { checkProject, checksOn } from "../../server/rank/run-checks.server.ts";
import { saveRankSettings } from "../../server/rank/schedule.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { rankingAt, startSerpServer, type SerpServer } from "../helpers/serp-providers.ts";

const DAY1 = new Date("2026-11-10T12:00:00Z");
const DAY2 = new Date("2026-11-11T12:00:00Z");

describe.each(databaseKinds)("issue 10 rank tracking end to end in services (%s)", (kind) => {
  let services: Services;
  let serp: SerpServer;
  let projectId: number;
  let owner: Owner;
  let day = 1;
  const hooks: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const hook = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hooks.push({ headers: req.headers, body });
      res.end("ok");
    });
  });

  beforeAll(async () => {
    // Day 1: "seo tools" at 8, "rank tracker" at 2; day 2: 2 (entered top 3) and 15 (left top 10).
    serp = await startSerpServer({
      scenario: (_e, k) => {
        if (k === "seo tools")
          return rankingAt(k, "https://ours.example/tools", day === 1 ? 8 : 2, {
            features: { featured_snippet: ["https://ours.example/tools"] },
          });
        if (k === "rank tracker")
          return rankingAt(k, day === 1 ? "https://ours.example/rank" : "https://ours.example/blog/rank", day === 1 ? 2 : 15);
        return rankingAt(k, "", null);
      },
    });
    await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
    const port = (hook.address() as { port: number }).port;
    services = await startTestServices(kind, {
      RANK_PROVIDER: "serpapi",
      SERPAPI_KEY: "test-key",
      SERPAPI_URL: serp.origin,
      RANK_DEPTH: "30",
      RANK_BACKOFF_MS: "0",
      RANK_RATE_PER_MINUTE: "60000",
    });
    const [u] = await services.db.insert(users).values({ email: "owner@example.com", name: "Olga" }).returning();
    owner = { visitorId: null, userId: u!.id };
    const [p] = await services.db
      .insert(projects)
      .values({ userId: u!.id, domain: "ours.example", url: "https://ours.example/" })
      .returning();
    projectId = p!.id;
    await addEngine({
      services,
      owner,
      projectId,
      input: { engine: "google", country: "US", language: "en", locationCode: null, device: "desktop" },
    });
    await addKeywords({
      services,
      owner,
      projectId,
      keywords: parsePasted("SEO tools\nrank tracker\n\nseo tools\nnowhere keyword").map((keyword) => ({ keyword, tags: ["core"] })),
    });
    await addCompetitor({ services, owner, projectId, domain: "https://www.site3.example/" });
    await saveRankSettings({
      services,
      owner,
      projectId,
      input: { timeZone: "Europe/Berlin", checkHour: 7, moveThreshold: 5, webhookUrl: `http://127.0.0.1:${port}/hook` },
    });
  });
  afterAll(async () => {
    await services?.close();
    await serp?.close();
    hook.close();
  });

  it("spec 2 /addengine: an engine is stored once, with its country name", async () => {
    const again = await addEngine({
      services,
      owner,
      projectId,
      input: { engine: "google", country: "US", language: "en", locationCode: null, device: "desktop" },
    });
    const engines = await listEngines({ services, owner, projectId });
    expect(engines).toHaveLength(1);
    expect(again.id).toBe(engines[0]!.id);
    expect(engines[0]).toMatchObject({ engine: "google", country: "US", countryName: "United States", device: "desktop" });
    await expect(listEngines({ services, owner: { visitorId: null, userId: 999 }, projectId })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("issue 10.5 day 1: every keyword × engine is checked once; a second run checks nothing", async () => {
    const first = await checkProject({ services, projectId, now: DAY1 });
    expect(first).toMatchObject({ day: "2026-11-10", checked: 3, skipped: 0, errors: 0, provider: "serpapi" });
    const calls = serp.calls.length;
    const again = await checkProject({ services, projectId, now: DAY1 });
    expect(again).toMatchObject({ checked: 0, skipped: 3 });
    expect(serp.calls.length).toBe(calls);
    expect(await checksOn(services, projectId, "2026-11-10")).toBe(3);
  });

  it("issue 10.6 day 2: positions, changes, best, features, distribution, visibility and history", async () => {
    day = 2;
    await checkProject({ services, projectId, now: DAY2 });
    const r = await getRankings({ services, owner, projectId, today: "2026-11-11" });
    expect(r.days).toEqual(["2026-11-10", "2026-11-11"]);
    const seo = r.keywords.find((k) => k.keyword === "seo tools")!;
    expect(seo).toMatchObject({ position: 2, change1: 6, best: 2, url: "https://ours.example/tools", history: [8, 2] });
    expect(seo.ownFeatures).toEqual(["featured_snippet"]);
    expect(seo.competitors).toEqual({ "site3.example": 3 });
    const rank = r.keywords.find((k) => k.keyword === "rank tracker")!;
    expect(rank).toMatchObject({ position: 15, change1: -13, best: 2 });
    expect(r.keywords.find((k) => k.keyword === "nowhere keyword")).toMatchObject({ position: null, error: null });
    expect(r.distribution).toEqual({ top3: 1, top10: 0, top30: 1, top100: 0, none: 1 });
    // Visibility: (ctr(2)=0.15 + ctr(15)=0.01 + 0) / (3 × 0.30) = 17.8 %.
    expect(r.currentVisibility).toBe(17.8);
    expect(r.averagePosition).toEqual([5, 8.5]);
    const list = await projectsVisibility({ db: services.db, projectIds: [projectId] });
    expect(list[projectId]).toEqual({ visibility: 17.8, change: r.visibilityChange });
    expect(r.tags).toEqual(["core"]);
  });

  it("issue 10.7 alerts: entered / left top, move, URL change; one e-mail digest and a signed webhook", async () => {
    const alerts = await services.db.select().from(rankAlerts).where(eq(rankAlerts.projectId, projectId));
    const kinds = alerts.map((a) => a.kind).sort();
    expect(kinds).toEqual(["entered_top", "left_top", "moved", "moved", "url_changed"]);
    expect(alerts.find((a) => a.kind === "entered_top")!.message).toContain("entered the top 3 (8 → 2)");
    expect(alerts.find((a) => a.kind === "left_top")!.message).toContain("left the top 10 (2 → 15)");
    const mail = await services.db.select().from(emails).where(eq(emails.toAddress, "owner@example.com"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Ranking alerts for ours.example on 2026-11-11");
    expect(mail[0]!.html).toContain("left the top 10");
    expect(hooks).toHaveLength(1);
    const h = hooks[0]!;
    const [settings] = await services.db.query.rankSettings.findMany({ where: (s, { eq: e }) => e(s.projectId, projectId) });
    const expected = `sha256=${signWebhook(settings!.webhookSecret!, String(h.headers["x-rankforge-timestamp"]), h.body)}`;
    expect(h.headers["x-rankforge-signature"]).toBe(expected);
    expect(JSON.parse(h.body).alerts).toHaveLength(5);
    expect(alerts.every((a) => a.webhookStatus === 200 && a.emailedAt !== null)).toBe(true);
  });

  it("issue 10.2 CSV import with header, target URL and tags", () => {
    expect(parseKeywordCsv('Keyword;URL;Tags\n"best, seo";https://ours.example/x;a|b\nplain;;\n')).toEqual([
      { keyword: "best, seo", targetUrl: "https://ours.example/x", tags: ["a", "b"] },
      { keyword: "plain", targetUrl: null, tags: [] },
    ]);
  });

  it("issue 10.5: the project's daily check is a pg-boss schedule at its local hour in its time zone, minute spread by project (last: it moves the schedule)", async () => {
    const schedules = await services.jobs.getSchedules();
    const mine = schedules.filter((x) => x.key === `rank-${projectId}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      name: "rank-check",
      cron: `${(projectId * 7) % 60} 7 * * *`,
      timezone: "Europe/Berlin",
      data: { projectId },
    });
    await saveRankSettings({
      services,
      owner,
      projectId,
      input: { timeZone: "Asia/Tokyo", checkHour: 5, moveThreshold: 5, webhookUrl: null },
    });
    const moved = (await services.jobs.getSchedules()).filter((x) => x.key === `rank-${projectId}`);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ cron: `${(projectId * 7) % 60} 5 * * *`, timezone: "Asia/Tokyo" });
  });
});

describe.each(databaseKinds)("issue 10.8 without a provider key (%s)", (kind) => {
  let services: Services;
  beforeAll(async () => {
    services = await startTestServices(kind);
  });
  afterAll(() => services?.close());

  it("Google positions come from Search Console data; other engines name the setting that enables live checks", async () => {
    const owner: Owner = { visitorId: null, userId: 5 };
    const [p] = await services.db.insert(projects).values({ userId: 5, domain: "ours.example", url: "https://ours.example/" }).returning();
    const projectId = p!.id;
    await services.db.insert(searchConsoleRows).values([
      {
        projectId,
        date: "2026-11-09",
        query: "seo tools",
        page: "https://ours.example/a",
        device: "DESKTOP",
        country: "usa",
        clicks: 3,
        impressions: 100,
        position: 4,
      },
      {
        projectId,
        date: "2026-11-09",
        query: "seo tools",
        page: "https://ours.example/b",
        device: "DESKTOP",
        country: "usa",
        clicks: 1,
        impressions: 300,
        position: 8,
      },
    ]);
    await addEngine({
      services,
      owner,
      projectId,
      input: { engine: "google", country: "US", language: "en", locationCode: null, device: "desktop" },
    });
    await addEngine({
      services,
      owner,
      projectId,
      input: { engine: "bing", country: "US", language: "en", locationCode: null, device: "desktop" },
    });
    await addKeywords({ services, owner, projectId, keywords: [{ keyword: "seo tools" }] });
    const s = await checkProject({ services, projectId, now: DAY1 });
    expect(s).toMatchObject({ provider: "search-console", checked: 2, errors: 1 });
    const rows = await services.db.select().from(rankChecks).where(eq(rankChecks.projectId, projectId));
    const google = rows.find((r) => r.status === "ok")!;
    // (4×100 + 8×300) / 400 = 7
    expect(google).toMatchObject({ position: 7, url: "https://ours.example/b", provider: "search-console" });
    expect(rows.find((r) => r.status === "error")!.error).toContain("RANK_PROVIDER=serpapi and SERPAPI_KEY");
  });
});

describe.each(databaseKinds)("issue 10.2 keyword suggestions from Search Console queries (%s)", (kind) => {
  let services: Services;
  beforeAll(async () => {
    services = await startTestServices(kind);
  });
  afterAll(() => services?.close());

  it("the rankings tab suggests the connected property's untracked queries, most impressions first, each once", async () => {
    const owner: Owner = { visitorId: null, userId: 7 };
    const [p] = await services.db.insert(projects).values({ userId: 7, domain: "ours.example", url: "https://ours.example/" }).returning();
    const projectId = p!.id;
    const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const row = (date: string, query: string, impressions: number, position: number) => ({
      projectId,
      date,
      query,
      page: "https://ours.example/",
      device: "DESKTOP",
      country: "usa",
      clicks: 1,
      impressions,
      position,
    });
    await addKeywords({ services, owner, projectId, keywords: [{ keyword: "seo tools" }] });
    await services.db.insert(searchConsoleRows).values([row(dayAgo(3), "seo tools", 900, 4), row(dayAgo(3), "serp api", 50, 30)]);
    await services.db.insert(searchConsoleRows).values([row(dayAgo(2), "rank tracker", 300, 12), row(dayAgo(1), "rank tracker", 100, 8)]);

    const before = await rankingsScreen({ services, owner, projectId, filter: {} });
    expect(before.suggestions).toEqual([]);

    await services.db.insert(searchConsoleProperties).values({ projectId, siteUrl: "sc-domain:ours.example", source: "import" });
    const { suggestions } = await rankingsScreen({ services, owner, projectId, filter: {} });
    // rank tracker: (12×300 + 8×100) / 400 = 11 (impression-weighted); the tracked "seo tools" is left out.
    expect(suggestions).toEqual([
      { query: "rank tracker", impressions: 400, position: 11 },
      { query: "serp api", impressions: 50, position: 30 },
    ]);
  });
});
