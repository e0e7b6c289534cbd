/**
 * The section registry (issue 11 point 1): each report type lists the sections it draws from;
 * each data kind registers its section sources here: site audits, Search Console, rank tracking
 * ("rankings", "competitors", "rank-moves") and page speed ("page-speed", "speed-moves"). An id
 * without a source renders as a plain "not connected yet" note.
 */
import type { ReportType } from "../../db/schema/reports.server.ts";
import type { ReportSection, SectionContext, SectionSource } from "../model.ts";
import { auditSections } from "./audit.server.ts";
import { rankSections } from "./rank.server.ts";
import { searchConsoleSections } from "./search-console.server.ts";
import { speedSections } from "./speed.server.ts";

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

const SOURCES = new Map<string, SectionSource>();

/** Registers (or replaces) a section source. */
export function registerSection(source: SectionSource): void {
  SOURCES.set(source.id, source);
}

for (const s of [...auditSections, ...searchConsoleSections, ...rankSections, ...speedSections]) registerSection(s);

/** Loads one section; an unregistered one says plainly that its data is not connected yet. */
export async function loadSection(id: string, ctx: SectionContext): Promise<ReportSection> {
  const source = SOURCES.get(id);
  if (source) return source.load(ctx);
  return { id, title: id, connected: false, blocks: [{ kind: "note", text: `${id}: this data is not connected to reports yet.` }] };
}
