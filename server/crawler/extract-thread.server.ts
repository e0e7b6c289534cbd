/**
 * The worker-thread side of the extraction pool (extract-pool.server.ts): parses pages and runs
 * the page-level checks (server/audit/extract.ts) with the crawl's own URL normalisation and scope.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { ResponseMeta } from "../analyzer/page-facts.server.ts";
import { extractAuditPage } from "../audit/extract.ts";
import type { CrawlSettings } from "../audit/settings.server.ts";
import { createScope, normalizeUrl } from "./url.server.ts";

const { startUrl, settings } = workerData as { startUrl: string; settings: CrawlSettings };
const scope = createScope(startUrl, settings);
const opts = {
  normalize: (u: URL) => normalizeUrl(u.href, undefined, settings.queryParams) ?? u.href,
  isInternal: (u: URL) => scope(u.href) !== "external",
};

parentPort!.on("message", ({ id, body, meta }: { id: number; body: Uint8Array; meta: ResponseMeta }) => {
  try {
    parentPort!.postMessage({ id, page: extractAuditPage(Buffer.from(body.buffer, body.byteOffset, body.byteLength), meta, opts) });
  } catch (err) {
    parentPort!.postMessage({ id, error: (err as Error).message });
  }
});
