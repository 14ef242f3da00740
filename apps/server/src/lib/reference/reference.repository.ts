import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ReferenceLabels } from '@wellbe/shared/schemas/reference';
import type { Database } from '../../db/client.ts';

// The SQL of every reference table (packages/shared schemas/reference.ts): small integer ids, a
// French label and its four languages, an order and an active flag, plus the resource's own
// columns. A resource's table spreads referenceColumns() (db/schema/columns.ts) beside id, label
// and labels; this file is the only code that reads or writes those rows.

export interface ReferenceColumns {
  id: PgColumn;
  label: PgColumn;
  labels: PgColumn;
  position: PgColumn;
  active: PgColumn;
}

export type ReferenceTable = PgTable & ReferenceColumns;

/** A reference row as stored: the kit's columns and the resource's own. */
export type ReferenceRow = { id: number; label: string; labels: ReferenceLabels; position: number; active: boolean } & Record<string, unknown>;

/**
 * `scope`: the rows a call reaches, for tables whose rows have owners (access/catalogs.ts), applied
 * inside each query: a row outside it is never read. Undefined: every row.
 */
export interface ReferenceRepository {
  list(filter: { activeOnly: boolean }, scope?: SQL): Promise<ReferenceRow[]>;
  find(id: number, scope?: SQL): Promise<ReferenceRow | undefined>;
  insert(values: { labels: ReferenceLabels; active?: boolean } & Record<string, unknown>): Promise<ReferenceRow>;
  update(id: number, values: { labels?: ReferenceLabels; active?: boolean } & Record<string, unknown>, scope?: SQL): Promise<ReferenceRow | undefined>;
  /** Sets the positions to the order of `ids` (every id of the scope, once); false otherwise. */
  reorder(ids: number[], scope?: SQL): Promise<boolean>;
}

export function referenceRepository(db: Database, table: ReferenceTable): ReferenceRepository {
  // Drizzle's builders are typed per table; the kit works on any table carrying its columns.
  const t = table as any;
  const order: SQL[] = [asc(table.position), asc(table.id)];
  return {
    async list({ activeOnly }, scope) {
      const rows = await db
        .select()
        .from(t)
        .where(and(activeOnly ? eq(table.active, true) : undefined, scope))
        .orderBy(...order);
      return rows as unknown as ReferenceRow[];
    },
    async find(id, scope) {
      const [row] = (await db.select().from(t).where(and(eq(table.id, id), scope)).limit(1)) as unknown as ReferenceRow[];
      return row;
    },
    async insert({ labels, ...rest }) {
      // A new row goes last.
      const [row] = (await db
        .insert(t)
        .values({ ...rest, labels, label: labels.fr, position: sql`(select coalesce(max(${table.position}), 0) + 1 from ${table})` })
        .returning()) as unknown as ReferenceRow[];
      return row;
    },
    async update(id, { labels, ...rest }, scope) {
      const set = { ...rest, ...(labels ? { labels, label: labels.fr } : {}) };
      if (Object.keys(set).length === 0) return this.find(id, scope);
      const [row] = (await db.update(t).set(set).where(and(eq(table.id, id), scope)).returning()) as unknown as ReferenceRow[];
      return row;
    },
    async reorder(ids, scope) {
      return db.transaction(async (tx) => {
        const rows = (await tx.select({ id: table.id }).from(t).where(scope).for('update')) as { id: number }[];
        const known = new Set(rows.map((r) => r.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) return false;
        for (const [index, id] of ids.entries()) await tx.update(t).set({ position: index + 1 }).where(eq(table.id, id));
        return true;
      });
    },
  };
}
