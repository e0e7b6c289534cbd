import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.server.ts";
import { dailyPerformance, pagePerformance, queryPerformance } from "../../server/search-console/performance.server.ts";
import { importSearchConsoleExport, parseExportCsv } from "../../server/search-console/import-export.server.ts";
import { searchConsolePosition } from "../../server/rank/search-console-ranks.server.ts";
import { projects } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

type Json = Record<string, unknown>;

// The column layout of a real Search Console Performance export (zip of CSV tables).
const QUERIES = 'Top queries,Clicks,Impressions,CTR,Position\nseo audit,120,2400,5%,3.4\n"rank tracker, free",10,1000,1%,11.2\n';
const PAGES =
  "Top pages,Clicks,Impressions,CTR,Position\nhttps://ours.example/audit,100,2000,5%,3.1\nhttps://ours.example/,30,1400,2.14%,9\n";
const COUNTRIES = "Country,Clicks,Impressions,CTR,Position\nUnited States,90,2000,4.5%,4\nGermany,40,1400,2.86%,8\n";
const DEVICES = "Device,Clicks,Impressions,CTR,Position\nDesktop,80,2100,3.81%,5\nMobile,50,1300,3.85%,6\n";
const DATES = "Date,Clicks,Impressions,CTR,Position\n2026-11-01,60,1500,4%,5.5\n2026-11-02,70,1900,3.68%,5.2\n";

describe.each(databaseKinds)("issue 10 /api/rank on %s", (kind) => {
  let services: Services;
  let api: ReturnType<typeof createApi>;
  let cookie = "";
  let idp = 0;

  beforeAll(async () => {
    services = await startTestServices(kind);
    api = createApi(services);
    const res = await call("POST", "/project/add_site_wow", { page: "ours.example" });
    idp = ((await res.json()) as { ids_project: number[] }).ids_project[0]!;
  }, 120_000);
  afterAll(() => services?.close());

  async function call(method: string, p: string, body?: unknown, withCookie = true) {
    const res = await api.request(p, {
      method,
      headers: { "content-type": "application/json", ...(withCookie && cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    if (set && withCookie && !cookie) cookie = set.split(";")[0]!;
    return res;
  }

  it("spec 2 /addengine: bad input is a 422 naming the field; a good engine is 201", async () => {
    for (const [body, field] of [
      [{ idp, engine: "altavista", country: "US", language: "en", device: "desktop" }, "engine"],
      [{ idp, engine: "google", country: "XX", language: "en", device: "desktop" }, "country"],
      [{ idp, engine: "google", country: "US", language: "zz", device: "desktop" }, "language"],
      [{ idp, engine: "google", country: "US", language: "en", device: "desktop", locationCode: 2950159 }, "locationCode"],
    ] as const) {
      const res = await call("POST", "/rank/engines", body);
      expect(res.status, field).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    const ok = await call("POST", "/rank/engines", {
      idp,
      engine: "google",
      country: "DE",
      language: "de",
      device: "mobile",
      locationCode: 2950159,
    });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { engine: Json }).engine).toMatchObject({ location: "Berlin,Germany", locationCode: 2950159 });
  });

  it("issue 10.1 city search by country (GeoNames ids)", async () => {
    const res = await call("GET", "/rank/locations?country=DE&q=ber");
    const body = (await res.json()) as { language: string; cities: { code: number; name: string }[] };
    expect(body.language).toBe("de");
    expect(body.cities[0]).toMatchObject({ code: 2950159, name: "Berlin" });
  });

  it("issue 8.1 access rule: another visitor gets 404 for the project's engines, keywords and exports", async () => {
    for (const [m, p] of [
      ["GET", `/rank/engines?idp=${idp}`],
      ["GET", `/rank/rankings?idp=${idp}`],
      ["GET", `/rank/rankings/export?idp=${idp}`],
      ["POST", "/rank/check"],
    ] as const) {
      const res = await call(m, p, m === "POST" ? { idp } : undefined, false);
      expect(res.status, p).toBe(404);
    }
  });

  it("issue 10.2 keywords from a CSV with tags; removing another's keyword is 404", async () => {
    const res = await call("POST", "/rank/keywords", {
      idp,
      csv: "1",
      keywords: "keyword,url,tags\nseo audit,https://ours.example/audit,core\nrank tracker,,",
      tags: "imported",
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ added: 2, total: 2 });
    const view = (await (await call("GET", `/rank/rankings?idp=${idp}`)).json()) as {
      keywords: { keywordId: number; keyword: string; tags: string[]; targetUrl: string | null }[];
    };
    expect(view.keywords.map((k) => [k.keyword, k.tags, k.targetUrl])).toEqual([
      ["rank tracker", ["imported"], null],
      ["seo audit", ["core", "imported"], "https://ours.example/audit"],
    ]);
    const del = await call("DELETE", `/rank/keywords/${view.keywords[0]!.keywordId}`, undefined, false);
    expect(del.status).toBe(404);
  });

  it("issue 10.6 CSV and XLSX exports hold the table's rows", async () => {
    const csv = await call("GET", `/rank/rankings/export?idp=${idp}&format=csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")[0]).toBe(
      "Keyword,Tags,Position,Change 1 day,Change 7 days,Change 30 days,Best,URL,SERP features,Own features,Search volume,Checked,Error",
    );
    expect(text).toContain("seo audit,core | imported,");
    const xlsx = await call("GET", `/rank/rankings/export?idp=${idp}&format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Rankings")!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).getCell(1).value).toBe("seo audit");
  });

  it("issue 10.4 a Search Console export zip imports once per table; totals do not count twice; positions feed the embedded check", async () => {
    const zip = new JSZip();
    zip
      .file("Queries.csv", QUERIES)
      .file("Pages.csv", PAGES)
      .file("Countries.csv", COUNTRIES)
      .file("Devices.csv", DEVICES)
      .file("Dates.csv", DATES)
      .file("Filters.csv", "Filter,Value\nSearch type,Web\n");
    const file = await zip.generateAsync({ type: "uint8array" });
    const [p] = await services.db.insert(projects).values({ userId: 42, domain: "ours.example", url: "https://ours.example/" }).returning();
    const owner = { visitorId: null, userId: 42 };
    const projectId = p!.id;
    const first = await importSearchConsoleExport({ services, owner, projectId, file });
    expect(first).toEqual({ rows: 10, lastDay: "2026-11-02" });
    await importSearchConsoleExport({ services, owner, projectId, file });
    const period = { db: services.db, owner, projectId, from: "2026-11-01", to: "2026-11-30" };
    expect((await dailyPerformance(period)).map((d) => [d.key, d.clicks, d.impressions])).toEqual([
      ["2026-11-01", 60, 1500],
      ["2026-11-02", 70, 1900],
    ]);
    expect((await queryPerformance(period)).map((q) => [q.key, q.clicks, q.impressions, q.position])).toEqual([
      ["seo audit", 120, 2400, 3.4],
      ["rank tracker, free", 10, 1000, 11.2],
    ]);
    expect((await pagePerformance(period)).map((q) => q.key)).toEqual(["https://ours.example/audit", "https://ours.example/"]);
    const pos = await searchConsolePosition({
      db: services.db,
      projectId,
      keyword: "seo audit",
      device: "desktop",
      country: "US",
      day: "2026-11-24",
    });
    expect(pos).toMatchObject({ position: 3, dataDay: "2026-11-02" });
    await expect(
      importSearchConsoleExport({ services, owner, projectId, file: new TextEncoder().encode("a,b\n1,2\n") }),
    ).rejects.toMatchObject({ code: "validation", field: "file" });
  });

  it("issue 10.4 one CSV of the export is read by its first column", () => {
    expect(parseExportCsv(DEVICES)).toEqual({
      table: "devices",
      rows: [
        { key: "Desktop", clicks: 80, impressions: 2100, position: 5 },
        { key: "Mobile", clicks: 50, impressions: 1300, position: 6 },
      ],
    });
  });
});
