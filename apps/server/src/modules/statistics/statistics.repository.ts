import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { StatBucket, StatRange } from '@wellbe/shared/schemas/statistics';

// SQL of /statistics. Every query takes the organisation the service resolved and filters on it;
// every figure is a SQL aggregate over an index or the statistics_daily counters (migration
// statistics), never a loop over consultations in Node.

/** Raw SQL through the pool's driver (node-postgres answers `{ rows }`). */
async function query<T>(db: Database, statement: SQL): Promise<{ rows: T[] }> {
  return (await db.execute(statement)) as unknown as { rows: T[] };
}

function trunc(bucket: StatBucket, day: SQL): SQL {
  return sql`date_trunc(${sql.raw(`'${bucket}'`)}, ${day})::date::text`;
}

export interface CounterRow {
  dimension: string;
  key: string;
  /** Null on the row that totals the key over the whole range. */
  start: string | null;
  count: number;
}

/**
 * The counters of a range (statistics_daily, kept by the triggers of migration statistics): per
 * dimension and key, in total and per bucket. Dimensions: consultations (`total`, `practitioner`,
 * `speciality`, `intensity`, `location`), `new_patients`, `imc` (patients by the IMC class of their
 * latest measure, on the day of their latest consultation), notices (`opinions`, `stars` = sum of
 * Star, `recommend`).
 */
export async function counters(db: Database, organizationId: string, range: StatRange, bucket: StatBucket): Promise<CounterRow[]> {
  const res = await query<{ dimension: string; key: string; start: string | null; count: string }>(db, sql`
    select dimension, key, ${trunc(bucket, sql`day`)} as start, sum(count)::bigint as count
      from statistics_daily
     where organization_id = ${organizationId} and day between ${range.from}::date and ${range.to}::date
     group by grouping sets ((dimension, key), (dimension, key, ${trunc(bucket, sql`day`)}))`);
  return res.rows.map((r) => ({ dimension: r.dimension, key: r.key, start: r.start, count: Number(r.count) }));
}

/** Totals per dimension over a range (the previous period's figures). */
export async function counterTotals(db: Database, organizationId: string, range: StatRange): Promise<Map<string, number>> {
  const res = await query<{ dimension: string; n: string }>(db, sql`
    select dimension, sum(count)::bigint as n from statistics_daily
     where organization_id = ${organizationId} and day between ${range.from}::date and ${range.to}::date
       and dimension in ('total', 'new_patients', 'opinions', 'stars', 'recommend')
     group by dimension`);
  return new Map(res.rows.map((r) => [r.dimension, Number(r.n)]));
}

/** Names of the organisation's users among `ids` (practitioners of the counters). */
export async function userNames(db: Database, organizationId: string, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const res = await query<{ id: string; name: string }>(db, sql`
    select id::text as id, trim(coalesce(nullif(trim(first_name || ' ' || last_name), ''), display_name, username)) as name
      from users where organization_id = ${organizationId} and id::text in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  return new Map(res.rows.map((r) => [r.id, r.name]));
}

export async function specialityLabels(db: Database) {
  const res = await query<{ id: number; label: string }>(db, sql`select id, label from job_specialists`);
  return new Map(res.rows.map((r) => [String(r.id), r.label]));
}
