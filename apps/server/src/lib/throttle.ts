import type { Clock } from './clock.ts';

// Counts failures per key over a sliding window; past the limit the key is blocked for the window
// (5 failures per username or 30 per IP within 15 minutes, then 15 minutes of 429).
export class Throttle {
  private readonly failures = new Map<string, number[]>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds left before the key may try again, or 0 when it may. */
  retryAfter(key: string): number {
    const until = this.blockedUntil.get(key);
    if (until === undefined) return 0;
    const left = until - this.clock.now();
    if (left <= 0) {
      this.blockedUntil.delete(key);
      this.failures.delete(key);
      return 0;
    }
    return left / 1000;
  }

  fail(key: string): void {
    const now = this.clock.now();
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    recent.push(now);
    this.failures.set(key, recent);
    if (recent.length >= this.limit) this.blockedUntil.set(key, now + this.windowMs);
    this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
    this.blockedUntil.delete(key);
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private prune(now: number): void {
    if (this.failures.size < 10_000) return;
    for (const [key, times] of this.failures) {
      if (times.every((t) => now - t >= this.windowMs) && !this.blockedUntil.has(key)) this.failures.delete(key);
    }
  }
}

export const FIFTEEN_MINUTES = 15 * 60 * 1000;
