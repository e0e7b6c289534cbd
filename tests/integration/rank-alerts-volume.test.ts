import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails, projects, rankAlerts, rankEngines, rankKeywords, users } from "../../server/db/schema.server.ts";
import { DIGEST_LINES, evaluateAlerts } from "../../server/rank/alerts.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

describe("issue 10.7 alerts: a large project (bench:ranks finding: one INSERT of every alert overflowed) and a failing provider", () => {
  let services: Services;
  afterAll(() => services?.close());
  beforeAll(async () => {
    services = await startTestServices("pglite");
  }, 120_000);

  it("10,000 keywords moving 50 → 5 in one day: 20,000 alerts stored, one digest listing the first 100 and counting the rest", async () => {
    const n = 10_000;
    const [u] = await services.db.insert(users).values({ email: "big@example.com", name: "Big" }).returning();
    const [p] = await services.db
      .insert(projects)
      .values({ userId: u!.id, domain: "big.example", url: "https://big.example/" })
      .returning();
    const projectId = p!.id;
    await services.db.insert(rankEngines).values({ projectId, engine: "google", country: "US", language: "en", device: "desktop" });
    for (let i = 0; i < n; i += 2000)
      await services.db.insert(rankKeywords).values(Array.from({ length: 2000 }, (_, j) => ({ projectId, keyword: `kw ${i + j}` })));
    for (const [day, position] of [
      ["2026-11-10", 50],
      ["2026-11-11", 5],
    ] as const)
      await services.db.execute(sql`
        insert into rank_checks (project_id, keyword_id, engine_id, day, status, position, url, provider, checked_at)
        select ${projectId}, k.id, e.id, ${day}::date, 'ok', ${position}, 'https://big.example/' || k.id, 'serpapi', now()
        from rank_keywords k cross join rank_engines e where k.project_id = ${projectId} and e.project_id = ${projectId}`);

    // Entered the top 10 and moved 45 places: two alerts per keyword.
    expect(await evaluateAlerts({ services, projectId, day: "2026-11-11" })).toBe(2 * n);
    const [stored] = await services.db.select({ n: count() }).from(rankAlerts).where(eq(rankAlerts.projectId, projectId));
    expect(stored!.n).toBe(2 * n);
    const [digest] = await services.db.select().from(emails).where(eq(emails.toAddress, "big@example.com"));
    expect(digest!.subject).toBe("Ranking alerts for big.example on 2026-11-11");
    expect(digest!.html.match(/entered the top 10/g)?.length).toBeLessThanOrEqual(DIGEST_LINES);
    expect(digest!.html).toContain(`and ${(2 * n - DIGEST_LINES).toLocaleString("en")} more alerts on the rankings tab.`);
  }, 300_000);

  it("a keyword whose provider failed 3 days in a row raises one provider_failing alert on the third day, not before", async () => {
    const [u] = await services.db.insert(users).values({ email: "failing@example.com", name: "Fay" }).returning();
    const [p] = await services.db
      .insert(projects)
      .values({ userId: u!.id, domain: "failing.example", url: "https://failing.example/" })
      .returning();
    const projectId = p!.id;
    const [engine] = await services.db
      .insert(rankEngines)
      .values({ projectId, engine: "bing", country: "DE", language: "de", device: "mobile" })
      .returning();
    const [keyword] = await services.db.insert(rankKeywords).values({ projectId, keyword: "seo audit" }).returning();
    const failed = (day: string) =>
      services.db.execute(sql`
        insert into rank_checks (project_id, keyword_id, engine_id, day, status, error, provider, checked_at)
        values (${projectId}, ${keyword!.id}, ${engine!.id}, ${day}::date, 'error', 'SerpApi answered 500 on 2 of 3 pages', 'serpapi', now())`);

    await failed("2026-11-10");
    await failed("2026-11-11");
    expect(await evaluateAlerts({ services, projectId, day: "2026-11-11" })).toBe(0);
    await failed("2026-11-12");
    expect(await evaluateAlerts({ services, projectId, day: "2026-11-12" })).toBe(1);
    const [alert] = await services.db.select().from(rankAlerts).where(eq(rankAlerts.projectId, projectId));
    expect(alert).toMatchObject({ kind: "provider_failing", keywordId: keyword!.id, engineId: engine!.id });
    expect(alert!.message).toContain("seo audit");
    expect(alert!.message).toContain("SerpApi answered 500 on 2 of 3 pages");
    const [digest] = await services.db.select().from(emails).where(eq(emails.toAddress, "failing@example.com"));
    expect(digest!.html).toContain("SerpApi answered 500 on 2 of 3 pages");
  });
});
