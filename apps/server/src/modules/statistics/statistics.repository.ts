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

const TZ = sql.raw(`'Europe/Paris'`);

/** Start (inclusive) and end (exclusive) instants of a range of calendar days in Europe/Paris. */
function instants(range: StatRange) {
  return {
    start: sql`((${range.from}::date)::timestamp at time zone ${TZ})`,
    end: sql`(((${range.to}::date + 1))::timestamp at time zone ${TZ})`,
  };
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

/** Consultation counters of the range: per dimension and key, in total and per bucket. */
export async function consultationCounters(db: Database, organizationId: string, range: StatRange, bucket: StatBucket): Promise<CounterRow[]> {
  const res = await query<{ dimension: string; key: string; start: string | null; count: string }>(db, sql`
    select dimension, key, ${trunc(bucket, sql`day`)} as start, sum(count)::bigint as count
      from statistics_daily
     where organization_id = ${organizationId} and day between ${range.from}::date and ${range.to}::date
     group by grouping sets ((dimension, key), (dimension, key, ${trunc(bucket, sql`day`)}))`);
  return res.rows.map((r) => ({ dimension: r.dimension, key: r.key, start: r.start, count: Number(r.count) }));
}

/** Consultations of a range (the previous period's figure). */
export async function consultationTotal(db: Database, organizationId: string, range: StatRange): Promise<number> {
  const res = await query<{ n: string | null }>(db, sql`
    select sum(count)::bigint as n from statistics_daily
     where organization_id = ${organizationId} and dimension = 'total' and day between ${range.from}::date and ${range.to}::date`);
  return Number(res.rows[0]?.n ?? 0);
}

/** New live patients of a range: in total (start null) and per bucket. */
export async function newPatientCounts(db: Database, organizationId: string, range: StatRange, bucket: StatBucket) {
  const { start, end } = instants(range);
  const day = trunc(bucket, sql`(created_at at time zone ${TZ})`);
  const res = await query<{ start: string | null; count: string }>(db, sql`
    select ${day} as start, count(*)::bigint as count
      from patients
     where organization_id = ${organizationId} and archived_at is null and created_at >= ${start} and created_at < ${end}
     group by grouping sets ((), (${day}))`);
  return res.rows.map((r) => ({ start: r.start, count: Number(r.count) }));
}

export async function newPatientTotal(db: Database, organizationId: string, range: StatRange): Promise<number> {
  const { start, end } = instants(range);
  const res = await query<{ n: string }>(db, sql`
    select count(*)::bigint as n from patients
     where organization_id = ${organizationId} and archived_at is null and created_at >= ${start} and created_at < ${end}`);
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Patients whose latest consultation falls in the range, by the IMC class of their latest measure
 * (patients.latest_imc, kept by the statistics trigger). Bands as IMC_BANDS of packages/shared.
 */
export async function imcClassCounts(db: Database, organizationId: string, range: StatRange) {
  const { start, end } = instants(range);
  const res = await query<{ band: string; count: string }>(db, sql`
    select case when latest_imc is null then 'unknown'
                when latest_imc < 18.5 then 'underweight'
                when latest_imc < 25 then 'normal'
                when latest_imc < 30 then 'overweight'
                else 'obesity' end as band,
           count(*)::bigint as count
      from patients
     where organization_id = ${organizationId} and archived_at is null
       and last_consultation_at >= ${start} and last_consultation_at < ${end}
     group by 1`);
  return res.rows.map((r) => ({ band: r.band, count: Number(r.count) }));
}

/** Notices (SPEC §3) given in the range: count, average Star, recommendations; in total and per bucket. */
export async function noticeFigures(db: Database, organizationId: string, range: StatRange, bucket: StatBucket) {
  const { start, end } = instants(range);
  const day = trunc(bucket, sql`(created_at at time zone ${TZ})`);
  const res = await query<{ start: string | null; count: string; average: string | null; recommended: string }>(db, sql`
    select ${day} as start, count(*)::bigint as count, avg(star)::float8 as average, count(*) filter (where recommend)::bigint as recommended
      from notices
     where organization_id = ${organizationId} and created_at >= ${start} and created_at < ${end}
     group by grouping sets ((), (${day}))`);
  return res.rows.map((r) => ({ start: r.start, count: Number(r.count), average: r.average == null ? null : Number(r.average), recommended: Number(r.recommended) }));
}

export async function noticeTotal(db: Database, organizationId: string, range: StatRange) {
  const { start, end } = instants(range);
  const res = await query<{ count: string; average: string | null }>(db, sql`
    select count(*)::bigint as count, avg(star)::float8 as average from notices
     where organization_id = ${organizationId} and created_at >= ${start} and created_at < ${end}`);
  return { count: Number(res.rows[0]?.count ?? 0), average: res.rows[0]?.average == null ? null : Number(res.rows[0].average) };
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
