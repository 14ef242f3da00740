import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import type { Tx } from '../numbering.ts';
import { appMeta } from '../tables.ts';

// Reference data (the Ciqual foods, the BDPM medicines, the sport library) is not demo data: every
// database gets it right after its migrations, under the migration lock (db/client.ts), once per
// version. The app_meta row `key` records the version loaded; it is written in the same
// transaction as the rows, so a crash mid-load leaves neither and the next start loads again.

export interface ReferenceData {
  /** The app_meta key recording the version loaded ('ciqual', 'bdpm', 'sport-library'). */
  key: string;
  version: string;
  /**
   * Whether another version already loaded is replaced (the loader deletes the old rows itself).
   * When false, a first load is never redone: patients' meals and programs point at those rows,
   * and their importers (npm run foods:import) update them in place.
   */
  replaces?: boolean;
  /** Tables analysed after the load, so the planner knows their size at the first search. */
  analyze?: PgTable[];
}

/** Loads one reference data set unless its version is there; answers whether it loaded. */
export async function loadReferenceOnce(db: Database, ref: ReferenceData, load: (tx: Tx) => Promise<void>): Promise<boolean> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, ref.key)).limit(1);
  if (done && (done.value === ref.version || !ref.replaces)) return false;
  await db.transaction(async (tx) => {
    await load(tx);
    await tx
      .insert(appMeta)
      .values({ key: ref.key, value: ref.version })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: ref.version, updatedAt: new Date() } });
  });
  for (const table of ref.analyze ?? []) await db.execute(sql`analyze ${table}`);
  return true;
}

/** Inserts rows `size` at a time: one statement's parameters stay under PostgreSQL's 65,535. */
export async function insertInBatches<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][], size: number): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await tx.insert(table).values(rows.slice(i, i + size));
}
