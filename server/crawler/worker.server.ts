/**
 * One crawl worker on a crawl kept in the database (crawl.server.ts does the work): any number of
 * these, in any number of processes, share a crawl through the database.
 */
import type { Database } from "../db/client.server.ts";
import { type CrawlWorkerOptions, type CrawlWorkerResult, runCrawl } from "./crawl.server.ts";
import { dbCrawlStore } from "./db-store.server.ts";

export { type CrawlWorkerOptions, type CrawlWorkerResult, newWorkerId, shareLimits } from "./crawl.server.ts";

/**
 * Runs one worker on crawl `auditId` until the crawl has no work left (or `signal` aborts). Safe
 * to run concurrently with other workers on the same crawl, in this or other processes.
 * @throws Error when the crawl does not exist.
 */
export async function runCrawlWorker(db: Database, auditId: number, opts: CrawlWorkerOptions): Promise<CrawlWorkerResult> {
  if (!(await dbCrawlStore(db, auditId).load())) throw new Error(`No crawl ${auditId}`);
  return runCrawl(dbCrawlStore(db, auditId), opts);
}
