import { contentChanged } from "../../server/content/version.server.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { texts } from "../../server/db/schema.server.ts";
import { translator } from "../../server/i18n/texts.server.ts";
import { REPORT_TEXT_GROUPS, type ReportBlock, type ReportSection, type SectionContext } from "../../server/reports/model.ts";
import { engineLabel, loadRankPeriod } from "../../server/reports/rank-data.server.ts";
import { moveOf } from "../../server/reports/sections/rank.server.ts";
import { TYPE_SECTIONS, loadSection } from "../../server/reports/sections/registry.server.ts";
import type { Services } from "../../server/services.server.ts";
import { getProjectAudit } from "../../server/audit/history.server.ts";
import { projectCharts } from "../../server/project/project-charts.server.ts";
import { guestWithProject, seedAudit, seedRank } from "../helpers/report-data.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { fixtureSpeedTest } from "../helpers/speed-fixtures.ts";

const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

const metrics = (s: ReportSection) =>
  Object.fromEntries(s.blocks.flatMap((b) => (b.kind === "metrics" ? b.items.map((i) => [i.label, i.value]) : [])));
const tables = (s: ReportSection) => s.blocks.filter((b): b is Extract<ReportBlock, { kind: "table" }> => b.kind === "table");
const charts = (s: ReportSection) => s.blocks.flatMap((b) => (b.kind === "chart" ? [b.chart] : []));
const notes = (s: ReportSection) => s.blocks.flatMap((b) => (b.kind === "note" ? [b.text] : []));

describe.each(databaseKinds)("issue 11 point 1 rank and speed report sections (decision 0010 ids) on %s", (kind) => {
  let services: Services;
  let ctx: SectionContext;
  let emptyCtx: SectionContext;
  const now = Date.now();
  const to = ymd(now);

  beforeAll(async () => {
    services = await startTestServices(kind);
    const me = await guestWithProject(services);
    const bare = await guestWithProject(services, "bare.example");
    const t = await translator(services.db, "en", REPORT_TEXT_GROUPS);
    const base = { lang: "en", t, db: services.db, domain: "example.com", from: ymd(now - 27 * DAY), to, periodDays: 28 };
    ctx = { ...base, owner: me.owner, projectId: me.projectId };
    emptyCtx = { ...base, owner: bare.owner, projectId: bare.projectId, domain: "bare.example" };
    await seedRank(services.db, me.projectId, to, [
      { keyword: "seo audit", positions: [5, 3, 1], competitor: [2, 2, 4] },
      { keyword: "site checker", positions: [12, 15, 20], competitor: [1, 1, 1] },
      { keyword: "rank tracker", positions: [null, null, 8] },
      { keyword: "page speed", positions: [null, null, null] },
    ]);
    await fixtureSpeedTest(services.db, me.projectId, "https://example.com/a", 40, 5000, new Date(now - 10 * DAY));
    await fixtureSpeedTest(services.db, me.projectId, "https://example.com/a", 70, 2600, new Date(now - 2 * DAY));
    await fixtureSpeedTest(services.db, me.projectId, "https://example.com/b", 95, 1200, new Date(now - 5 * DAY));
    await seedAudit(services.db, { projectId: me.projectId, pages: 50, healthScore: 61, finishedAt: new Date(now - 7 * DAY) });
    await seedAudit(services.db, { projectId: me.projectId, pages: 50, healthScore: 74, finishedAt: new Date(now - DAY) });
    // Outside the period: not counted.
    await fixtureSpeedTest(services.db, me.projectId, "https://example.com/c", 10, 9000, new Date(now - 60 * DAY));
  }, 120_000);
  afterAll(async () => services?.close(), 60_000);

  it("every section id of every report type has a registered source (no 'not connected to reports' note left)", async () => {
    for (const id of new Set(Object.values(TYPE_SECTIONS).flat())) {
      const s = await loadSection(id, ctx);
      expect(notes(s).join(" "), id).not.toMatch(/not connected to reports/);
      expect(s.id).toBe(id);
    }
  });

  it("issue 15: rank and speed sections, their charts and notes are written in the report's language (English per missing text)", async () => {
    await services.db
      .insert(texts)
      .values([
        { lang: "de", id: 53258, group: "report", value: "Rankings (de)" },
        { lang: "de", id: 53273, group: "report", value: "Verfolgte Keywords" },
        { lang: "de", id: 53283, group: "charts", value: "Keywords (de)" },
        { lang: "de", id: 53330, group: "charts", value: "Sichtbarkeit von {from} bis {to}: {latest} %." },
        { lang: "de", id: 53261, group: "report", value: "Seitengeschwindigkeit" },
        { lang: "de", id: 53314, group: "charts", value: "Mobil" },
        { lang: "de", id: 53307, group: "report", value: "Kein Test zwischen {from} und {to}." },
      ])
      .onConflictDoUpdate({ target: [texts.lang, texts.id], set: { value: sql`excluded.value` } });
    // Texts changed behind the seed: the cached selections must go (server/content/version.server.ts).
    await contentChanged(services.db);
    // "Search engines" without a German text falls back to English.
    await services.db.delete(texts).where(and(eq(texts.lang, "de"), eq(texts.id, 53274)));
    const t = await translator(services.db, "de", REPORT_TEXT_GROUPS);
    const de = { ...ctx, lang: "de", t };
    const rankings = await loadSection("rankings", de);
    expect(rankings.title).toBe("Rankings (de)");
    expect(metrics(rankings)["Verfolgte Keywords"]).toBe("4");
    expect(metrics(rankings)["Search engines"]).toBe("1");
    const [visibility, distribution] = charts(rankings);
    expect(visibility!.alt).toMatch(/^Sichtbarkeit von \d{4}-\d\d-\d\d bis \d{4}-\d\d-\d\d: 27\.9 %\.$/);
    expect(distribution!.table.head).toContain("Keywords (de)");
    const speed = await loadSection("page-speed", de);
    expect(speed.title).toBe("Seitengeschwindigkeit");
    expect(charts(speed)[0]!.table.head).toContain("Mobil");
    const none = await loadSection("page-speed", { ...emptyCtx, lang: "de", t });
    expect(notes(none)).toEqual([`Kein Test zwischen ${emptyCtx.from} und ${emptyCtx.to}.`]);
  });

  it("issue 15.1 point 3: an engine's label (reports.json 53333) names the device in the report's language; English as before", async () => {
    const en = await translator(services.db, "en", REPORT_TEXT_GROUPS);
    const berlin = { engine: "google", country: "DE", location: "Berlin,Berlin,Germany", device: "mobile" };
    expect(engineLabel(berlin, en)).toBe("Google DE Berlin mobile");
    expect(engineLabel({ ...berlin, engine: "bing", location: "", device: "desktop" }, en)).toBe("Bing DE desktop");
    await services.db
      .insert(texts)
      .values({
        lang: "de",
        id: 53333,
        group: "charts",
        value: "{engine} {country}{city, select, none {} other { {city}}} ({device, select, mobile {Mobilgerät} other {Desktop-Rechner}})",
      })
      .onConflictDoUpdate({ target: [texts.lang, texts.id], set: { value: sql`excluded.value` } });
    await contentChanged(services.db);
    const t = await translator(services.db, "de", REPORT_TEXT_GROUPS);
    expect(engineLabel(berlin, t)).toBe("Google DE Berlin (Mobilgerät)");
    const de = { ...ctx, lang: "de", t };
    const rankings = await loadSection("rankings", de);
    expect(new Set(tables(rankings)[0]!.rows.map((r) => r[1]))).toEqual(new Set(["Google US (Desktop-Rechner)"]));
    expect(charts(rankings)[0]!.table.head).toContain("Google US (Desktop-Rechner)");
    const moves = await loadSection("rank-moves", de);
    expect(tables(moves).flatMap((x) => x.rows.map((r) => r[1]))).toContain("Google US (Desktop-Rechner)");
    // English readers keep the English words.
    const english = await loadSection("rankings", ctx);
    expect(charts(english)[0]!.table.head).toContain("Google US desktop");
    expect(JSON.stringify(english)).not.toMatch(/Desktop-Rechner/);
  });

  it("rankings: visibility, change, average position and distribution of the latest checks by the one visibility rule", async () => {
    const s = await loadSection("rankings", ctx);
    expect(s.connected).toBe(true);
    // latest 1, 20, 8, not ranked: (0.30 + 0.01 + 0.025 + 0) / (4 × 0.30) = 27.9 %; first day 5, 12: (0.05 + 0.01) / 1.2 = 5 %
    expect(metrics(s)).toEqual({
      "Keywords tracked": "4",
      "Search engines": "1",
      Visibility: "27.9 %",
      "Visibility change in the period": "+22.9 pp",
      "Average position": "9.7",
      "Keyword × engine positions in the top 10": "2 of 4",
    });
    const [visibility, distribution] = charts(s);
    expect(visibility!.table.rows.map((r) => r[1])).toEqual(["5 %", "9.2 %", "27.9 %"]);
    expect(distribution!.table.rows).toEqual([
      ["Top 3", "1"],
      ["4–10", "1"],
      ["11–30", "1"],
      ["31–100", "0"],
      ["Not ranked", "1"],
    ]);
    const rows = tables(s)[0]!.rows;
    expect(rows.map((r) => [r[0], r[1], r[2], r[3]])).toEqual([
      ["page speed", "Google US desktop", "—", "—"],
      ["rank tracker", "Google US desktop", "8", "—"],
      ["seo audit", "Google US desktop", "1", "+4"],
      ["site checker", "Google US desktop", "20", "-8"],
    ]);
  });

  it("competitors: our visibility against the competitor's on the same checks", async () => {
    const s = await loadSection("competitors", ctx);
    const chart = charts(s)[0]!;
    // rival latest 4, 1, –, –: (0.07 + 0.30) / 1.2 = 30.8 %
    expect(chart.table.rows).toEqual([
      ["example.com", "27.9 %"],
      ["rival.example", "30.8 %"],
    ]);
    expect(tables(s)[0]!.head).toEqual(["Keyword", "Search engine", "example.com", "rival.example"]);
  });

  it("rank-moves: gains, losses and kept positions between the first and last check; entering counts as a gain", async () => {
    const s = await loadSection("rank-moves", ctx);
    expect(charts(s)[0]!.table.rows).toEqual([
      ["Moved up", "2"],
      ["Moved down", "1"],
      ["Kept position", "1"],
    ]);
    const [gains, losses] = tables(s);
    expect(gains!.rows.map((r) => [r[0], r[4]])).toEqual([
      ["rank tracker", "entered"],
      ["seo audit", "+4"],
    ]);
    expect(losses!.rows.map((r) => [r[0], r[4]])).toEqual([["site checker", "-8"]]);
    expect([moveOf(null, 8), moveOf(3, null), moveOf(null, null)]).toEqual([93, -98, 0]);
  });

  it("page-speed: latest test per page of the period, medians, scores chart and trend", async () => {
    const s = await loadSection("page-speed", ctx);
    expect(metrics(s)).toMatchObject({
      "Pages tested": "2",
      "Median performance, mobile": "83 / 100",
      "Median LCP": "1900 ms",
      "Pages scoring 90 or more on mobile": "1",
    });
    const [scores, trend] = charts(s);
    expect(scores!.table.rows.map((r) => r.slice(0, 2))).toEqual([
      ["/a", "70"],
      ["/b", "95"],
    ]);
    expect(trend!.table.rows).toHaveLength(3);
    expect(tables(s)[0]!.rows.map((r) => r[0])).toEqual(["https://example.com/a", "https://example.com/b"]);
  });

  it("speed-moves: the score change of each page tested twice", async () => {
    const s = await loadSection("speed-moves", ctx);
    expect(charts(s)[0]!.table.rows[0]).toEqual(["Faster", "1"]);
    expect(tables(s)[0]!.rows.map((r) => [r[0], r[3], r[4], r[5]])).toEqual([["https://example.com/a", "+30", "5000", "2600"]]);
  });

  it("says plainly when there is no data: rank tracking not set up, no speed test", async () => {
    for (const id of ["rankings", "competitors", "rank-moves"]) {
      const s = await loadSection(id, emptyCtx);
      expect(s.connected).toBe(false);
      expect(notes(s)).toEqual(["Rank tracking is not set up for this project yet: add a search engine and keywords on the rankings tab."]);
    }
    for (const id of ["page-speed", "speed-moves"]) {
      const s = await loadSection(id, emptyCtx);
      expect(notes(s)[0]).toMatch(/^No page speed test of this project finished between/);
      expect(charts(s)).toHaveLength(0);
    }
  });

  it("the rank data is read through the access rule: another owner's project is refused", async () => {
    await expect(loadRankPeriod({ ...ctx, owner: emptyCtx.owner })).rejects.toMatchObject({ code: "not_found", field: "idp" });
  });

  it("issue 11 point 8 project screen: health trend, issues by severity and category, visibility and speed charts where data exists", async () => {
    const audit = await getProjectAudit(services.db, ctx.projectId);
    const c = await projectCharts({ db: services.db, owner: ctx.owner, projectId: ctx.projectId, audit });
    expect(c.trend!.table.rows.map((r) => r[1])).toEqual(["61", "74"]);
    expect(c.severity!.table.head).toEqual(["Severity", "Issues"]);
    expect(c.categories!.table.rows.length).toBeGreaterThan(0);
    expect(c.visibility!.table.rows.at(-1)).toEqual([to, "27.9 %"]);
    // 90 days on the project screen: /c (60 days ago) counts; slowest first.
    expect(c.speed!.table.rows.map((r) => r.slice(0, 2))).toEqual([
      ["/c", "10"],
      ["/a", "70"],
      ["/b", "95"],
    ]);
    const bare = await projectCharts({
      db: services.db,
      owner: emptyCtx.owner,
      projectId: emptyCtx.projectId,
      audit: await getProjectAudit(services.db, emptyCtx.projectId),
    });
    expect(bare).toEqual({ trend: null, severity: null, categories: null, visibility: null, speed: null });
  });
});
