/**
 * What a job worker process sets before it loads anything else (issue 14.1, decision 0022); called by
 * `server/worker.ts` (and by `npm run bench:crawl -- --generate N` for the audit step it measures).
 */
import v8 from "node:v8";
import { installPackageFormatHook } from "./package-format.server.ts";

/**
 * Memory over peak speed, as the web process does (decision 0017): V8's `--optimize-for-size` gives heap
 * pages back after a collection (the site-wide audit step of a 10,000-page crawl peaked at 394 MB
 * without it, 190 MB with it, ~10 % more wall time); and package formats read once (the database layer
 * loads ~2 s faster with ~190 MB less transient heap).
 */
export function prepareWorkerProcess(): void {
  v8.setFlagsFromString("--optimize-for-size");
  installPackageFormatHook();
}
