/**
 * Page parsing and page-level checks in worker threads (issue 14.1), so that every core works: the
 * crawl's thread fetches and records while the pool parses. The threads start only once a crawl
 * has more than {@link POOL_AFTER_PAGES} pages (a small audit does not pay for their start-up),
 * and the crawl's thread keeps parsing too while every thread is busy.
 */
import { availableParallelism, loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import type { ResponseMeta } from "../analyzer/page-facts.server.ts";
import { type ExtractOptions, type ExtractedPage, extractAuditPage } from "../audit/extract.ts";
import type { CrawlSettings } from "../audit/settings.server.ts";

/** Pages parsed in the crawl's own thread before the pool starts. */
export const POOL_AFTER_PAGES = 20;

/**
 * Worker threads worth starting now: one per core but two (the crawl's own thread, and the
 * network and the rest of the machine), none while the machine's run queue already fills its
 * cores. A thread only adds start-up, copies and memory where it cannot have a core to itself,
 * measured on 2 cores (decision 0012): quiet, jena took 1.20–1.27 s wall and 191–195 MB with
 * one thread against 1.07–1.11 s and 163–167 MB without; at load 20, 6.3 s against 4.2 s.
 */
export function defaultThreads(): number {
  const cores = availableParallelism();
  return cores >= 3 && loadavg()[0]! < cores - 0.5 ? cores - 2 : 0;
}

/** Parses a fetched page into facts, findings, links and resources. */
export interface PageExtractor {
  extract(body: Buffer, meta: ResponseMeta): Promise<ExtractedPage>;
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  busy: number;
}

/**
 * An extractor for the crawl of `startUrl`: in this thread at first, then in `threads` worker
 * threads (default {@link defaultThreads}) with this thread taking a page when all are busy.
 */
export function createExtractPool(
  startUrl: string,
  settings: CrawlSettings,
  opts: ExtractOptions,
  threads = defaultThreads(),
): PageExtractor {
  const pool: Thread[] = [];
  const waiting = new Map<number, { resolve: (p: ExtractedPage) => void; reject: (e: Error) => void; thread: Thread }>();
  let seen = 0;
  let nextId = 0;
  const start = () => {
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(new URL("./extract-thread.server.ts", import.meta.url), { workerData: { startUrl, settings } });
      const thread: Thread = { worker, busy: 0 };
      worker.on("message", (m: { id: number; page?: ExtractedPage; error?: string }) => {
        const w = waiting.get(m.id)!;
        waiting.delete(m.id);
        thread.busy--;
        if (m.page) w.resolve(m.page);
        else w.reject(new Error(m.error));
      });
      // A thread that failed takes no more pages; its pages in flight fail (the crawl reports why).
      worker.on("error", (err) => {
        pool.splice(pool.indexOf(thread), 1);
        for (const [id, w] of waiting) {
          if (w.thread !== thread) continue;
          waiting.delete(id);
          w.reject(err);
        }
      });
      pool.push(thread);
    }
  };
  return {
    extract(body, meta) {
      if (++seen === POOL_AFTER_PAGES && threads > 0) start();
      const idle = pool.reduce<Thread | null>((best, t) => (t.busy < 2 && (!best || t.busy < best.busy) ? t : best), null);
      if (!idle || body.length === 0) return Promise.resolve(extractAuditPage(body, meta, opts));
      idle.busy++;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject, thread: idle });
        idle.worker.postMessage({ id, body, meta });
      });
    },
    async close() {
      await Promise.all(pool.map((t) => t.worker.terminate()));
    },
  };
}
