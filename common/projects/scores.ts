/** Penalties behind the two scores the project screen explains (issue 16.9), by severity. */
export interface ScoreConstants {
  /** Site health: page health lost per distinct check on a page (server/audit/health.ts). */
  pagePenalty: Record<"error" | "warning" | "notice", number>;
  /** Site health: points lost per distinct check found only outside the crawled pages. */
  sitePenalty: Record<"error" | "warning" | "notice", number>;
  /** On-page score: points lost per distinct check (server/analyzer/checks). */
  onPagePenalty: Record<"error" | "warning" | "notice", number>;
}
