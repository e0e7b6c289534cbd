/**
 * End of a crawl kept in the database (finalize-crawl.server.ts does the work). A finisher that
 * died is replaced after {@link FINISH_LEASE_MS}.
 */
import type { Database } from "../db/client.server.ts";
import { dbCrawlStore } from "./db-store.server.ts";
import { finalizeCrawl } from "./finalize-crawl.server.ts";

export { FINISH_LEASE_MS } from "./db-store.server.ts";

/** Runs the audit of a crawl whose frontier is exhausted, once. Returns true when this call did it. */
export async function finalizeAudit(db: Database, auditId: number): Promise<boolean> {
  return (await finalizeCrawl(dbCrawlStore(db, auditId))) !== null;
}
