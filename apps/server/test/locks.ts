import type pg from 'pg';
import { until } from './until.ts';

// Races made deterministic: the test's own transaction holds a row (or table) lock while requests
// start, each request starting once the previous one waits on that lock, so they queue in a known
// order; then the lock is released. No sleeps: every step waits for a condition of the database.

/** Sessions of this test's database that wait on a lock. */
export async function lockWaiters(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
  return rows[0]!.n;
}

/**
 * Runs `hold` in a transaction, starts the requests one after the other while it is open, then
 * commits and answers what they answered. A request may also finish without waiting (the code
 * under test took no lock): the next one starts then too, so old code fails an assertion rather
 * than a timeout.
 */
export async function whileHeld<T>(pool: pg.Pool, hold: (client: pg.PoolClient) => Promise<unknown>, requests: (() => Promise<T>)[]): Promise<T[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await hold(client);
    let settled = 0;
    const started: Promise<T>[] = [];
    for (const request of requests) {
      const before = await lockWaiters(pool);
      const settledBefore = settled;
      started.push(request().finally(() => settled++));
      await until(
        () => lockWaiters(pool),
        (n) => n > before || settled > settledBefore,
        10_000,
      );
    }
    await client.query('commit');
    return await Promise.all(started);
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}
