/**
 * The product's clock for day-based work (rank checks take their day from it, issue 10 point 5).
 * Real time, plus an offset that only the development page /dev/clock sets (NODE_ENV other than
 * production, or DEV_PAGES=1), so a second day of rank history can be tried without waiting a day.
 */
let offsetMs = 0;

/** Now by the product's clock. */
export function clockNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** The development offset, in ms (0 in normal runs). */
export function clockOffsetMs(): number {
  return offsetMs;
}

/** Moves the clock `ms` ahead of real time (development only: callers check DEV_PAGES). */
export function setClockOffsetMs(ms: number): void {
  offsetMs = ms;
}
