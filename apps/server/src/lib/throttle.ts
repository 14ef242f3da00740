import { and, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authThrottle } from '../db/schema/security.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

// Throttling of sign-in and other guessable operations, with its counters in PostgreSQL so that
// they survive a restart and hold across several servers (ASVS 5.0 V6.3). An account is never
// locked hard: it is slowed down progressively, while an IP and an account+IP pair have hard limits.

export const MINUTE = 60_000;
export const FIFTEEN_MINUTES = 15 * MINUTE;

/** How a key is slowed down after its n-th failure inside the window (ms to wait, 0 = none). */
export interface ThrottleRule {
  /** Failures older than this (since the last one) are forgotten. */
  windowMs: number;
  delayAfter: (failures: number) => number;
}

/** No wait for the first `free` failures, then 1 s, 2 s, 4 s… up to `capMs`. */
export function progressive(free: number, capMs: number, windowMs = FIFTEEN_MINUTES): ThrottleRule {
  return { windowMs, delayAfter: (n) => (n <= free ? 0 : Math.min(1000 * 2 ** (n - free - 1), capMs)) };
}

/** `limit` failures within the window, then a block of `blockMs`. */
export function hardLimit(limit: number, windowMs = FIFTEEN_MINUTES, blockMs = windowMs): ThrottleRule {
  return { windowMs, delayAfter: (n) => (n >= limit ? blockMs : 0) };
}

/** Seconds as a French phrase: "30 secondes", "1 minute", "15 minutes". */
export function frenchDelay(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 seconde' : `${s} secondes`;
  const m = Math.ceil(s / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** 429 with `Retry-After` and a French message telling how long to wait. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, 'too_many_attempts', `Trop de tentatives. Réessayez dans ${frenchDelay(seconds)}.`, { 'Retry-After': String(seconds) });
}

export interface FailOutcome {
  failures: number;
  /** This failure started a wait (the key was free before): the lock is journalled. */
  lockedNow: boolean;
}

export interface ThrottleRow {
  key: string;
  failures: number;
  lastFailureAt: Date;
  blockedUntil: Date | null;
}

export class Throttle {
  private failsSincePrune = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** Seconds before every one of these keys may try again (0 when all may). */
  async retryAfter(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const now = this.now();
    const [row] = await this.db
      .select({ until: max(authThrottle.blockedUntil) })
      .from(authThrottle)
      .where(and(inArray(authThrottle.key, keys), gt(authThrottle.blockedUntil, now)));
    const until = row?.until ? new Date(row.until).getTime() : 0;
    return until > now.getTime() ? (until - now.getTime()) / 1000 : 0;
  }

  /** Throws the French 429 when any key must still wait. */
  async assertFree(keys: string[]): Promise<void> {
    const wait = await this.retryAfter(keys);
    if (wait > 0) throw tooManyAttempts(wait);
  }

  /** Counts one failure (or one use, for rate limits) of `key` under `rule`. */
  async fail(key: string, rule: ThrottleRule, userId: string | null = null): Promise<FailOutcome> {
    const now = this.now();
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const stale = sql`${authThrottle.lastFailureAt} < ${windowStart}`;
    const [row] = await this.db
      .insert(authThrottle)
      .values({ key, userId, failures: 1, firstFailureAt: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${authThrottle.failures} + 1 end`,
          firstFailureAt: sql`case when ${stale} then ${now} else ${authThrottle.firstFailureAt} end`,
          blockedUntil: sql`case when ${stale} then null else ${authThrottle.blockedUntil} end`,
          lastFailureAt: now,
        },
      })
      .returning({ failures: authThrottle.failures, blockedUntil: authThrottle.blockedUntil });
    const delay = rule.delayAfter(row.failures);
    const wasBlocked = rule.delayAfter(row.failures - 1) > 0;
    if (delay > 0) {
      await this.db
        .update(authThrottle)
        .set({ blockedUntil: new Date(now.getTime() + delay) })
        .where(eq(authThrottle.key, key));
    }
    await this.pruneSometimes(now);
    return { failures: row.failures, lockedNow: delay > 0 && !wasBlocked };
  }

  /** Forgets a key; answers whether it was slowed down or blocked (an unlock to journal). */
  async reset(key: string): Promise<boolean> {
    const deleted = await this.db.delete(authThrottle).where(eq(authThrottle.key, key)).returning({ blockedUntil: authThrottle.blockedUntil });
    return deleted.some((r) => r.blockedUntil !== null);
  }

  /** The counters about one user (the /user screen shows them). */
  async forUser(userId: string): Promise<ThrottleRow[]> {
    return this.db
      .select({ key: authThrottle.key, failures: authThrottle.failures, lastFailureAt: authThrottle.lastFailureAt, blockedUntil: authThrottle.blockedUntil })
      .from(authThrottle)
      .where(and(eq(authThrottle.userId, userId), gt(authThrottle.lastFailureAt, new Date(this.now().getTime() - 24 * 60 * MINUTE))));
  }

  async clearUser(userId: string): Promise<number> {
    const deleted = await this.db.delete(authThrottle).where(eq(authThrottle.userId, userId)).returning({ key: authThrottle.key });
    return deleted.length;
  }

  /** Keeps the table small: counters idle for a day are dropped now and then. */
  private async pruneSometimes(now: Date): Promise<void> {
    if (++this.failsSincePrune < 200) return;
    this.failsSincePrune = 0;
    const dayAgo = new Date(now.getTime() - 24 * 60 * MINUTE);
    await this.db.delete(authThrottle).where(and(lt(authThrottle.lastFailureAt, dayAgo), sql`(${authThrottle.blockedUntil} is null or ${authThrottle.blockedUntil} < ${now})`));
  }
}
