/**
 * Creates an audit row and seeds its frontier with the start URL (depth 0). Workers (pg-boss jobs,
 * the CLI, tests) then run it with runCrawlWorker.
 */
import type { Database } from "../db/client.server.ts";
import { auditUrls, audits } from "../db/schema.server.ts";
import { type CrawlSettings, crawlSettingsSchema } from "./settings.server.ts";
import { normalizeUrl } from "../crawler/url.server.ts";

/** Input of {@link createAudit}. */
export interface NewCrawl {
  startUrl: string;
  settings: CrawlSettings;
  projectId?: number | null;
  visitorId?: string | null;
}

/**
 * Inserts a queued audit and its start URL; returns the audit id.
 * @throws TypeError when `startUrl` is not an http(s) URL.
 */
export async function createAudit(db: Database, input: NewCrawl): Promise<number> {
  const settings = crawlSettingsSchema.parse(input.settings);
  const startUrl = normalizeUrl(input.startUrl, undefined, settings.queryParams);
  if (!startUrl) throw new TypeError(`Not an http(s) URL: ${input.startUrl}`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(audits)
      .values({ startUrl, settings, projectId: input.projectId ?? null, visitorId: input.visitorId ?? null })
      .returning({ id: audits.id });
    await tx.insert(auditUrls).values({ auditId: row!.id, url: startUrl, kind: "page", depth: 0, source: "start", orderKey: [] });
    return row!.id;
  });
}
