import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import { listInsights, setInsightState } from "../../server/insights/list.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { fixtureAudit, fixtureProject, fixtureSearchConsole, fixtureSpeedTest, type FixturePage } from "../helpers/speed-fixtures.ts";

const u = (p: string) => `https://shop.example${p}`;
const page = (path: string, issues: FixturePage["issues"] = []): FixturePage => ({
  url: u(path),
  wordCount: 300,
  inlinks: 2,
  linkScore: 50,
  issues,
});

describe.each(databaseKinds)(
  "spec 2 /insights, issue 12.4: one prioritised to-do list from audit, Search Console and speed (%s)",
  (kind) => {
    let services: Services;
    let projectId: number;
    const owner: Owner = { visitorId: null, userId: 31 };
    const list = async () =>
      (await listInsights({ db: services.db, owner, projectId })).map((i) => [i.key, i.state, i.impact, i.evidence] as const);

    beforeAll(async () => {
      services = await startTestServices(kind, { IN_PROCESS_WORKER: "0" });
      const db = services.db;
      projectId = await fixtureProject(db, 31);
      await fixtureAudit(db, projectId, [
        page("/a", [["title-missing", "error"]]),
        page("/b", [["thin-content", "warning"]]),
        page("/c"),
        page("/d"),
      ]);
      await fixtureAudit(db, projectId, [
        page("/a", [["title-missing", "error"]]),
        page("/b", [["title-missing", "error"]]),
        // One issue per broken link: the page still counts once (the /insights duplicate-key finding).
        page("/c", [
          ["links-broken-internal", "error"],
          ["links-broken-internal", "error"],
        ]),
        page("/d", [["long-title", "notice"]]),
      ]);
      await fixtureSearchConsole(db, projectId, [
        ["2026-10-10", "shoes", u("/a"), 100, 500, 4],
        ["2026-11-10", "shoes", u("/a"), 60, 500, 9],
        ["2026-10-10", "boots", u("/b"), 30, 300, 3],
        ["2026-11-10", "boots", u("/b"), 30, 300, 3],
        ["2026-10-10", "hats", u("/c"), 5, 100, 5],
        ["2026-11-10", "hats", u("/c"), 5, 100, 5],
        ["2026-11-28", "scarf", u("/e"), 2, 1000, 14],
        ["2026-11-28", "gloves", u("/f"), 1, 40, 12],
      ]);
      await fixtureSpeedTest(db, projectId, u("/b"), 90, 1800, new Date("2026-11-01T00:00:00Z"));
      await fixtureSpeedTest(db, projectId, u("/b"), 70, 3400);
      await fixtureSpeedTest(db, projectId, u("/c"), 80, 2000, new Date("2026-11-01T00:00:00Z"));
      await fixtureSpeedTest(db, projectId, u("/c"), 75, 2100);
    });
    afterAll(() => services?.close());

    it("orders what broke, then losses, then opportunities; biggest impact first; each with its evidence", async () => {
      const items = await listInsights({ db: services.db, owner, projectId });
      expect(items.map((i) => [i.key, i.state, i.impact, i.evidence])).toEqual([
        ["audit-error:title-missing", "open", 30, { auditId: expect.any(Number), count: 1, pages: [u("/b")] }],
        [`speed-regression:${u("/b")}`, "open", 30, { before: 90, after: 70 }],
        ["audit-error:links-broken-internal", "open", 5, { auditId: expect.any(Number), count: 1, pages: [u("/c")] }],
        ["rank-drop:shoes", "open", 40, { before: 4, after: 9 }],
        [`search-drop:${u("/a")}`, "open", 40, { before: 100, after: 60 }],
        [`near-page-one:${u("/e")}`, "open", 28, { position: 14, impressions: 1000 }],
      ]);
      expect(items.map((i) => i.href)).toEqual([
        `/website-checker?audit=${(items[0]!.evidence as { auditId: number }).auditId}&check=title-missing`,
        `/page-speed?idp=${projectId}`,
        `/website-checker?audit=${(items[0]!.evidence as { auditId: number }).auditId}&check=links-broken-internal`,
        `/project?idp=${projectId}&tab=rankings`,
        `/best-pages?idp=${projectId}&view=lost`,
        `/analyzer?url=${encodeURIComponent(u("/e"))}`,
      ]);
      // Issue 16.9: an audit error reads as its check's title in the reader's language, never as the raw id.
      expect(items.map((i) => i.title)).toEqual(["Title is missing or empty", u("/b"), "Broken internal link", "shoes", u("/a"), u("/e")]);
      const german = await listInsights({ db: services.db, owner, projectId, lang: "de" });
      expect(german.filter((i) => i.kind === "audit-error").map((i) => [i.subject, i.title])).toEqual([
        ["title-missing", "Title fehlt oder ist leer"],
        ["links-broken-internal", "Defekter interner Link"],
      ]);
    });

    it("done and ignored are remembered, also after a new audit, and listed after the open items", async () => {
      await setInsightState({ db: services.db, owner, projectId, key: "audit-error:links-broken-internal", state: "done" });
      await setInsightState({ db: services.db, owner, projectId, key: `speed-regression:${u("/b")}`, state: "ignored" });
      // A new audit: broken links now on another page, so the check is new again against the audit before.
      await fixtureAudit(services.db, projectId, [
        page("/a", [["title-missing", "error"]]),
        page("/b", [["title-missing", "error"]]),
        page("/c"),
        page("/c2", [["links-broken-internal", "error"]]),
      ]);
      const rows = await list();
      expect(rows.map((r) => [r[0], r[1]])).toEqual([
        ["rank-drop:shoes", "open"],
        [`search-drop:${u("/a")}`, "open"],
        [`near-page-one:${u("/e")}`, "open"],
        ["audit-error:links-broken-internal", "done"],
        [`speed-regression:${u("/b")}`, "ignored"],
      ]);
      expect(rows[3]![3]).toMatchObject({ pages: [u("/c2")] });
      await setInsightState({ db: services.db, owner, projectId, key: "audit-error:links-broken-internal", state: "open" });
      expect((await list())[0]![0]).toBe("audit-error:links-broken-internal");
    });

    it("another user's project is not found, and cannot be changed (the one access rule)", async () => {
      const other: Owner = { visitorId: null, userId: 32 };
      await expect(listInsights({ db: services.db, owner: other, projectId })).rejects.toMatchObject({ code: "not_found" });
      await expect(setInsightState({ db: services.db, owner: other, projectId, key: "x", state: "done" })).rejects.toMatchObject({
        code: "not_found",
      });
    });
  },
);
