/**
 * Reads a crawl from the database into the site audit's input model (server/audit/model.ts); the
 * joining of redirect hops into chains lives in snapshot-build.ts, shared with the in-memory store.
 */
import type { SiteAuditInput } from "../audit/model.ts";
import type { Database } from "../db/client.server.ts";
import { readSnapshotRows } from "./db-store.server.ts";

export { MAX_CHAIN, followChain } from "./snapshot-build.ts";

/**
 * Builds the audit input of a crawl.
 * @throws Error when the crawl does not exist.
 */
export function readSnapshot(db: Database, auditId: number): Promise<SiteAuditInput> {
  return readSnapshotRows(db, auditId);
}
