/**
 * What a report is made of (issue 11, docs/decisions/0010-reports.md): sections of blocks, each
 * block a chart, a table, key figures or a plain note. The same model renders the report's HTML
 * (screen and PDF) and its CSV/XLSX (tables and chart data).
 */
import type { RenderedChart } from "../../common/chart.ts";
import type { Owner } from "../access/owner.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Translate } from "../i18n/texts.server.ts";

/** Text groups a report's words come from (reports.json): sections, charts and the type labels. */
export const REPORT_TEXT_GROUPS = ["report", "charts", "reports"];

/** One piece of a section. */
export type ReportBlock =
  | { kind: "chart"; chart: RenderedChart }
  | { kind: "table"; title: string; head: string[]; rows: (string | number)[][] }
  | { kind: "metrics"; items: { label: string; value: string }[] }
  | { kind: "note"; text: string };

/** A titled part of a report. `connected` false: the data source is not connected yet (the note says so). */
export interface ReportSection {
  id: string;
  title: string;
  connected: boolean;
  blocks: ReportBlock[];
}

/** What a section loader gets: the project, the period (yyyy-mm-dd, inclusive) and who asks. */
export interface SectionContext {
  /** The report's language (the project owner\'s interface language) and its texts (issue 15). */
  lang: string;
  t: Translate;
  db: Database;
  /** The project's holder (checks inside the data services pass for it). */
  owner: Owner;
  projectId: number;
  domain: string;
  from: string;
  to: string;
  periodDays: number;
}

/** A section source: registered once per data kind (server/reports/sections/registry.server.ts). */
export interface SectionSource {
  id: string;
  /** Text id of the section's title. */
  title: number;
  load(ctx: SectionContext): Promise<ReportSection>;
}

/** A whole report ready to render. */
export interface ReportDocument {
  type: string;
  /** Language of the words (spec code); `t` renders the document's own headings in it. */
  lang: string;
  t: Translate;
  title: string;
  domain: string;
  from: string;
  to: string;
  generatedAt: string;
  sections: ReportSection[];
}
