import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** A transaction of the application's database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * One counter row of a numbered series (invoices, clinical documents…): its table, the values that
 * create it (the organisation, the year and any further key), the column holding the last number
 * taken and the condition naming that row (built with the caller's scope).
 */
export interface Counter<T extends PgTable> {
  table: T;
  create: Record<string, unknown>;
  last: PgColumn;
  row: SQL | undefined;
}

/**
 * The next number of a series, taken inside the caller's transaction: the row is created if missing,
 * then incremented with UPDATE … RETURNING, whose row lock lasts until that transaction ends. Another
 * issue of the same series waits for it, and a rollback gives the number back: a series never has a
 * gap nor a repeat.
 */
export async function nextInSeries<T extends PgTable>(tx: Tx, counter: Counter<T>): Promise<number> {
  const key = Object.entries(getTableColumns(counter.table)).find(([, column]) => column === counter.last)?.[0];
  if (!key) throw new Error('counter column not in its table');
  // Typed per table by the callers' Counter; Drizzle cannot check a value keyed by a computed name.
  await tx
    .insert(counter.table)
    .values({ ...counter.create, [key]: 0 } as T['$inferInsert'])
    .onConflictDoNothing();
  const [row] = await tx
    .update(counter.table)
    .set({ [key]: sql`${counter.last} + 1` } as never)
    .where(counter.row)
    .returning({ n: counter.last });
  return Number(row.n);
}
