/**
 * Keeps calls to a provider at its allowed rate (issue 10 point 5): a token bucket shared by every
 * check in the process, refilled at `perMinute` / 60 per second with a burst of `burst` calls.
 */

/** A rate limiter: `take()` resolves when one call may be made. */
export interface RateLimiter {
  take(): Promise<void>;
  /** Calls allowed per minute. */
  readonly perMinute: number;
}

/** Options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  perMinute: number;
  /** Calls allowed at once after a quiet period; default 1 (strict spacing). */
  burst?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** A token bucket. Calls are served in order of `take()`. */
export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  const now = opts.now ?? (() => performance.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const burst = Math.max(1, opts.burst ?? 1);
  const interval = 60_000 / opts.perMinute;
  let tokens = burst;
  let last = now();
  let chain: Promise<void> = Promise.resolve();
  const takeOne = async () => {
    for (;;) {
      const t = now();
      tokens = Math.min(burst, tokens + (t - last) / interval);
      last = t;
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await sleep((1 - tokens) * interval);
    }
  };
  return {
    perMinute: opts.perMinute,
    take() {
      const next = chain.then(takeOne);
      chain = next;
      return next;
    },
  };
}
