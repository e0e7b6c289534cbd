import os from "node:os";
import type { Env } from "../env.server.ts";

/** Speed tests (one Chromium each) a worker process runs at once: SPEED_CONCURRENCY, else one per core (issue 12.2). */
export function speedConcurrency(env: Pick<Env, "SPEED_CONCURRENCY">): number {
  return env.SPEED_CONCURRENCY > 0 ? env.SPEED_CONCURRENCY : Math.max(1, os.availableParallelism());
}
