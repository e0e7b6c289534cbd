import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimits } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";

/**
 * Rate-limit buckets (issue 5): attempts allowed per window, in seconds. Counters live in the
 * database (rate_limits), so every process shares them.
 */
export const RATE_LIMIT_BUCKETS = {
  "sign-in": { points: 10, duration: 15 * 60 },
  "sign-up": { points: 5, duration: 60 * 60 },
  reset: { points: 5, duration: 60 * 60 },
  restore: { points: 10, duration: 15 * 60 },
  request: { points: 5, duration: 10 * 60 },
  review: { points: 3, duration: 60 * 60 },
  chat: { points: 20, duration: 10 * 60 },
} as const;

/** A rate-limit bucket name. */
export type RateLimitBucket = keyof typeof RATE_LIMIT_BUCKETS;

const limiters = new WeakMap<Services, Map<RateLimitBucket, RateLimiterDrizzle>>();

function limiter(services: Services, bucket: RateLimitBucket): RateLimiterDrizzle {
  let byBucket = limiters.get(services);
  if (!byBucket) limiters.set(services, (byBucket = new Map()));
  let l = byBucket.get(bucket);
  if (!l) {
    l = new RateLimiterDrizzle({ storeClient: services.db, schema: rateLimits, keyPrefix: bucket, ...RATE_LIMIT_BUCKETS[bucket] });
    byBucket.set(bucket, l);
  }
  return l;
}

/**
 * Counts one attempt of `key` (e.g. "ip:1.2.3.4" or "email:a@b.c") in `bucket`.
 * The message never says whether an e-mail exists.
 * @throws AppError "rate_limited" (429) when the bucket is exhausted; `retryAfterMs` in the message's details.
 */
export async function rateLimit(services: Services, key: string, bucket: RateLimitBucket): Promise<void> {
  try {
    await limiter(services, bucket).consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      throw new AppError("rate_limited", errorText(58151));
    }
    throw err;
  }
}
