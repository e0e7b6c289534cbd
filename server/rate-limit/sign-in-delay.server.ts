/**
 * Growing delays per account for wrong passwords (issue 9 finding 7): the first
 * {@link FREE_FAILURES} wrong passwords cost nothing; after that each one makes the account wait
 * 2, 4, 8 … seconds, at most {@link MAX_DELAY_S}, before the next attempt from ANY address. A
 * flood of guesses slows to one a minute, yet never locks the real owner out for long; the
 * per-address limit (rate-limit.server.ts, bucket "sign-in") stops one address guessing across
 * accounts. Counters live in rate_limits, shared by every process.
 */
import { RateLimiterDrizzle } from "rate-limiter-flexible";
import { rateLimits } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";

/** Wrong passwords per account before delays start. */
export const FREE_FAILURES = 5;
/** Longest wait between two attempts on one account, in seconds. */
export const MAX_DELAY_S = 60;
/** Failures are forgotten this long after the last one, in seconds. */
const FAILURE_MEMORY_S = 24 * 3600;

/** Seconds the account waits after its `failures`-th wrong password. */
export function delayAfter(failures: number): number {
  return failures <= FREE_FAILURES ? 0 : Math.min(MAX_DELAY_S, 2 ** (failures - FREE_FAILURES));
}

const limiters = new WeakMap<Services, { failures: RateLimiterDrizzle; wait: RateLimiterDrizzle }>();

function limitersOf(services: Services) {
  let l = limiters.get(services);
  if (!l) {
    const common = { storeClient: services.db, schema: rateLimits };
    l = {
      failures: new RateLimiterDrizzle({ ...common, keyPrefix: "sign-in-failures", points: 1_000_000, duration: FAILURE_MEMORY_S }),
      wait: new RateLimiterDrizzle({ ...common, keyPrefix: "sign-in-wait", points: 1, duration: MAX_DELAY_S }),
    };
    limiters.set(services, l);
  }
  return l;
}

/**
 * Refuses an attempt on `account` (a normalised e-mail) while its delay runs.
 * @throws AppError "rate_limited" (429) saying how many seconds are left.
 */
export async function checkSignInDelay(services: Services, account: string): Promise<void> {
  const res = await limitersOf(services).wait.get(account);
  if (res && res.consumedPoints > 1 && res.msBeforeNext > 0) {
    const s = Math.ceil(res.msBeforeNext / 1000);
    throw new AppError("rate_limited", errorText(58179, { seconds: s }));
  }
}

/** Records a wrong password for `account` and starts its delay. */
export async function recordSignInFailure(services: Services, account: string): Promise<void> {
  const l = limitersOf(services);
  const failures = (await l.failures.consume(account)).consumedPoints;
  const delay = delayAfter(failures);
  if (delay > 0) await l.wait.block(account, delay);
}

/** Forgets the failures of `account` after a successful sign-in. */
export async function clearSignInFailures(services: Services, account: string): Promise<void> {
  const l = limitersOf(services);
  await Promise.all([l.failures.delete(account), l.wait.delete(account)]);
}
