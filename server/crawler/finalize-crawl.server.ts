/**
 * End of a crawl, whichever store holds it: one worker wins the running → finishing transition,
 * marks what is left in the frontier as skipped, reads the snapshot, runs the site audit
 * (server/audit/run.ts) and stores its issues and health score.
 */
import type { AuditLimit } from "../audit/limit.ts";
import type { SiteAuditResult } from "../audit/model.ts";
import { runSiteAudit } from "../audit/run.ts";
import { crawlSettingsSchema } from "../audit/settings.server.ts";
import type { CrawlStore } from "./crawl-store.ts";

/** Runs the audit of a crawl whose frontier is exhausted, once; returns its result when this call did it, else null. */
export async function finalizeCrawl(store: CrawlStore): Promise<SiteAuditResult | null> {
  if (!(await store.beginFinish())) return null;
  const pagesLeft = await store.skipRemaining();
  const row = await store.load();
  const limit: AuditLimit = { pageLimit: crawlSettingsSchema.parse(row?.settings ?? {}).maxPages, pagesLeft };
  const result = runSiteAudit(await store.snapshot());
  await store.saveAudit(result, limit);
  return result;
}
