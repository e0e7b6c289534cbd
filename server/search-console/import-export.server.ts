/**
 * Import of a Search Console Performance export (issue 10 point 4, the path without any key): the
 * zip Search Console downloads (Queries.csv, Pages.csv, Countries.csv, Devices.csv, Dates.csv, …)
 * or one of its CSV files. Column layout of the real export: a first column "Top queries", "Top
 * pages", "Country", "Device" or "Date", then Clicks, Impressions, CTR ("12.5%"), Position. The
 * per-table totals cover the export's whole period; they are stored on its last day (from
 * Dates.csv) with the dimensions the table does not give left "", so the read services
 * (performance.server.ts) count each table once. Re-importing the same file changes nothing.
 */
import { eq, sql } from "drizzle-orm";
import JSZip from "jszip";
import { getCountryCode } from "countries-list";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { projects, searchConsoleProperties, searchConsoleRows } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { splitCsvLine } from "../rank/csv.ts";
import { alpha3 } from "../rank/locations.server.ts";

/** Which table of the export a CSV holds. */
export type ExportTable = "queries" | "pages" | "countries" | "devices" | "dates";

/** One parsed row: the table's key and its metrics. */
export interface ExportRow {
  key: string;
  clicks: number;
  impressions: number;
  position: number;
}

const FIRST_COLUMN: Record<string, ExportTable> = {
  "top queries": "queries",
  query: "queries",
  queries: "queries",
  "top pages": "pages",
  page: "pages",
  pages: "pages",
  country: "countries",
  device: "devices",
  date: "dates",
};

const num = (s: string | undefined) => Number((s ?? "").replace(/[%\s]/g, "").replace(/,(?=\d{3}\b)/g, ""));

/** Parses one CSV of the export; null when its first column is not one of the known tables. */
export function parseExportCsv(text: string): { table: ExportTable; rows: ExportRow[] } | null {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "");
  if (lines.length === 0) return null;
  const head = splitCsvLine(lines[0]!).map((h) => h.toLowerCase());
  const table = FIRST_COLUMN[head[0] ?? ""];
  const ci = head.indexOf("clicks");
  const ii = head.indexOf("impressions");
  const pi = head.indexOf("position");
  if (!table || ci < 0 || ii < 0 || pi < 0) return null;
  const rows: ExportRow[] = [];
  for (const line of lines.slice(1)) {
    const f = splitCsvLine(line);
    const row = { key: f[0] ?? "", clicks: num(f[ci]), impressions: num(f[ii]), position: num(f[pi]) };
    if (row.key && [row.clicks, row.impressions, row.position].every(Number.isFinite)) rows.push(row);
  }
  return { table, rows };
}

/** The CSV tables of an export file: a zip (by its PK signature) or one CSV. @throws AppError validation (file). */
export async function readExport(file: Uint8Array): Promise<{ table: ExportTable; rows: ExportRow[] }[]> {
  const isZip = file[0] === 0x50 && file[1] === 0x4b;
  const texts: string[] = [];
  if (isZip) {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(file);
    } catch {
      throw new AppError("validation", errorText(58107), "file");
    }
    for (const entry of Object.values(zip.files)) if (!entry.dir && /\.csv$/i.test(entry.name)) texts.push(await entry.async("string"));
  } else texts.push(new TextDecoder().decode(file));
  const tables = texts.map(parseExportCsv).filter((t): t is NonNullable<typeof t> => t !== null);
  if (tables.length === 0) throw new AppError("validation", errorText(58108), "file");
  return tables;
}

const DEVICES: Record<string, string> = { desktop: "DESKTOP", mobile: "MOBILE", tablet: "TABLET" };

/**
 * Imports an export into the project's Search Console rows (and marks the project's property as
 * imported when none is connected). @returns the rows stored and the period's last day.
 * @throws AppError not_found (idp); validation (file).
 */
export async function importSearchConsoleExport(opts: {
  services: Services;
  owner: Owner;
  projectId: number;
  file: Uint8Array;
  /** Day the period's totals are stored on when the export has no Dates table (default today, UTC). */
  today?: string;
}): Promise<{ rows: number; lastDay: string }> {
  const { services, projectId } = opts;
  const db = services.db;
  await authorize({ db, owner: opts.owner, resource: "project", id: projectId, action: "change", field: "idp" });
  const tables = await readExport(opts.file);
  const dates =
    tables
      .find((t) => t.table === "dates")
      ?.rows.map((r) => r.key)
      .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)) ?? [];
  const lastDay = dates.sort().at(-1) ?? opts.today ?? new Date().toISOString().slice(0, 10);
  const values = tables.flatMap(({ table, rows }) =>
    rows.flatMap((r) => {
      const base = {
        projectId,
        date: lastDay,
        query: "",
        page: "",
        device: "",
        country: "",
        clicks: Math.round(r.clicks),
        impressions: Math.round(r.impressions),
        position: r.position,
      };
      if (table === "dates") return /^\d{4}-\d{2}-\d{2}$/.test(r.key) ? [{ ...base, date: r.key }] : [];
      if (table === "queries") return [{ ...base, query: r.key.toLowerCase() }];
      if (table === "pages") return [{ ...base, page: r.key }];
      if (table === "devices") return DEVICES[r.key.toLowerCase()] ? [{ ...base, device: DEVICES[r.key.toLowerCase()]! }] : [];
      const code = getCountryCode(r.key);
      return code ? [{ ...base, country: alpha3(code) }] : [];
    }),
  );
  for (let i = 0; i < values.length; i += 1000) {
    await db
      .insert(searchConsoleRows)
      .values(values.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [
          searchConsoleRows.projectId,
          searchConsoleRows.date,
          searchConsoleRows.query,
          searchConsoleRows.page,
          searchConsoleRows.device,
          searchConsoleRows.country,
        ],
        set: { clicks: sql`excluded.clicks`, impressions: sql`excluded.impressions`, position: sql`excluded.position` },
      });
  }
  const [project] = await db.select({ url: projects.url }).from(projects).where(eq(projects.id, projectId));
  await db
    .insert(searchConsoleProperties)
    .values({ projectId, siteUrl: project?.url ?? "", source: "import", lastImportAt: new Date() })
    .onConflictDoUpdate({ target: searchConsoleProperties.projectId, set: { lastImportAt: new Date(), lastError: null } });
  return { rows: values.length, lastDay };
}
