/** The sections the /page-sidebar screen groups the tools into. */
export type ToolGroup = "sites" | "analysis" | "tracking";

/**
 * The logged-in tools and where each lives (spec 2 page-sidebar): one list for the sidebar, the
 * /page-sidebar screen and tests. Every link carries the current project's id when one is chosen
 * (`toolHref`: `idp`, or the path parameter the spec names).
 */
export interface ToolLink {
  key: "projects" | "audit" | "rankings" | "speed" | "bestPages" | "insights" | "reports" | "dashboard" | "analyzer";
  /** Route path without language prefix, before the project is applied. */
  path: string;
  /** Screen ids (common/screens.ts, app/routes.ts) that count as this tool, for the current-page mark. */
  screens: string[];
  /** Section of the /page-sidebar screen. */
  group: ToolGroup;
  /** Sub-screens the /page-sidebar screen links under the tool (account-wide: no project id). */
  more?: readonly { key: "delivery" | "whiteLabel"; path: string }[];
}

export const TOOL_LINKS: readonly ToolLink[] = [
  {
    key: "projects",
    path: "/project",
    screens: ["project", "sproject", "project-group", "sproject-group", "addproject", "addproject-vald", "start"],
    group: "sites",
  },
  { key: "audit", path: "/website-checker", screens: ["website-checker"], group: "analysis" },
  { key: "rankings", path: "/project/rankings", screens: ["addengine", "project-rankings"], group: "tracking" },
  { key: "speed", path: "/page-speed", screens: ["page-speed"], group: "analysis" },
  { key: "bestPages", path: "/best-pages", screens: ["best-pages"], group: "analysis" },
  { key: "insights", path: "/insights", screens: ["insights"], group: "analysis" },
  {
    key: "reports",
    path: "/reports",
    screens: [
      "reports",
      "reports-edit",
      "reports-create",
      "reports-create-delivery",
      "reports-delivery",
      "reports-delivery-new",
      "reports-delivery-edit",
      "reports-white-label",
      "reports-white-label-new",
      "reports-white-label-edit",
      "reports-popup",
    ],
    group: "tracking",
    more: [
      { key: "delivery", path: "/reports/delivery" },
      { key: "whiteLabel", path: "/reports/white-label" },
    ],
  },
  { key: "dashboard", path: "/dashboard", screens: [], group: "sites" },
  { key: "analyzer", path: "/analyzer", screens: ["analyzer"], group: "analysis" },
];

/** A tool's link for project `idp` (null: none chosen). The dashboard takes the project as a path segment (spec 2 /dashboard/{id_project}). */
export function toolHref(tool: ToolLink, idp: number | null): string {
  if (idp === null || tool.key === "analyzer") return tool.path;
  if (tool.key === "dashboard") return `/dashboard/${idp}`;
  return `${tool.path}${tool.path.includes("?") ? "&" : "?"}idp=${idp}`;
}
