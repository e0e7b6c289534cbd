/**
 * The section registry (issue 11 point 1): each report type lists the sections it draws from;
 * each data kind registers its section source here. Rank tracking and page speed register
 * "rankings", "competitors", "rank-moves", "page-speed" and "speed-moves" when they exist; until
 * then those sections render as a plain "not connected yet" note.
 */
import type { ReportType } from "../../db/schema/reports.server.ts";
import type { ReportSection, SectionContext, SectionSource } from "../model.ts";
import { auditSections } from "./audit.server.ts";
import { searchConsoleSections } from "./search-console.server.ts";

/** Sections of each report type, in order (docs/decisions/0010-reports.md). */
export const TYPE_SECTIONS: Record<ReportType, readonly string[]> = {
  as: ["audit-health", "search-console", "rankings", "page-speed"],
  fs: ["audit-health", "audit-issues", "search-console", "rankings", "competitors", "page-speed"],
  bp: ["best-pages", "search-console"],
  co: ["competitors", "rankings"],
  wa: ["audit-health", "audit-issues", "audit-structure"],
  ps: ["page-speed", "speed-moves"],
  ch: ["audit-changes", "rank-moves", "speed-moves"],
};

/** Titles of the sections whose data source is built elsewhere and not registered yet. */
const PLANNED: Record<string, string> = {
  rankings: "Rankings",
  competitors: "Competitors",
  "rank-moves": "Ranking changes",
  "page-speed": "Page speed",
  "speed-moves": "Page speed changes",
};

const SOURCES = new Map<string, SectionSource>();

/** Registers (or replaces) a section source. */
export function registerSection(source: SectionSource): void {
  SOURCES.set(source.id, source);
}

for (const s of [...auditSections, ...searchConsoleSections]) registerSection(s);

/** Loads one section; an unregistered one says plainly that its data is not connected yet. */
export async function loadSection(id: string, ctx: SectionContext): Promise<ReportSection> {
  const source = SOURCES.get(id);
  if (source) return source.load(ctx);
  const title = PLANNED[id] ?? id;
  return { id, title, connected: false, blocks: [{ kind: "note", text: `${title}: this data is not connected to reports yet.` }] };
}
