import { count, eq, sql } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { patients } from '../db/schema/patients.ts';
import { users } from '../access/views.ts';
import { compileRowMapper, mapRowsOnce } from './row-mapper.ts';

// The compiled mapper must answer what Drizzle's own mapResultRow answers for every row, the
// objects of a left join that found nothing (null) and decoded values (a timestamp's Date) included.
// Preparing a statement does not connect: the pool never opens a connection here.
const db = drizzle(new pg.Pool({ max: 1 }));
// Drizzle's own mapper, which its typings leave out (internal): the reference to compare with.
const { mapResultRow } = drizzleUtils as unknown as { mapResultRow: (fields: unknown, row: unknown[], joins?: Record<string, boolean>) => unknown };

interface Inspectable {
  fields: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

function compare(statement: Inspectable, rows: unknown[][]) {
  const drizzleOwn = rows.map((row) => mapResultRow(statement.fields, row, statement.joinsNotNullableMap));
  expect(compileRowMapper(statement.fields, statement.joinsNotNullableMap)(rows)).toEqual(drizzleOwn);
  return drizzleOwn;
}

describe('compiled row mapper (prepared statements)', () => {
  it('maps the list’s page like Drizzle: a CTE left-joined to a total, an empty page answering a null row', () => {
    const page = db.$with('page').as(db.select({ id: patients.id, fullName: patients.fullName, lastConsultationAt: patients.lastConsultationAt }).from(patients));
    const total = db.$with('total').as(db.select({ n: count().as('n') }).from(patients));
    const statement = db
      .with(page, total)
      .select({ n: total.n, row: { id: page.id, fullName: page.fullName, lastConsultationAt: page.lastConsultationAt } })
      .from(total)
      .leftJoin(page, sql`true`)
      .prepare('row_mapper_test_page') as unknown as Inspectable;
    const mapped = compare(statement, [
      [3, 'a0000000-0000-4000-8000-000000000001', 'Adèle Aubert', '2026-08-16 23:53:07.313+00'],
      [3, 'a0000000-0000-4000-8000-000000000002', 'Bruno Petit', null],
      [0, null, null, null],
    ]);
    expect(mapped[0]).toEqual({ n: 3, row: { id: 'a0000000-0000-4000-8000-000000000001', fullName: 'Adèle Aubert', lastConsultationAt: new Date('2026-08-16T23:53:07.313Z') } });
    expect(mapped[1]).toMatchObject({ row: { lastConsultationAt: null } });
    expect(mapped[2]).toEqual({ n: 0, row: null });
  });

  it('maps a flat select with a left join like Drizzle: a join that found nothing reads null values', () => {
    const statement = db
      .select({ id: patients.id, archivedAt: patients.archivedAt, archivedByName: users.displayName })
      .from(patients)
      .leftJoin(users, eq(users.id, patients.archivedBy))
      .prepare('row_mapper_test_flat') as unknown as Inspectable;
    compare(statement, [
      ['a0000000-0000-4000-8000-000000000001', '2026-01-02 03:04:05+00', 'Dr Martin'],
      ['a0000000-0000-4000-8000-000000000002', null, null],
    ]);
  });

  it('is installed on a prepared select only, never over a mapper of its own', () => {
    const select = mapRowsOnce(db.select({ id: patients.id }).from(patients).prepare('row_mapper_test_installed')) as unknown as Inspectable;
    expect(select.customResultMapper).toBeTypeOf('function');
    const own = () => [];
    expect(mapRowsOnce({ fields: select.fields, customResultMapper: own }).customResultMapper).toBe(own);
    expect(mapRowsOnce<Inspectable>({ fields: undefined as never }).customResultMapper).toBeUndefined();
  });
});
