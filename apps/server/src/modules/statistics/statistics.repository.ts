import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orgWhere, type OneOrgScope } from '../../access/index.ts';
import { orgScopeParams, preparedOrgScope } from '../../access/filters.ts';
import { preparedSql } from '../../lib/prepared.ts';
import type { StatBucket, StatRange } from '@wellbe/shared/schemas/statistics';

// SQL of /statistics. Every query takes the organisation scope the service resolved and applies it
// with orgWhere (an aggregate over other areas' tables, hence raw SQL);
// every figure is a SQL aggregate over an index or the statistics_daily counters (migration
// statistics), never a loop over consultations in Node.


/**
 * The first day of a day's bucket. On a timestamp without time zone: date_trunc on a date would go
 * through timestamptz and the session's time zone for every counter row (twice the aggregate's time
 * on a year of counters); a counter's day is already the organisation's calendar day.
 */
function trunc(bucket: StatBucket, day: SQL): SQL {
  return sql`date_trunc(${sql.raw(`'${bucket}'`)}, ${day}::timestamp)::date::text`;
}

export interface CounterRow {
  /** A total of the previous period (start is then null). */
  previous: boolean;
  dimension: string;
  key: string;
  /** Null on the row that totals the key over the whole range. */
  start: string | null;
  count: number;
  /** The practitioner's name or the speciality's label, on the total rows of those dimensions. */
  label: string | null;
}

/**
 * The counters of a range and of the previous one, in one round trip (statistics_daily, kept by
 * the triggers of migration statistics): per dimension and key, in total and per bucket, with the
 * names of the practitioners (of this organisation only) and the specialities' labels.
 * Dimensions: consultations (`total`, `practitioner`, `speciality`, `intensity`, `location`),
 * `new_patients`, `imc` (patients by the IMC class of their latest measure, on the day of their
 * latest consultation), notices (`opinions`, `stars` = sum of Star, `recommend`).
 */
export async function counters(db: Database, own: OneOrgScope, range: StatRange, previous: StatRange, bucket: StatBucket): Promise<CounterRow[]> {
  // Prepared once per bucket (issue 31, lib/prepared): the organisation and both ranges bound per call.
  const statement = preparedSql<{ previous: boolean; dimension: string; key: string; start: string | null; count: string; label: string | null }>(db, `statistics_counters_${bucket}`, () =>
    countersSql(preparedOrgScope(own), bucket),
  );
  const res = await statement.execute({ ...orgScopeParams(own), range_from: range.from, range_to: range.to, previous_from: previous.from, previous_to: previous.to });
  const rows: CounterRow[] = res.rows.map((r) => ({ previous: r.previous, dimension: r.dimension, key: r.key, start: r.start, count: Number(r.count), label: r.label }));
  const totals = new Map<string, CounterRow>();
  for (const r of rows) {
    if (r.previous) continue;
    const id = `${r.dimension}\u0000${r.key}`;
    const total = totals.get(id);
    if (total) total.count += r.count;
    else totals.set(id, { previous: false, dimension: r.dimension, key: r.key, start: null, count: r.count, label: r.label });
  }
  return [...rows, ...totals.values()];
}

/** The statement of `counters`, the ranges placeholders. */
function countersSql(scope: OneOrgScope, bucket: StatBucket): SQL {
  const start = trunc(bucket, sql`day`);
  const [rangeFrom, rangeTo, previousFrom, previousTo] = ['range_from', 'range_to', 'previous_from', 'previous_to'].map((name) => sql.placeholder(name));
  // Grouped per bucket only: the totals of the range are the sums of its buckets, added below (a
  // grouping set for them doubled the aggregate's time on a year of counters).
  return sql`
    select c.previous, c.dimension, c.key, c.start, c.count,
           case when c.dimension = 'practitioner' then trim(coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.display_name, u.username))
                when c.dimension = 'speciality' then j.label end as label
      from (select false as previous, dimension, key, ${start} as start, sum(count)::bigint as count
              from statistics_daily
             where ${orgWhere(scope, sql`organization_id`)} and day between ${rangeFrom}::date and ${rangeTo}::date
             group by dimension, key, ${start}
            union all
            select true, dimension, key, null, sum(count)::bigint
              from statistics_daily
             where ${orgWhere(scope, sql`organization_id`)} and day between ${previousFrom}::date and ${previousTo}::date
               and dimension in ('total', 'new_patients', 'opinions', 'stars', 'recommend')
             group by dimension, key) c
      left join users u on c.dimension = 'practitioner' and ${orgWhere(scope, sql`u.organization_id`)} and u.id::text = c.key
      left join job_specialists j on c.dimension = 'speciality' and j.id::text = c.key`;
}
