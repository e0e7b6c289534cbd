/**
 * The logged-in tools and where each lives (spec 2 page-sidebar): one list for the sidebar, the
 * /page-sidebar screen and tests. `project: true` tools work on the current project and carry its
 * id (`idp`, or the path parameter the spec names).
 */
export interface ToolLink {
  key: "projects" | "audit" | "rankings" | "speed" | "bestPages" | "insights" | "reports" | "dashboard" | "analyzer";
  /** Route path without language prefix, before the project is applied. */
  path: string;
  /** Screen ids (common/screens.ts, app/routes.ts) that count as this tool, for the current-page mark. */
  screens: string[];
}

export const TOOL_LINKS: readonly ToolLink[] = [
  {
    key: "projects",
    path: "/project",
    screens: ["project", "sproject", "project-group", "sproject-group", "addproject", "addproject-vald", "start"],
  },
  { key: "audit", path: "/website-checker", screens: ["website-checker"] },
  { key: "rankings", path: "/project/rankings", screens: ["addengine", "project-rankings"] },
  { key: "speed", path: "/page-speed", screens: ["page-speed"] },
  { key: "bestPages", path: "/best-pages", screens: ["best-pages"] },
  { key: "insights", path: "/insights", screens: ["insights"] },
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
  },
  { key: "dashboard", path: "/dashboard", screens: [] },
  { key: "analyzer", path: "/analyzer", screens: ["analyzer"] },
];

/** A tool's link for project `idp` (null: none chosen). The dashboard takes the project as a path segment (spec 2 /dashboard/{id_project}). */
export function toolHref(tool: ToolLink, idp: number | null): string {
  if (idp === null || tool.key === "analyzer") return tool.path;
  if (tool.key === "dashboard") return `/dashboard/${idp}`;
  return `${tool.path}${tool.path.includes("?") ? "&" : "?"}idp=${idp}`;
}
