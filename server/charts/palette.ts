/**
 * Chart colours from the brand tokens (app/theme.css). Series colours are told apart by more than
 * hue: lines get distinct symbols and dash patterns, bars carry value labels (WCAG 1.4.1).
 */
export const CHART_COLORS = {
  ink: "#111a2e",
  muted: "#56627f",
  grid: "#e7eaf2",
  accent: "#b93d0c",
  good: "#0a7350",
  warn: "#985006",
  bad: "#c92a2a",
  /** Neutral series, in order. */
  series: ["#b93d0c", "#2a3658", "#0a7350", "#985006", "#6d4ab8", "#0f6f8a", "#c92a2a", "#56627f"],
} as const;

/** Colour of a 0–100 score, with the thresholds PageSpeed Insights and our health score use (≥ 90 good, ≥ 50 needs work). */
export function scoreColor(score: number): string {
  return score >= 90 ? CHART_COLORS.good : score >= 50 ? CHART_COLORS.warn : CHART_COLORS.bad;
}

/** Symbols and dash patterns given to line series in order, so series differ without colour. */
export const LINE_SYMBOLS = ["circle", "rect", "triangle", "diamond", "roundRect", "pin", "arrow", "emptyCircle"] as const;
export const LINE_DASHES = ["solid", "dashed", "dotted", "solid", "dashed", "dotted", "solid", "dashed"] as const;
