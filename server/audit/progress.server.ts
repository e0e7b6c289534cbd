/** Progress of a running audit for the /website-checker screen's first render (issue 3). */
import type { Database } from "../db/client.server.ts";
import { frontierCounts } from "../crawler/store.server.ts";
import type { AuditRef } from "./history.server.ts";

/** Progress figures; times in ms. */
export interface CrawlProgressFigures {
  status: string;
  pagesDone: number;
  pagesQueued: number;
  errors: number;
  pagesPerSecond: number;
  elapsedMs: number;
  /** Estimated time left at the current speed, null before the first page. */
  etaMs: number | null;
}

/** Counts the frontier of an audit and derives speed and estimate from its start time. */
export async function auditProgress(
  db: Database,
  audit: Pick<AuditRef, "status" | "createdAt"> & { id: number },
): Promise<CrawlProgressFigures> {
  const c = await frontierCounts(db, audit.id, 60_000);
  const elapsedMs = Math.max(0, Date.now() - new Date(audit.createdAt).getTime());
  const pagesPerSecond = elapsedMs > 0 ? (1000 * c.pagesDone) / elapsedMs : 0;
  return {
    status: audit.status,
    pagesDone: c.pagesDone,
    pagesQueued: c.pagesQueued,
    errors: c.errors,
    pagesPerSecond,
    elapsedMs,
    etaMs: pagesPerSecond > 0 ? (1000 * c.pagesQueued) / pagesPerSecond : null,
  };
}
