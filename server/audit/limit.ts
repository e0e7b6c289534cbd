/**
 * The page limit of a finished audit (issue 16.4 / 8.8): the limit it ran with and how many page
 * URLs it found but left uncrawled. Stored in the audit's summary as `limit`. Pure.
 */

/** Page limit of a finished audit; `pagesLeft` > 0 means the crawl stopped at the limit. */
export interface AuditLimit {
  pageLimit: number;
  pagesLeft: number;
}

/** Reads the limit from a stored summary; null for audits finished before it was recorded. */
export function limitOf(summary: unknown): AuditLimit | null {
  const limit = (summary as { limit?: Partial<AuditLimit> } | null)?.limit;
  return limit && typeof limit.pageLimit === "number" && typeof limit.pagesLeft === "number"
    ? { pageLimit: limit.pageLimit, pagesLeft: limit.pagesLeft }
    : null;
}
