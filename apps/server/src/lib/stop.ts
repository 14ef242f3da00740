import { setTimeout as delay } from 'node:timers/promises';

// Stopping the server (SIGTERM from systemd, Docker or a process manager; SIGINT from Ctrl-C).
// Docker sends SIGKILL 10 s after SIGTERM (systemd after 90 s): a stop that outlives that leaves the
// embedded PostgreSQL to a kill. So every step of the stop has a bound, and the whole of it fits in
// STOP_BUDGET_MS whatever the load.

export const STOP_BUDGET_MS = 10_000;
/** Requests in flight get this long to finish; then their connections are cut. */
export const DRAIN_MS = 5_000;
/** Past this the stop gives up waiting: PostgreSQL is stopped at once (its WAL keeps every commit). */
export const FORCE_MS = 9_000;

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** Whether `promise` settled within `ms` (it keeps running otherwise; its rejection is the caller's). */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const timer = new AbortController();
  try {
    return await Promise.race([promise.then(() => true), delay(Math.max(0, ms), false, { signal: timer.signal })]);
  } finally {
    timer.abort();
  }
}

/** Milliseconds left until `deadline` (a Date.now() value). */
export const left = (deadline: number) => Math.max(0, deadline - Date.now());
