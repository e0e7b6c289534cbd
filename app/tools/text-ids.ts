import type { ToolGroup, ToolLink } from "../../common/tools-nav.ts";

/** Text ids of the tools layout and page-sidebar (range 59000–59099), content/texts/<lang>/tools.json. */
export const TL = {
  heading: 59000,
  projects: 59001,
  audit: 59002,
  rankings: 59003,
  speed: 59004,
  bestPages: 59005,
  insights: 59006,
  reports: 59007,
  dashboard: 59008,
  analyzer: 59009,
  project: 59010,
  open: 59011,
  hide: 59012,
  show: 59013,
  addProject: 59014,
  allProjects: 59015,
  toolsFor: 59016,
  lead: 59017,
  groupSites: 59018,
  groupAnalysis: 59019,
  groupTracking: 59020,
  aboutProjects: 59021,
  aboutAudit: 59022,
  aboutRankings: 59023,
  aboutSpeed: 59024,
  aboutBestPages: 59025,
  aboutInsights: 59026,
  aboutReports: 59027,
  aboutDashboard: 59028,
  aboutAnalyzer: 59029,
  delivery: 59030,
  whiteLabel: 59031,
  noProject: 59032,
} as const;

/** Each tool's name (common/tools-nav.ts TOOL_LINKS), as the sidebar and /page-sidebar show it. */
export const TOOL_LABEL: Record<ToolLink["key"], number> = {
  projects: TL.projects,
  audit: TL.audit,
  rankings: TL.rankings,
  speed: TL.speed,
  bestPages: TL.bestPages,
  insights: TL.insights,
  reports: TL.reports,
  dashboard: TL.dashboard,
  analyzer: TL.analyzer,
};

/** Each tool's one-line description on /page-sidebar. */
export const TOOL_ABOUT: Record<ToolLink["key"], number> = {
  projects: TL.aboutProjects,
  audit: TL.aboutAudit,
  rankings: TL.aboutRankings,
  speed: TL.aboutSpeed,
  bestPages: TL.aboutBestPages,
  insights: TL.aboutInsights,
  reports: TL.aboutReports,
  dashboard: TL.aboutDashboard,
  analyzer: TL.aboutAnalyzer,
};

/** Names of the tools' sub-screens (ToolLink `more`). */
export const MORE_LABEL: Record<NonNullable<ToolLink["more"]>[number]["key"], number> = {
  delivery: TL.delivery,
  whiteLabel: TL.whiteLabel,
};

/** Section headings of /page-sidebar, in display order. */
export const GROUP_LABEL: Record<ToolGroup, number> = {
  sites: TL.groupSites,
  analysis: TL.groupAnalysis,
  tracking: TL.groupTracking,
};
