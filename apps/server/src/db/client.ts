import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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

export function connect(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Database;
  return { db, pool, close: () => pool.end() };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the drizzle-kit migrations; the extensions they rely on first. */
export async function migrateDatabase(handle: Db): Promise<void> {
  await handle.pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await migrate(handle.db as Parameters<typeof migrate>[0], { migrationsFolder });
}
