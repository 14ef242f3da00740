import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrateJobs } from '../lib/jobs/jobs.ts';
import { seedFoods } from './seed/foods.ts';
import { seedMedicines } from './seed/medicines.ts';
import { seedSportLibrary } from './seed/sport/index.ts';
import * as schema from './tables.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface Db {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

// Dates stay strings for `date` columns (a calendar day has no time zone).
pg.types.setTypeParser(1082, (v) => v);

/** A pool's query method: for the hot reads run as named (prepared) statements of node-postgres, of a fixed shape. */
export type Queryable = Pick<pg.Pool, 'query'>;

function openPool(url: string, max: number): pg.Pool {
  // A transaction left open by a bug would hold back every live event (real time delivers in commit
  // order up to the oldest running transaction, lib/realtime/hub.ts): PostgreSQL ends it after 60 s idle.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, idle_in_transaction_session_timeout: 60_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** The URL with a setting for its sessions (`options=-c …`), after the URL's own options if it has any. */
export function withSetting(url: string, setting: string): string {
  const u = new URL(url);
  u.searchParams.set('options', [u.searchParams.get('options'), `-c ${setting}`].filter(Boolean).join(' '));
  return u.toString();
}

/** The replanned handle of each database connect() opened (replannedOf). */
const replanned = new WeakMap<Database, { db: Database; pool: pg.Pool }>();

export function connect(url: string, max = 10): Db {
  const pool = openPool(url, max);
  const db = drizzle(pool, { schema }) as unknown as Database;
  // A few sessions of their own for the statements that must be planned for each execution's values
  // (the list's search, lib/prepared.ts replannedOnce): named, they are parsed once per session, and
  // `plan_cache_mode = force_custom_plan` keeps PostgreSQL from settling on one generic plan (which
  // served « e » in 17–29 ms instead of 0.3, docs/scaling.md). Set by the session's start-up packet
  // (no query more). Opened only when first used.
  const other = openPool(withSetting(url, 'plan_cache_mode=force_custom_plan'), Math.max(1, Math.ceil(max / 2)));
  replanned.set(db, { db: drizzle(other, { schema }) as unknown as Database, pool: other });
  return { db, pool, close: async () => void (await Promise.all([pool.end(), other.end()])) };
}

/**
 * The handle whose sessions plan every execution of a named statement for its own values
 * (`plan_cache_mode = force_custom_plan`), beside `db`; none for a handle connect() did not open
 * (a transaction's: its statements must run in it).
 */
export function replannedOf(db: Database): { db: Database; pool: pg.Pool } | undefined {
  return replanned.get(db);
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How many migrations this code base ships (drizzle-kit's journal). */
function shippedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

async function appliedMigrations(pool: pg.Pool | pg.PoolClient): Promise<number> {
  // Two statements: a query naming a missing table fails when parsed, even in an untaken branch.
  const { rows } = await pool.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!rows[0].t) return 0;
  const count = await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  return count.rows[0].n;
}

/** Readiness: whether every migration of this code base is applied to the database. */
export async function migrationsApplied(pool: pg.Pool): Promise<boolean> {
  return (await appliedMigrations(pool)) >= shippedMigrations();
}

/**
 * Applies the drizzle-kit migrations (the extensions they rely on first) and the job tables, under
 * a PostgreSQL advisory lock: app servers starting together wait for each other, so each migration
 * is applied once, by whichever got the lock first; the others find nothing left to do. Answers
 * how many migrations this call applied.
 */
export async function migrateDatabase(handle: Db, thenUnderLock?: () => Promise<void>): Promise<number> {
  const client = await handle.pool.connect();
  // Checked out, the client has lost the pool's 'error' listener (pg-pool removes it): PostgreSQL
  // stopped under this idle lock holder (a SIGTERM during the start stops the embedded one) was an
  // uncaught 'error' and exit code 1, where the start gives up through the next query's rejection
  // and exits 0 (lifecycle.test.ts; a fresh-clone CI met it on a slow host).
  const ignore = () => {};
  client.on('error', ignore);
  try {
    await client.query(`select pg_advisory_lock(hashtext('wellbe.migrations'))`);
    try {
      const before = await appliedMigrations(client);
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migrate(handle.db as Parameters<typeof migrate>[0], { migrationsFolder });
      await migrateJobs(handle.pool);
      await seedFoods(handle.db);
      await seedMedicines(handle.db);
      await seedSportLibrary(handle.db);
      const applied = (await appliedMigrations(client)) - before;
      // The first data (demo or first administrator) too: two servers must not both create it.
      await thenUnderLock?.();
      return applied;
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('wellbe.migrations'))`);
    }
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}
