import type { RenderedChart } from "../../common/chart.ts";
import { formatYmd } from "../../common/i18n/format.ts";
import { sparkline } from "../charts/render.server.ts";
import type { ProjectCard } from "./list-projects.server.ts";

/**
 * The health score trend of a project as a sparkline (issue 8.5), null with fewer than two
 * finished audits. `alt` and the table heading are English here; the screen puts the interface
 * language's text in (app/projects/project-list.tsx).
 */
export function healthSparkline(card: Pick<ProjectCard, "name" | "trend">): RenderedChart | null {
  if (card.trend.length < 2) return null;
  const values = card.trend.map((p) => p.healthScore);
  return sparkline({
    values,
    labels: card.trend.map((p) => formatYmd(new Date(p.finishedAt))),
    alt: `Site health of ${card.name} over its last ${values.length} audits, latest ${values.at(-1)} of 100`,
    valueLabel: "Site health",
  });
}
