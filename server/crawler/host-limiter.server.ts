/**
 * Per-host politeness of one worker process: at most `concurrency` requests in flight per host,
 * and at least `intervalMs` between request starts (robots.txt Crawl-delay, or 1000 / maxRps).
 */
import { setTimeout as sleep } from "node:timers/promises";

/** Limits of one host. */
export interface HostLimits {
  concurrency: number;
  /** Smallest gap between two request starts, in ms (0: none). */
  intervalMs: number;
}

interface HostState {
  limits: HostLimits;
  active: number;
  waiting: (() => void)[];
  nextStart: number;
}

/** Runs tasks under per-host limits; `limitsFor` is asked once per host. */
export class HostLimiter {
  #hosts = new Map<string, HostState>();
  #limitsFor: (host: string) => HostLimits;

  constructor(limitsFor: (host: string) => HostLimits) {
    this.#limitsFor = limitsFor;
  }

  /** Changes the limits of a host (e.g. once its robots.txt Crawl-delay is known). */
  setLimits(host: string, limits: HostLimits): void {
    this.#state(host).limits = limits;
  }

  #state(host: string): HostState {
    let s = this.#hosts.get(host);
    if (!s) {
      s = { limits: this.#limitsFor(host), active: 0, waiting: [], nextStart: 0 };
      this.#hosts.set(host, s);
    }
    return s;
  }

  /** Runs `task` when the host has room, respecting its interval. */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const s = this.#state(host);
    while (s.active >= s.limits.concurrency) await new Promise<void>((resolve) => s.waiting.push(resolve));
    s.active++;
    try {
      if (s.limits.intervalMs > 0) {
        const now = Date.now();
        const start = Math.max(now, s.nextStart);
        s.nextStart = start + s.limits.intervalMs;
        if (start > now) await sleep(start - now);
      }
      return await task();
    } finally {
      s.active--;
      s.waiting.shift()?.();
    }
  }
}
